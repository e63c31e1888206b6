import Foundation
import SpruceFilm
import SpruceRender
import XCTest
@testable import SpruceVideo

final class PipelineTests: XCTestCase {
    /// Hash of every byte handed to ffmpeg's stdin, per pass, with the real ffmpeg running.
    private func streamHashes(threads: Int, to name: String, source: SyntheticSource, oneRunBytes: Int? = nil) throws -> [Int: UInt64] {
        let scratch = try Scratch()
        final class Box: @unchecked Sendable {
            var hashes: [Int: UInt64] = [:]
            var order: [Int] = []
        }
        let box = Box()
        var options = VideoOptions()
        options.threadCount = threads
        options.preset = "ultrafast"
        options.faults.oneRunBytes = oneRunBytes
        options.faults.frameTap = { index, pass, pixels in
            if box.order.last.map({ $0 >= index }) ?? false, pass == 1 { XCTFail("frames out of order") }
            box.order.append(index)
            var h = box.hashes[pass] ?? 0xcbf2_9ce4_8422_2325
            MediaProbe.hash(pixels, into: &h)
            box.hashes[pass] = h
        }
        try VideoRenderer(options: options).render(source, to: scratch.path(name))
        XCTAssertEqual(box.order, Array(Array(repeating: Array(0..<source.format.frameCount), count: box.hashes.count).joined()))
        return box.hashes
    }

    func testStreamIsIdenticalForAnyThreadCount() throws {
        let source = SyntheticSource(frames: 30)
        func expected(_ wire: WireFormat) throws -> UInt64 {
            var h: UInt64 = 0xcbf2_9ce4_8422_2325
            for i in 0..<30 { try source.packed(i, as: wire).withUnsafeBytes { MediaProbe.hash($0, into: &h) } }
            return h
        }
        // MP4 frames travel as 4:2:0, converted on the workers.
        let yuv = try expected(.yuv420p)
        for threads in [1, 2, 4, 7] {
            XCTAssertEqual(try streamHashes(threads: threads, to: "t.mp4", source: source), [1: yuv], "\(threads) threads")
        }
        // GIF frames travel as drawn with their alpha bytes at 255, once; in two runs both draw the same stream.
        let bgra = try expected(.opaqueBGRA)
        XCTAssertEqual(try streamHashes(threads: 3, to: "t.gif", source: source), [1: bgra])
        XCTAssertEqual(try streamHashes(threads: 3, to: "t.gif", source: source, oneRunBytes: 0), [1: bgra, 2: bgra])
    }

    func testPipelineDeliversInOrderWithMoreThreadsThanFrames() throws {
        let source = SyntheticSource(frames: 3)
        var seen: [Int] = []
        try FramePipeline.run(source: source, frames: 0..<3, threadCount: 16, cancellation: nil) { index, pixels in
            seen.append(index)
            XCTAssertEqual(Array(pixels), try source.frame(index))
        }
        XCTAssertEqual(seen, [0, 1, 2])
    }

    func testFewerBuffersThanWorkersStillDeliversEverythingInOrder() throws {
        let source = SyntheticSource(width: 16, height: 8, frames: 25)
        var seen: [Int] = []
        try FramePipeline.run(
            source: source, frames: 3..<25, threadCount: 4, cancellation: nil, memoryBudget: 1
        ) { index, pixels in
            seen.append(index)
            XCTAssertEqual(Array(pixels), try source.frame(index))
        }
        XCTAssertEqual(seen, Array(3..<25))
    }

    func testUnpremultiply() {
        var pixels: [UInt8] = [64, 32, 128, 128, 10, 20, 30, 0, 1, 2, 3, 255]
        pixels.withUnsafeMutableBytes { PixelConversion.unpremultiplyBGRA($0) }
        XCTAssertEqual(pixels, [128, 64, 255, 128, 0, 0, 0, 0, 1, 2, 3, 255])
    }
}
