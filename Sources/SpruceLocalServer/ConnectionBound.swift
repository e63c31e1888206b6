import HummingbirdCore

/// How many connections a loopback server holds open at once. At the bound the server channel stops accepting: a
/// new connection waits in the kernel's listen queue, holding no descriptor of this process, and is accepted when an
/// open one closes. NIO accepts up to four connections per wake-up before the bound is asked again, so at most three
/// more than the bound are ever open.
public enum ConnectionBound {
    /// 128: room for a few browser tabs, each with six connections beside an event stream (at most 64 streams are
    /// open), while connections, served files and encoder pipes stay well under the usual limit of 1024 descriptors.
    public static let standard = 128

    /// Hummingbird's counter of open connections, consulted before each accept.
    static func delegate(maximum: Int) -> any AvailableConnectionsDelegate {
        MaximumAvailableConnections(max(1, maximum))
    }
}
