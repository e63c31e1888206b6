import Foundation
import MediaTestSupport
import XCTest

/// `render-gif review` as a user runs it: the real binary.
final class ReviewCommandTests: XCTestCase {
    /// A port in use was said only after every scene had been played, which can take long. The port is held before
    /// any scene is played: the command ends at once with one line and 69, and prints no count of scenes.
    func testATakenPortIsSaidBeforeAnySceneIsPlayed() throws {
        let (folder, _) = try PreviewCommandTests.scratchScene()
        defer { try? FileManager.default.removeItem(at: folder) }
        let holder = try Self.listener()
        defer { close(holder.fd) }
        let process = Process()
        process.executableURL = PreviewCommandTests.binary
        process.arguments = ["review", folder.path, "--port", String(holder.port)]
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let deadline = Date().addingTimeInterval(60)
        while process.isRunning, Date() < deadline { usleep(50_000) }
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
        let message = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let printed = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        XCTAssertEqual(process.terminationStatus, 69, message)
        XCTAssertTrue(message.hasPrefix("render-gif: error: review: cannot serve on 127.0.0.1:\(holder.port): "), message)
        XCTAssertTrue(message.contains("Address already in use"), message)
        XCTAssertEqual(message.split(separator: "\n").count, 1, message)
        XCTAssertEqual(printed, "", "no scene was played")
    }

    /// A socket listening on 127.0.0.1 on a port the system picks.
    static func listener() throws -> (fd: Int32, port: Int) {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) == 0 && listen(fd, 1) == 0 && getsockname(fd, $0, &length) == 0 }
        }
        guard fd >= 0, bound else { close(fd); throw RawHTTP.Failure(description: "cannot listen: errno \(errno)") }
        return (fd, Int(UInt16(bigEndian: address.sin_port)))
    }
}
