import Foundation

/// What the kernel shows of this process's sockets: its open descriptors, and the connections waiting to be
/// accepted on a loopback listener.
enum SocketCounts {
    /// Entries of /proc/self/fd: every descriptor this process holds.
    static func openDescriptors() -> Int {
        (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").count) ?? -1
    }

    /// Connections in the accept queue of the IPv4 listener on 127.0.0.1:`port` (a listener's rx_queue in
    /// /proc/net/tcp), or nil when there is no such listener.
    static func listenQueue(port: Int) -> Int? {
        guard let table = try? String(contentsOfFile: "/proc/net/tcp", encoding: .utf8) else { return nil }
        let local = "0100007F:" + String(format: "%04X", port)
        for line in table.split(separator: "\n").dropFirst() {
            let fields = line.split(separator: " ")
            guard fields.count > 4, fields[1] == local, fields[3] == "0A" else { continue }
            return fields[4].split(separator: ":").last.flatMap { Int($0, radix: 16) }
        }
        return nil
    }

    /// Whether `condition` holds within `seconds`, asked every 10 ms (a safety net, not a timing assertion).
    static func eventually(within seconds: Double, _ condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while !condition() {
            if Date() >= deadline { return false }
            usleep(10_000)
        }
        return true
    }
}
