import Foundation

/// A minimal HTTP/1.1 client on a plain socket, so tests send exactly the bytes they mean: a `..` that no URL
/// library normalizes away, a forged Host or Origin header, a body larger than it says.
struct RawHTTP {
    let port: Int
    /// Sent with every request before the request's own (a server's token).
    var headers: [(String, String)] = []

    struct Reply {
        let status: Int
        let headers: [String: String]
        let body: Data
        var text: String { String(decoding: body, as: UTF8.self) }
        var json: [String: Any] { (try? JSONSerialization.jsonObject(with: body)) as? [String: Any] ?? [:] }
    }

    struct Failure: Error, CustomStringConvertible { let description: String }

    /// A client of a server started on an ephemeral port, once `port` tells it (within a minute).
    static func waiting(for port: () -> Int?) throws -> RawHTTP {
        let deadline = Date().addingTimeInterval(60)
        while port() == nil, Date() < deadline { usleep(10_000) }
        guard let port = port() else { throw Failure(description: "the server did not start") }
        return RawHTTP(port: port)
    }

    /// `host: nil` sends no Host header; by default the server's own address.
    func send(_ method: String, _ target: String, host: String? = "", headers: [(String, String)] = [], body: Data? = nil) throws -> Reply {
        let fd = try connect()
        defer { close(fd) }
        var head = "\(method) \(target) HTTP/1.1\r\n"
        if let host { head += "Host: \(host.isEmpty ? "127.0.0.1:\(port)" : host)\r\n" }
        let headers = self.headers + headers
        for (k, v) in headers { head += "\(k): \(v)\r\n" }
        if let body, !headers.contains(where: { ["content-length", "transfer-encoding"].contains($0.0.lowercased()) }) { head += "Content-Length: \(body.count)\r\n" }
        head += "Connection: close\r\n\r\n"
        try write(fd, Data(head.utf8) + (body ?? Data()))
        return try Self.parse(readAll(fd))
    }

    func get(_ target: String, host: String? = "", headers: [(String, String)] = []) throws -> Reply {
        try send("GET", target, host: host, headers: headers)
    }

    func post(_ target: String, json: Any, headers: [(String, String)] = []) throws -> Reply {
        try send("POST", target, headers: [("Content-Type", "application/json")] + headers,
                 body: try JSONSerialization.data(withJSONObject: json))
    }

    /// `receiveBuffer` is set before connecting, so the window the client offers is that small from the start.
    func connect(timeout: Int = 60, receiveBuffer: Int32? = nil) throws -> Int32 {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw Failure(description: "socket: \(errno)") }
        var tv = timeval(tv_sec: timeout, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, socklen_t(MemoryLayout<timeval>.size))
        if var size = receiveBuffer { setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size)) }
        var addr = sockaddr_in()
        addr.sin_family = sa_family_t(AF_INET)
        addr.sin_port = in_port_t(UInt16(port).bigEndian)
        addr.sin_addr.s_addr = inet_addr("127.0.0.1")
        let ok = withUnsafePointer(to: &addr) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) } }
        guard ok == 0 else { close(fd); throw Failure(description: "connect to port \(port): \(String(cString: strerror(errno)))") }
        return fd
    }

    func write(_ fd: Int32, _ data: Data) throws {
        try data.withUnsafeBytes { raw in
            var sent = 0
            while sent < raw.count {
                let n = Glibc.send(fd, raw.baseAddress! + sent, raw.count - sent, Int32(MSG_NOSIGNAL))
                guard n > 0 else { throw Failure(description: "send: \(errno)") }
                sent += n
            }
        }
    }

    /// The status of the reply arriving on `fd`, reading its status line and nothing more.
    func status(_ fd: Int32) throws -> Int {
        var line = Data()
        var byte: UInt8 = 0
        while line.count < 64, line.last != 0x0A {
            guard recv(fd, &byte, 1, 0) == 1 else { throw Failure(description: "no status line (\(line.count) bytes)") }
            line.append(byte)
        }
        return try Self.status(ofLine: String(decoding: line, as: UTF8.self))
    }

    /// The status code of "HTTP/1.1 200 OK".
    static func status(ofLine line: String) throws -> Int {
        let parts = line.split(separator: " ")
        guard parts.count >= 2, let status = Int(parts[1]) else { throw Failure(description: "bad status line \(line)") }
        return status
    }

    func readAll(_ fd: Int32) throws -> Data {
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = recv(fd, &buffer, buffer.count, 0)
            if n > 0 { data.append(buffer, count: n); continue }
            if n == 0 || errno == ECONNRESET { return data }
            throw Failure(description: "recv: \(String(cString: strerror(errno)))")
        }
    }

    static func parse(_ data: Data) throws -> Reply {
        guard let end = data.range(of: Data("\r\n\r\n".utf8)) else { throw Failure(description: "no HTTP head in \(data.count) bytes") }
        let lines = String(decoding: data[..<end.lowerBound], as: UTF8.self).components(separatedBy: "\r\n")
        let status = try status(ofLine: lines[0])
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            if let colon = line.firstIndex(of: ":") {
                headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            }
        }
        var body = Data(data[end.upperBound...])
        if headers["transfer-encoding"]?.lowercased() == "chunked" { body = dechunk(body) }
        return Reply(status: status, headers: headers, body: body)
    }

    static func dechunk(_ data: Data) -> Data {
        var out = Data()
        var i = data.startIndex
        while let lineEnd = data[i...].range(of: Data("\r\n".utf8)) {
            let sizeText = String(decoding: data[i..<lineEnd.lowerBound], as: UTF8.self).split(separator: ";")[0]
            guard let size = Int(sizeText, radix: 16), size > 0 else { break }
            let start = lineEnd.upperBound
            guard data.distance(from: start, to: data.endIndex) >= size else { out.append(data[start...]); break }
            let stop = data.index(start, offsetBy: size)
            out.append(data[start..<stop])
            i = data.index(stop, offsetBy: 2, limitedBy: data.endIndex) ?? data.endIndex
        }
        return out
    }
}

/// An open `/events` stream: `next(where:)` waits (bounded) for an event whose JSON passes the test.
final class EventStream {
    let fd: Int32
    private var pending = Data()

    /// `token`: the server's, sent as the page sends it (`?token=`).
    init(port: Int, host: String? = nil, token: String) throws {
        let client = RawHTTP(port: port)
        fd = try client.connect(timeout: 1)
        let target = "/events?token=\(token)"
        try client.write(fd, Data("GET \(target) HTTP/1.1\r\nHost: \(host ?? "127.0.0.1:\(port)")\r\nAccept: text/event-stream\r\n\r\n".utf8))
    }

    deinit { close(fd) }

    /// States in order; gives up after `seconds` (a bound, not a timing assertion).
    func next(within seconds: Double = 30, where test: ([String: Any]) -> Bool) throws -> [String: Any]? {
        let deadline = Date().addingTimeInterval(seconds)
        var buffer = [UInt8](repeating: 0, count: 65536)
        while Date() < deadline {
            while let lineEnd = pending.range(of: Data("\n".utf8)) {
                let line = String(decoding: pending[pending.startIndex..<lineEnd.lowerBound], as: UTF8.self)
                pending.removeSubrange(pending.startIndex..<lineEnd.upperBound)
                if line.hasPrefix("data: "), let object = try? JSONSerialization.jsonObject(with: Data(line.dropFirst(6).utf8)) as? [String: Any],
                   test(object) {
                    return object
                }
            }
            let n = recv(fd, &buffer, buffer.count, 0)
            if n > 0 { pending.append(buffer, count: n) } else if n == 0 { return nil }
        }
        return nil
    }

    /// Whether the server closed the stream (bounded wait).
    func closed(within seconds: Double) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        var buffer = [UInt8](repeating: 0, count: 65536)
        while Date() < deadline {
            let n = recv(fd, &buffer, buffer.count, 0)
            if n == 0 { return true }
            if n < 0, errno != EAGAIN, errno != EWOULDBLOCK { return true }
        }
        return false
    }
}
