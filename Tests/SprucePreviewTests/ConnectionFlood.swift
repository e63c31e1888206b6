import Foundation

/// `bound + beyond` idle connections to a server, each an unfinished request head (the way a hostile local client
/// exhausted the process's descriptors), then a whole request past the bound, then the idle ones closed. It runs on
/// a thread of its own: its blocking waits leave Swift's cooperative threads (two on a two-core machine) to the
/// server under test, which shares this process.
struct ConnectionFlood {
    let port: Int
    let bound: Int
    /// The head of the whole request sent past the bound (without its closing blank line).
    let request: [String]
    var beyond = 40

    /// What the flood saw.
    struct Report {
        /// The server accepted `bound` of the idle connections (within 60 s): the listener's queue holds the rest.
        var filled = false
        /// Descriptors the server held while the idle connections and the request past the bound were open.
        var held = 0
        /// The request past the bound was answered while the idle connections were open (within 1 s).
        var answeredPastBound = false
        /// The status of the request past the bound, once the idle connections closed.
        var statusAfter = 0
        /// The server went back to the descriptors it held before the flood, give or take `slack` (within 60 s).
        var freed = false
        var heldAfter = 0
    }

    /// Runs the flood on its own thread.
    func run(slack: Int) async throws -> Report {
        try await withCheckedThrowingContinuation { (done: CheckedContinuation<Report, Error>) in
            Thread { done.resume(with: Result { try flood(slack: slack) }) }.start()
        }
    }

    private func flood(slack: Int) throws -> Report {
        var report = Report()
        let before = SocketCounts.openDescriptors()
        // Descriptors the server holds: all of this process's but those of the flood's own sockets.
        func held(_ own: Int) -> Int { SocketCounts.openDescriptors() - before - own }
        let client = RawHTTP(port: port)
        var idle: [Int32] = []
        defer { idle.forEach { close($0) } }
        for _ in 0..<(bound + beyond) {
            let fd = try client.connect()
            idle.append(fd)
            try client.write(fd, Data("GET /state HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n".utf8))
        }
        // Counted from the listener's queue, not from descriptors: a descriptor the process held when `before` was
        // taken and closed since (the last request's connection, a file the server read) would hide one of the bound.
        let sent = idle.count
        report.filled = SocketCounts.eventually(within: 60) { sent - (SocketCounts.listenQueue(port: port) ?? sent) >= bound }

        let waiting = try client.connect()
        defer { close(waiting) }
        try client.write(waiting, Data((request + ["Connection: close", "", ""]).joined(separator: "\r\n").utf8))
        var ready = pollfd(fd: waiting, events: Int16(POLLIN), revents: 0)
        report.answeredPastBound = poll(&ready, 1, 1000) != 0
        report.held = held(idle.count + 1)

        idle.forEach { close($0) }
        idle = []
        report.statusAfter = try RawHTTP.parse(client.readAll(waiting)).status
        report.freed = SocketCounts.eventually(within: 60) { held(1) <= slack }
        report.heldAfter = held(1)
        return report
    }
}
