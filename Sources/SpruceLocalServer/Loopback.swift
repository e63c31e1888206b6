import Foundation

/// Which addresses reach this machine only, decided by the address a host resolves to, not by how it is spelled.
public enum Loopback {
    /// Whether every address `host` resolves to is this machine's only (127.0.0.0/8 or ::1): `localhost`, `127.1`,
    /// `127.000.000.001`, `::1` and `[::1]` are; a host that resolves to nothing is not.
    public static func isLoopback(_ host: String) -> Bool {
        let addresses = resolved(unbracketed(host), flags: 0)
        return !addresses.isEmpty && addresses.allSatisfy { $0 == "::1" || $0.hasPrefix("127.") }
    }

    /// The address `host` spells as a number, written the usual way (`127.1` → `127.0.0.1`, `[0:0::1]` → `::1`);
    /// nil for a name. Never asks a name server.
    public static func numeric(_ host: String) -> String? {
        resolved(unbracketed(host), flags: AI_NUMERICHOST).first
    }

    /// `host` without the brackets of a URL's IPv6 address (`[::1]` → `::1`); any other text as it is.
    public static func unbracketed(_ host: String) -> String {
        guard host.hasPrefix("["), host.hasSuffix("]"), host.contains(":") else { return host }
        return String(host.dropFirst().dropLast())
    }

    /// The numeric addresses `host` resolves to, at most 16.
    private static func resolved(_ host: String, flags: Int32) -> [String] {
        var hints = addrinfo()
        hints.ai_flags = flags
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var list: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(host, nil, &hints, &list) == 0 else { return [] }
        defer { freeaddrinfo(list) }
        var addresses: [String] = []
        var next = list
        while let entry = next, addresses.count < 16 {
            var text = [CChar](repeating: 0, count: Int(NI_MAXHOST))
            if getnameinfo(entry.pointee.ai_addr, entry.pointee.ai_addrlen, &text, socklen_t(text.count), nil, 0, NI_NUMERICHOST) == 0 {
                addresses.append(String(cString: text))
            }
            next = entry.pointee.ai_next
        }
        return addresses
    }
}
