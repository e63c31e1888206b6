import Foundation
import HummingbirdCore

/// How many connections a loopback server holds open at once. At the bound the server channel stops accepting: a
/// new connection waits in the kernel's listen queue, holding no descriptor of this process, and is accepted when an
/// open one closes. NIO accepts up to four connections per wake-up before the bound is asked again, so at most three
/// more than the bound are ever open.
public enum ConnectionBound {
    /// 128: room for a few browser tabs, each with six connections beside an event stream (at most 64 streams are
    /// open), while connections, served files and encoder pipes stay well under the usual limit of 1024 descriptors.
    public static let standard = 128

    /// Descriptors kept free beside the connections for the server's own work: files in transfer, a render's fonts
    /// and images, an export's encoder pipes, the scene watcher.
    public static let reserved = 48

    /// `maximum`, or fewer when the limit on open descriptors (`ulimit -n`) would not hold that many beside the
    /// `open` descriptors and `reserved` more: a server at its descriptor limit fails every accept with EMFILE and
    /// NIO tries again at once, spinning a core for as long as the connections stay open. At least 1.
    public static func fitting(_ maximum: Int, descriptorLimit: Int?, open: Int) -> Int {
        guard let descriptorLimit else { return max(1, maximum) }
        return max(1, min(maximum, descriptorLimit - open - reserved - 3))
    }

    /// `fitting` for this process now: its soft descriptor limit and the descriptors it has open.
    static func fittingThisProcess(_ maximum: Int) -> Int {
        var limit = rlimit()
        // No limit (RLIM_INFINITY, all bits set) is beyond any Int.
        let soft = getrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limit) == 0 && limit.rlim_cur < rlim_t(Int.max)
            ? Int(limit.rlim_cur) : nil
        let open = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").count) ?? 0
        return fitting(maximum, descriptorLimit: soft, open: open)
    }

    /// Hummingbird's counter of open connections, consulted before each accept.
    static func delegate(maximum: Int) -> any AvailableConnectionsDelegate {
        MaximumAvailableConnections(fittingThisProcess(maximum))
    }
}
