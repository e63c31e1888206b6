import XCTest
@testable import SpruceVideo

/// `SplicedFrames` against a model of the kernel's pipe: spliced bytes stay references into our buffers until the
/// reader copies them, and this reader is as late and as slow as it may be (it reads only when the writer waits for
/// room, a third of the pipe at a time, and the rest at the end). The caller reuses each frame's buffer as
/// `FramePipeline` does, once the next frame was handed over.
final class SplicedFramesTests: XCTestCase {
    private final class ModelPipe {
        let capacity: Int
        var queued: [UnsafeRawBufferPointer] = []
        var output: [UInt8] = []
        /// The pipe's own pages, which `write` copies into.
        var copies: [UnsafeMutableRawBufferPointer] = []
        /// Bytes that went in by `write`.
        var written = 0
        /// Splices that returned with room left in the pipe while more bytes were to come in the same frame call,
        /// or at a frame's end: the moments a real splice would race the reader for the pipe's lock.
        var splicesLeavingRoom = 0

        init(capacity: Int) { self.capacity = capacity }
        deinit { copies.forEach { $0.deallocate() } }

        var held: Int { queued.reduce(0) { $0 + $1.count } }

        func splice(_ pieces: [UnsafeRawBufferPointer]) -> Int {
            var taken = 0
            for piece in pieces {
                let n = min(piece.count, capacity - held)
                if n > 0 { queued.append(UnsafeRawBufferPointer(rebasing: piece[..<n])) }
                taken += n
                if n < piece.count { break }
            }
            if held < capacity { splicesLeavingRoom += 1 }
            return taken
        }

        /// `write(2)` on a blocking pipe: copies as much as fits, and waits for room (`wait`) until all went in.
        func write(_ bytes: UnsafeRawBufferPointer, wait: () -> Void) {
            var offset = 0
            while offset < bytes.count {
                let n = min(bytes.count - offset, capacity - held)
                if n > 0 {
                    let copy = UnsafeMutableRawBufferPointer.allocate(byteCount: n, alignment: 1)
                    copy.copyMemory(from: UnsafeRawBufferPointer(rebasing: bytes[offset..<(offset + n)]))
                    copies.append(copy)
                    queued.append(UnsafeRawBufferPointer(copy))
                    offset += n
                    written += n
                }
                if offset < bytes.count { wait() }
            }
        }

        /// Copies out the first `limit` bytes queued (all by default). The writer's wait reads a third of the pipe:
        /// a reader may take any amount, and one that leaves bytes behind is the one that catches a buffer reused
        /// too early.
        func read(limit: Int = .max) {
            var left = limit
            while left > 0, let first = queued.first {
                let n = min(left, first.count)
                output += first[..<n]
                left -= n
                if n == first.count { queued.removeFirst() } else { queued[0] = UnsafeRawBufferPointer(rebasing: first[n...]) }
            }
        }
    }

    /// Frames of `size` bytes through a pipe of `capacity`; returns what the reader got and the model.
    private func run(frames count: Int, size: Int, capacity: Int) throws -> ([UInt8], [UInt8], ModelPipe) {
        let pipe = ModelPipe(capacity: capacity)
        var splicer = SplicedFrames()
        let buffers = (0..<2).map { _ in UnsafeMutableRawBufferPointer.allocate(byteCount: size, alignment: 64) }
        defer { buffers.forEach { $0.deallocate() } }
        var expected: [UInt8] = []
        for i in 0..<count {
            let buffer = buffers[i % 2]  // frame i-2's buffer: handed back after frame i-1 went in
            for j in 0..<size { buffer[j] = UInt8(truncatingIfNeeded: i &* 31 &+ j &* 7) }
            expected += buffer
            let wait = { pipe.read(limit: capacity / 3) }
            if i == count - 1 {
                try splicer.handLast(UnsafeRawBufferPointer(buffer), capacity: capacity, splice: { pipe.splice($0) },
                                     wait: wait, write: { pipe.write($0, wait: wait) })
            } else {
                try splicer.hand(UnsafeRawBufferPointer(buffer), capacity: capacity, splice: { pipe.splice($0) }, wait: wait)
            }
        }
        // The pipeline frees its buffers once the last frame's call returned: whatever ffmpeg reads after that
        // must not come from them.
        for buffer in buffers { buffer.initializeMemory(as: UInt8.self, repeating: 0xEE) }
        pipe.read()
        return (pipe.output, expected, pipe)
    }

    func testEveryByteArrivesInOrderWhileBuffersAreReused() throws {
        // Frames from just over one pipe to several, so the held-back bytes and the frame that follows them
        // meet every way: a head shorter than the pipe, exact multiples, a one-byte tail.
        let small = (98...300).map { ($0, 97) }  // every way the held-back bytes and the reads can line up
        for (size, capacity) in [(1500, 1000), (1001, 1000), (2000, 1000), (2970, 1000), (3001, 1000), (4096, 4095)] + small {
            let (output, expected, _) = try run(frames: 9, size: size, capacity: capacity)
            XCTAssertEqual(output.count, expected.count, "frames of \(size) through \(capacity)")
            if let i = output.indices.first(where: { i in i < expected.count && output[i] != expected[i] }) {
                XCTFail("frames of \(size) through \(capacity): byte \(i) (frame \(i / size)) differs")
            }
        }
    }

    /// The last frame is copied only for its final pipeful or so: the rest of it is spliced, as every other frame
    /// is. (What must be copied is at least a pipeful, which the buffer-reuse test above checks.)
    func testOnlyTheLastPipefulIsCopied() throws {
        for (size, capacity) in [(2500, 1000), (2970, 1000), (3001, 1000), (9000, 1000), (4096, 4095)] {
            let (_, _, pipe) = try run(frames: 5, size: size, capacity: capacity)
            XCTAssert((capacity...2 * capacity).contains(pipe.written), "frames of \(size) through \(capacity): \(pipe.written) copied")
        }
    }

    /// The point of holding the tail back: after the first frame, no splice leaves the pipe with room while
    /// ffmpeg is about to copy out of it (each one fills it, and the next comes only after a wait).
    func testSplicesFillThePipe() throws {
        let (_, _, pipe) = try run(frames: 20, size: 2970, capacity: 1000)
        XCTAssertEqual(pipe.splicesLeavingRoom, 0)
    }
}
