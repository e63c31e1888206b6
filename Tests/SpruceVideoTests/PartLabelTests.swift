@_spi(Fuzzing) @testable import SpruceVideo
import XCTest

/// The label a joinable part carries: written and read back exactly, anything else (another tool's comment, a
/// damaged or absurd one) read as no label, and a GIF comment of any length kept through the GIF reader.
final class PartLabelTests: XCTestCase {
    func testLabelsReadBackAndNothingElseDoes() {
        let label = PartLabel(frames: 14..<35, total: 43)
        XCTAssertEqual(label.text, "spruce-part frames=14..35 of=43")
        XCTAssertEqual(PartLabel(text: label.text), label)
        let named = PartLabel(frames: 14..<35, total: 43, film: "00a1b2c3d4e5f607")
        XCTAssertEqual(named.text, "spruce-part frames=14..35 of=43 film=00a1b2c3d4e5f607")
        XCTAssertEqual(PartLabel(text: named.text), named)
        for text in ["", "spruce-part", "spruce-part frames=14..35", "spruce-part frames=35..14 of=43", "spruce-part frames=5..5 of=43",
                     "spruce-part frames=0..44 of=43", "spruce-part frames=-1..3 of=43", "spruce-part frames=0..3 of=999999999999",
                     "spruce-part  frames=0..3 of=43", "spruce-part frames=0..3 of=43 x", "Spruce-part frames=0..3 of=43",
                     "spruce-part frames=0...3 of=43", "spruce-part frames=٣..٤ of=43", "made with something else",
                     "spruce-part frames=0..3 of=43 film=00a1b2c3d4e5f6", "spruce-part frames=0..3 of=43 film=00A1B2C3D4E5F607",
                     "spruce-part frames=0..3 of=43 film=00a1b2c3d4e5f607 x", "spruce-part frames=0..3 of=43 movie=00a1b2c3d4e5f607"] {
            XCTAssertNil(PartLabel(text: text), text)
        }
    }

    func testFilmOrderFindsGapsOverlapsAndStrangers() throws {
        func label(_ a: Int, _ b: Int, of n: Int = 10) -> PartLabel { PartLabel(frames: a..<b, total: n) }
        func parts(_ list: [(String, PartLabel?)]) -> [(name: String, label: PartLabel?, frames: Int)] {
            list.map { ($0.0, $0.1, $0.1?.frames.count ?? 1) }
        }
        XCTAssertEqual(try PartLabel.filmOrder(parts([("c", label(6, 10)), ("a", label(0, 3)), ("b", label(3, 6))])), [1, 2, 0])
        XCTAssertNil(try PartLabel.filmOrder(parts([("a", nil), ("b", nil)])))
        XCTAssertThrowsError(try PartLabel.filmOrder([("a", label(0, 5), 5), ("b", label(5, 10), 14)])) { error in
            XCTAssertTrue("\(error)".contains("b holds 14 frames but is labelled as frames 5..10"), "\(error)")
        }
        let refused: [([(String, PartLabel?)], String)] = [
            ([("a", label(0, 3)), ("c", label(6, 10))], "no part holds frames 3..6"),
            ([("a", label(0, 3)), ("b", label(3, 6))], "no part holds frames 6..10"),
            ([("b", label(3, 10))], "no part holds frames 0..3"),
            ([("a", label(0, 5)), ("b", label(3, 10))], "a and b both hold frames 3..5"),
            ([("a", label(0, 10)), ("a2", label(0, 10))], "a and a2 both hold frames 0..10"),
            ([("a", label(0, 5)), ("b", label(5, 12, of: 12))], "a belongs to a film of 10 frames and b to one of 12"),
            ([("a", label(0, 5)), ("b", nil)], "b does not say which frames it holds"),
            ([("a", PartLabel(frames: 0..<5, total: 10, film: "0000000000000001")), ("b", PartLabel(frames: 5..<10, total: 10, film: "0000000000000002"))],
             "a and b belong to different films (film 0000000000000001 and 0000000000000002"),
            ([("a", PartLabel(frames: 0..<5, total: 10, film: "0000000000000001")), ("b", label(5, 10))],
             "b does not say which film it belongs to, and the other parts do"),
        ]
        for (list, message) in refused {
            XCTAssertThrowsError(try PartLabel.filmOrder(parts(list))) { error in
                XCTAssertTrue("\(error)".contains(message), "\(list.map(\.0)): \(error)")
            }
        }
    }

    func testGIFCommentsOfAnyLengthAreReadBack() throws {
        let long = String(repeating: "0123456789", count: 60)
        let gif: [UInt8] = Array("GIF89a".utf8) + [1, 0, 1, 0, 0, 0, 0]
            + GIFComment.block("spruce-part frames=0..1 of=1") + [0x2C, 0, 0, 0, 0, 1, 0, 1, 0, 0, 2, 2, 0x44, 0x01, 0]
            + GIFComment.block(long) + [0x3B]
        let parts = try GIFParts(gif, name: "test")
        XCTAssertEqual(parts.comments, ["spruce-part frames=0..1 of=1", long])
        XCTAssertEqual(parts.label, PartLabel(frames: 0..<1, total: 1))
        XCTAssertEqual(parts.frames.count, 1)
    }

    /// The fuzzer's images target (a GIF joined alone must keep its delays) caught a graphic control extension of one
    /// data byte: its delay was read from the bytes after it (here a comment's introducer, 0x2100 centiseconds), so the
    /// same frame had another delay once joined. A block too short to hold a delay gives none.
    func testADelayIsReadOnlyFromAControlBlockThatHoldsOne() throws {
        let gif = try Data(contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Fuzz/regressions/images/gif-short-control-block.gif"))
        let parts = try GIFParts([UInt8](gif), name: "test")
        XCTAssertEqual(parts.delays, [0])
        XCTAssertEqual(try GIFParts(GIFParts.join([("test", parts)]), name: "joined").delays, [0])
        var withDelay = parts
        withDelay.setDelay(4, frame: 0)
        XCTAssertEqual(try GIFParts(GIFParts.join([("test", withDelay)]), name: "joined").delays, [4])
    }
}
