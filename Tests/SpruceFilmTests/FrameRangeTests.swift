import Foundation
import SpruceFilm
import SpruceVideo
import XCTest

/// Parts of a film: segments tile the film on keyframe boundaries, and a range draws the whole film's pixels.
final class FrameRangeTests: XCTestCase {
    func testSegmentsCoverEveryFrameExactlyOnceOnKeyframes() throws {
        for frameCount in [1, 7, 60, 61, 97, 241, 1000] {
            for interval in [1, 5, 12, 60] {
                let intervals = (frameCount + interval - 1) / interval
                for count in 1...min(intervals, 9) {
                    var next = 0
                    for index in 1...count {
                        let part = try FrameRange.segment(index, of: count, frameCount: frameCount, keyframeInterval: interval)
                        XCTAssertEqual(part.lowerBound, next, "segment \(index)/\(count) of \(frameCount) frames, keyint \(interval)")
                        XCTAssertEqual(part.lowerBound % interval, 0, "every part starts on a keyframe")
                        XCTAssertGreaterThan(part.count, 0)
                        next = part.upperBound
                    }
                    XCTAssertEqual(next, frameCount, "the last part ends with the film")
                }
            }
        }
    }

    func testSegmentsAreBalanced() throws {
        let parts = try (1...4).map { try FrameRange.segment($0, of: 4, frameCount: 3600, keyframeInterval: 120) }
        XCTAssertEqual(parts.map(\.count), [960, 840, 960, 840])  // 30 intervals of 120 frames, 7 or 8 each
    }

    func testImpossibleSegmentsAreRefusedWithTheReason() {
        XCTAssertThrowsError(try FrameRange.segment(1, of: 5, frameCount: 40, keyframeInterval: 10)) {
            XCTAssertTrue("\($0)".contains("at most 4 segments"), "\($0)")
        }
        // Cut at any frame (a GIF's segments), the film's frames are the limit, not "intervals of 1 frames".
        XCTAssertThrowsError(try FrameRange.segment(1, of: 55, frameCount: 54, keyframeInterval: 1)) {
            XCTAssertEqual("\($0)", "the film has 54 frames; it can be cut into at most 54 segments, not 55")
        }
        XCTAssertThrowsError(try FrameRange.segment(0, of: 3, frameCount: 40, keyframeInterval: 10))
        XCTAssertThrowsError(try FrameRange.segment(4, of: 3, frameCount: 40, keyframeInterval: 10))
        XCTAssertThrowsError(try FrameRange(5, 5))
        XCTAssertThrowsError(try FrameRange(-1, 5))
        XCTAssertThrowsError(try FrameRange(0, 11).check(within: 10))
    }

    /// A range's frames are the whole film's frames, byte for byte, springs and the reversed exit included, whatever
    /// frames a cursor was asked for before (a part rendered elsewhere starts its cursor at its first frame).
    func testARangeDrawsTheWholeFilmsPixels() throws {
        let film = try cornerFilm(damping: 0.35, loop: .inHoldReverse(hold: 0.2), fps: 30)
        XCTAssertGreaterThan(film.frameCount, 30)
        let whole = try draw(film.frameSource(), frames: Array(0..<film.frameCount))
        for (a, b) in [(0, 7), (7, 19), (13, 14), (film.frameCount - 5, film.frameCount)] {
            let range = try FrameRange(a, b)
            let part = try draw(film.frameSource(range: range), frames: Array(0..<range.count))
            for i in 0..<range.count {
                XCTAssertEqual(part[i], whole[a + i], "frame \(a + i) drawn as frame \(i) of \(range)")
            }
        }
        // The check can fail: neighbouring frames of the springing entrance differ.
        XCTAssertNotEqual(whole[5], whole[6])
        XCTAssertThrowsError(try film.frameSource(range: FrameRange(0, film.frameCount + 1)))
    }

    private func draw(_ source: AnimationFrameSource, frames: [Int]) throws -> [[UInt8]] {
        let cursor = try source.makeCursor()
        var buffer = [UInt8](repeating: 0, count: source.format.bytesPerFrame)
        return try frames.map { index in
            try buffer.withUnsafeMutableBytes { try cursor.draw(frame: index, into: $0) }
            return buffer
        }
    }
}
