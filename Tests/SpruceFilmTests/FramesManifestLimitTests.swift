import Foundation
import MediaTestSupport
import SpruceRender
import SpruceScene
import XCTest

/// The manifest of a frames folder (`.render-gif-frames`) is read back at the limits: the reader's size bound is
/// the largest manifest the writer makes for the folder (`FramesManifest.maximumBytes`), so a folder of the longest
/// film's 3.6 million frames stays render-gif's own for the next render.
final class FramesManifestLimitTests: XCTestCase {
    func testNamesOfTheLongestLengthAreWrittenAndReadBack() throws {
        let scratch = try Scratch()
        let names = (0..<3).map { "frame_\($0)" + String(repeating: "x", count: 255 - 11) + ".png" }
        for name in names { try Data([UInt8](repeating: 1, count: 10)).write(to: scratch.path(name)) }
        let manifest = FramesManifest.contents(listing: names, in: scratch.url)
        for line in String(decoding: manifest, as: UTF8.self).split(separator: "\n").dropFirst() {
            XCTAssertLessThanOrEqual(line.utf8.count + 1, FramesManifest.maximumLineBytes)
        }
        try manifest.write(to: scratch.path(FramesManifest.fileName))
        XCTAssertEqual(FramesManifest.read(in: scratch.url), Set(names))
    }

    /// 3600 s at 1000 fps, every field as wide as it can be: within the reader's bound, which is more than 64 MiB.
    func testTheLongestFilmsManifestIsWithinTheReadersBound() throws {
        let frames = try XCTUnwrap(SceneLimits.frameCount(seconds: SceneLimits.maximumFilmSeconds,
                                                          framesPerSecond: SceneLimits.framesPerSecond.upperBound))
        XCTAssertEqual(frames, 3_600_000)
        let scratch = try Scratch()
        let header = FramesManifest.contents(listing: [], in: scratch.url).count
        let widest = String(format: "frame_%05d.png", frames - 1) + "\t18446744073709551615\t9223372036854775807\t9223372036854775807.999999999\n"
        let largest = header + frames * widest.utf8.count
        XCTAssertLessThanOrEqual(largest, FramesManifest.maximumBytes(entries: frames + 1))
        XCTAssertGreaterThan(largest, 64 << 20, "a fixed 64 MiB bound would refuse it")
    }
}
