import Foundation

/// Which addresses reach this machine only.
public enum Loopback {
    /// Whether `host` names this machine only: `localhost` (any case), 127.0.0.0/8, or ::1 (written any way).
    public static func isLoopback(_ host: String) -> Bool {
        if host.lowercased() == "localhost" { return true }
        var v4 = in_addr()
        if inet_pton(AF_INET, host, &v4) == 1 { return UInt32(bigEndian: v4.s_addr) >> 24 == 127 }
        var v6 = in6_addr(), loopback = in6addr_loopback
        return inet_pton(AF_INET6, host, &v6) == 1 && memcmp(&v6, &loopback, MemoryLayout<in6_addr>.size) == 0
    }
}
