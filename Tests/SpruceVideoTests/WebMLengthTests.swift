import XCTest
@_spi(Fuzzing) @testable import SpruceVideo

/// `OutputCheck.webMSegmentEnd`: where a WebM must end, read from its EBML header and Segment size.
final class WebMLengthTests: XCTestCase {
    /// The first 48 bytes of a WebM ffmpeg wrote (`render-gif --scale 0.25 --out w.webm`, 7,442 bytes): a 31-byte
    /// EBML header, then the Segment with an eight-byte size of 7,394.
    let written: [UInt8] = hex("1a45dfa39f4286810142f7810142f2810442f381084282847765626d4287810242858102185380670100000000001ce2")

    func testTheSegmentSizeGivesTheFileLength() {
        XCTAssertEqual(OutputCheck.webMSegmentEnd(written), 48 + 7_394)
    }

    func testShorterSizesAreReadToo() {
        // A one-byte EBML header size (0x84: 4) and a two-byte Segment size (0x40 0x10: 16).
        let d = hex("1a45dfa3840000000018538067401000")
        XCTAssertEqual(OutputCheck.webMSegmentEnd(d), 15 + 16)  // 4 + 1 + 4 header, 4 + 2 Segment
    }

    func testUnknownSizesAndOtherFilesSayNothing() {
        XCTAssertNil(OutputCheck.webMSegmentEnd(hex("1a45dfa3840000000018538067ff")), "a live stream's unknown size")
        XCTAssertNil(OutputCheck.webMSegmentEnd(hex("1a45dfa38400000000aabbccdd81")), "no Segment after the header")
        XCTAssertNil(OutputCheck.webMSegmentEnd(Array("garbage\n".utf8)))
        XCTAssertNil(OutputCheck.webMSegmentEnd(Array(written.prefix(44))), "cut inside the Segment's size")
        XCTAssertNil(OutputCheck.webMSegmentEnd([]))
    }
}

private func hex(_ s: String) -> [UInt8] {
    var out: [UInt8] = []
    var i = s.startIndex
    while i < s.endIndex {
        let j = s.index(i, offsetBy: 2)
        out.append(UInt8(s[i..<j], radix: 16)!)
        i = j
    }
    return out
}
