#if os(Linux)
import Foundation
import Glibc
import XCTest
@testable import SpruceVideo

/// `PipeDrainWait` on a real pipe: a wait ends when a read that began on a full pipe ended, or when the reader
/// closed its end; room alone does not end it (which is where it differs from `poll`).
final class PipeDrainWaitTests: XCTestCase {
    /// A pipe whose write end does not block, so that it can be filled to the brim.
    private struct Pipe {
        let read: Int32, write: Int32

        init() throws {
            var fds: [Int32] = [0, 0]
            guard Glibc.pipe(&fds) == 0 else { throw POSIXError(.EMFILE) }
            read = fds[0]
            write = fds[1]
            _ = fcntl(write, F_SETFL, fcntl(write, F_GETFL) | O_NONBLOCK)
        }

        func close() {
            Glibc.close(read)
            Glibc.close(write)
        }

        /// Writes until the pipe is full; returns the bytes written.
        @discardableResult
        func fill() -> Int {
            let chunk = [UInt8](repeating: 7, count: 4096)
            var total = 0
            while true {
                let n = chunk.withUnsafeBytes { Glibc.write(write, $0.baseAddress, $0.count) }
                if n <= 0 { return total }
                total += n
            }
        }

        /// One `read(2)` of up to `count` bytes; returns the bytes read.
        @discardableResult
        func drain(upTo count: Int = 1 << 22) -> Int {
            var buffer = [UInt8](repeating: 0, count: count)
            return buffer.withUnsafeMutableBytes { Glibc.read(read, $0.baseAddress, count) }
        }
    }

    /// Starts `wait()` on a thread; the semaphore is signalled when it returns.
    private func waitInBackground(_ drain: PipeDrainWait) -> DispatchSemaphore {
        let done = DispatchSemaphore(value: 0)
        Thread { drain.wait(); done.signal() }.start()
        return done
    }

    private let quiet: DispatchTimeInterval = .milliseconds(150)

    func testAWaitEndsWhenAReadOfTheFullPipeEnds() throws {
        let pipe = try Pipe()
        defer { pipe.close() }
        let filled = pipe.fill()
        XCTAssertGreaterThan(filled, 0)
        let drain = try XCTUnwrap(PipeDrainWait(writingTo: pipe.write))
        let done = waitInBackground(drain)
        XCTAssertEqual(done.wait(timeout: .now() + quiet), .timedOut, "the wait ended before anything was read")
        XCTAssertEqual(pipe.drain(), filled)
        XCTAssertEqual(done.wait(timeout: .now() + 10), .success, "the read that emptied the pipe did not end the wait")
    }

    func testRoomAloneDoesNotEndAWait() throws {
        let pipe = try Pipe()
        defer { pipe.close() }
        pipe.fill()
        let drain = try XCTUnwrap(PipeDrainWait(writingTo: pipe.write))
        pipe.drain(upTo: 4096)  // a read of one page, begun on a full pipe
        drain.wait()            // ends at once: that read ended
        // The pipe has room now, and poll(2) would say so; the wait goes on until the next read of a full pipe.
        var entry = pollfd(fd: pipe.write, events: Int16(POLLOUT), revents: 0)
        XCTAssertEqual(poll(&entry, 1, 0), 1)
        let done = waitInBackground(drain)
        XCTAssertEqual(done.wait(timeout: .now() + quiet), .timedOut, "the wait ended on room alone")
        pipe.fill()
        pipe.drain()
        XCTAssertEqual(done.wait(timeout: .now() + 10), .success)
    }

    func testAReadThatEndedBeforeTheWaitIsNotMissed() throws {
        let pipe = try Pipe()
        defer { pipe.close() }
        pipe.fill()
        let drain = try XCTUnwrap(PipeDrainWait(writingTo: pipe.write))
        pipe.drain()
        let done = waitInBackground(drain)
        XCTAssertEqual(done.wait(timeout: .now() + 10), .success)
    }

    func testClosingTheReadEndEndsAWait() throws {
        let pipe = try Pipe()
        defer { Glibc.close(pipe.write) }
        pipe.fill()
        let drain = try XCTUnwrap(PipeDrainWait(writingTo: pipe.write))
        let done = waitInBackground(drain)
        XCTAssertEqual(done.wait(timeout: .now() + quiet), .timedOut)
        Glibc.close(pipe.read)  // ffmpeg exited
        XCTAssertEqual(done.wait(timeout: .now() + 10), .success, "closing the read end did not end the wait")
    }
}
#endif
