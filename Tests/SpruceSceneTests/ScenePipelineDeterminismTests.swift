import Foundation
import SpruceFilm
import SpruceScene
@testable import SpruceVideo
import XCTest

/// The real frame source (a scene played on every drawing thread's own loop) through the real pipeline and
/// ffmpeg: the bytes handed to the encoder must not depend on how many threads draw them.
final class ScenePipelineDeterminismTests: XCTestCase {
    private final class Tap: @unchecked Sendable {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        var indices: [Int] = []
    }

    private static func mix(_ bytes: UnsafeRawBufferPointer, into h: inout UInt64) {
        let words = bytes.count / 8
        for i in 0..<words { h = (h ^ bytes.loadUnaligned(fromByteOffset: i * 8, as: UInt64.self)) &* 0x100_0000_01b3 }
        for i in (words * 8)..<bytes.count { h = (h ^ UInt64(bytes[i])) &* 0x100_0000_01b3 }
    }

    private func streamHash(_ source: FrameSource, threads: Int) throws -> (UInt64, [Int]) {
        let tap = Tap()
        var options = VideoOptions()
        options.threadCount = threads
        options.preset = "ultrafast"
        options.faults.frameTap = { index, _, pixels in
            tap.indices.append(index)
            ScenePipelineDeterminismTests.mix(pixels, into: &tap.hash)
        }
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("determinism-\(UUID().uuidString).mp4")
        defer { try? FileManager.default.removeItem(at: out) }
        try VideoRenderer(options: options).render(source, to: out)
        return (tap.hash, tap.indices)
    }

    func testGridSceneFramesAreIdenticalForOneTwoAndThreeThreads() throws {
        let player = try SceneFilm(document: builtInScene("grid"), framesPerSecond: 25)
        let source = try player.frameSource()
        let count = source.format.frameCount

        // Reference: one cursor drawing every frame in order, outside the pipeline.
        var expected: UInt64 = 0xcbf2_9ce4_8422_2325
        let cursor = try source.makeCursor()
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: source.format.bytesPerFrame, alignment: 64)
        defer { buffer.deallocate() }
        // MP4 frames travel to ffmpeg as 4:2:0, converted on the drawing workers.
        let format = source.format
        let packed = UnsafeMutableRawBufferPointer.allocate(byteCount: WireFormat.yuv420p.bytesPerFrame(format), alignment: 64)
        defer { packed.deallocate() }
        var distinct = Set<UInt64>()
        for i in 0..<count {
            try cursor.draw(frame: i, into: buffer)
            WireFormat.yuv420p.pack(drawn: buffer, format: format, into: packed)
            ScenePipelineDeterminismTests.mix(UnsafeRawBufferPointer(packed), into: &expected)
            var h: UInt64 = 0
            ScenePipelineDeterminismTests.mix(UnsafeRawBufferPointer(buffer), into: &h)
            distinct.insert(h)
        }
        // The hold between entrance and exit repeats one frame (a third of the 54 frames since springs rest on
        // Advance's frame-end rule); every other frame differs.
        XCTAssertGreaterThan(distinct.count, count / 3, "the film moves, so a stale or repeated frame would show")

        for threads in [1, 2, 3] {
            let (hash, indices) = try streamHash(source, threads: threads)
            XCTAssertEqual(indices, Array(0..<count), "\(threads) threads: frames in order")
            XCTAssertEqual(hash, expected, "\(threads) threads: same bytes as one cursor drawing in order")
        }
    }
}
