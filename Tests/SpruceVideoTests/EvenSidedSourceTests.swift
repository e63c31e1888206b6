import Foundation
import MediaTestSupport
import XCTest
@testable import SpruceVideo

/// Odd frames become an MP4 one column or row longer, the last one copied; the picture itself is untouched.
final class EvenSidedSourceTests: XCTestCase {
    func testTheLastColumnAndRowAreCopied() throws {
        let inner = SyntheticSource(width: 161, height: 119, frames: 3)
        let even = EvenSidedSource(inner)
        XCTAssertEqual([even.format.width, even.format.height], [162, 120])
        let (a, b) = (try inner.makeCursor(), try even.makeCursor())
        var drawn = [UInt8](repeating: 0, count: inner.format.bytesPerFrame)
        var padded = [UInt8](repeating: 7, count: even.format.bytesPerFrame)
        for frame in 0..<3 {
            try drawn.withUnsafeMutableBytes { try a.draw(frame: frame, into: $0) }
            try padded.withUnsafeMutableBytes { try b.draw(frame: frame, into: $0) }
            func at(_ p: [UInt8], _ x: Int, _ y: Int, _ w: Int) -> ArraySlice<UInt8> { p[((y * w + x) * 4)..<((y * w + x) * 4 + 4)] }
            for y in 0..<120 {
                for x in 0..<162 {
                    XCTAssertEqual(at(padded, x, y, 162), at(drawn, min(x, 160), min(y, 118), 161), "frame \(frame) (\(x), \(y))")
                }
            }
        }
        let already = SyntheticSource(width: 160, height: 120)
        XCTAssertEqual(EvenSidedSource(already).format, already.format, "even frames stay as they are")
    }

    /// The library refused odd frames for MP4 ("needs an even width and height"); they are encoded, one longer.
    func testAnOddSourceBecomesAnMP4() throws {
        let scratch = try Scratch()
        let out = scratch.path("odd.mp4")
        try VideoRenderer().render(SyntheticSource(width: 161, height: 120, frames: 10), to: out)
        let (stream, _) = try Media.probe(out)
        XCTAssertEqual([stream["width"] as? Int, stream["height"] as? Int], [162, 120])
        XCTAssertEqual(stream["nb_read_frames"] as? String, "10")
    }
}
