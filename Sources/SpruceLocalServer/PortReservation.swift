import Foundation

/// A port held before a server is ready to serve on it (a review plays every scene first): a socket bound and
/// listening on `host`:`port` (the first address `host` resolves to, as the server binds), accepting nothing, so
/// that a port in use is said at once and no other program takes the port meanwhile. `release` closes it just before
/// the server binds the same port; a connection that came meanwhile waits unaccepted and is refused then.
public final class PortReservation: @unchecked Sendable {
    /// Why the port could not be held, in one line: `bind: Address already in use (errno: 98)`.
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// The port held (the one picked when asked for 0).
    public let port: Int
    private var socket: Int32

    public init(host: String, port: Int) throws {
        var hints = addrinfo()
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        hints.ai_flags = AI_NUMERICSERV
        var list: UnsafeMutablePointer<addrinfo>?
        let resolved = getaddrinfo(host, String(port), &hints, &list)
        guard resolved == 0, let first = list?.pointee else {
            throw Failure(description: "cannot resolve \(host): \(String(cString: gai_strerror(resolved)))")
        }
        defer { freeaddrinfo(list) }
        let fd = Glibc.socket(first.ai_family, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw Self.failure("socket") }
        var one: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
        var bound = sockaddr_storage(), length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        guard bind(fd, first.ai_addr, first.ai_addrlen) == 0, listen(fd, 1) == 0,
              withUnsafeMutablePointer(to: &bound, { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) } }) == 0 else {
            let failure = Self.failure("bind")
            close(fd)
            throw failure
        }
        socket = fd
        let family = bound.ss_family
        self.port = withUnsafePointer(to: &bound) { pointer in
            Int(UInt16(bigEndian: family == sa_family_t(AF_INET6)
                ? pointer.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { $0.pointee.sin6_port }
                : pointer.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { $0.pointee.sin_port }))
        }
    }

    /// Closes the socket; the port is free for the server. Later calls do nothing.
    public func release() {
        if socket >= 0 { close(socket) }
        socket = -1
    }

    deinit { release() }

    private static func failure(_ call: String) -> Failure {
        let code = errno
        return Failure(description: "\(call): \(String(cString: strerror(code))) (errno: \(code))")
    }
}
