import Foundation

/// The last few lines a child wrote to stderr. Drained on its own thread so the child never blocks on a full
/// pipe, and small so a chatty child cannot grow our memory.
final class StderrTail: @unchecked Sendable {
    private let lock = NSLock()
    private let lineLimit: Int
    private let lineLengthLimit = 400
    private var lines: [String] = []
    private var partial: [UInt8] = []

    /// Called from the draining thread on every chunk read (the watchdog's sign of life).
    var onData: (@Sendable () -> Void)?

    init(lineLimit: Int = 8) { self.lineLimit = lineLimit }

    /// Reads `fd` until end of file, then closes it. Blocking; run it on a dedicated thread.
    func drain(_ fd: Int32) {
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n > 0 {
                onData?()
                append(chunk[0..<n])
            } else if n < 0 && errno == EINTR {
                continue
            } else {
                break
            }
        }
        close(fd)
        lock.lock()
        flushPartial()
        lock.unlock()
    }

    private func append(_ bytes: ArraySlice<UInt8>) {
        lock.lock()
        defer { lock.unlock() }
        for byte in bytes {
            // ffmpeg ends progress lines with "\r"; both terminate a line here.
            if byte == 0x0A || byte == 0x0D {
                flushPartial()
            } else if partial.count < lineLengthLimit {
                partial.append(byte)
            }
        }
    }

    private func flushPartial() {
        let line = String(decoding: partial, as: UTF8.self).trimmingCharacters(in: .whitespaces)
        partial.removeAll(keepingCapacity: true)
        guard !line.isEmpty else { return }
        lines.append(line)
        if lines.count > lineLimit { lines.removeFirst(lines.count - lineLimit) }
    }

    var lastLines: [String] {
        lock.lock()
        defer { lock.unlock() }
        return lines
    }
}
