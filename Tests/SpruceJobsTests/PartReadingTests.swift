import Foundation
import SpruceJobs
import XCTest

/// `PartRequest.read` and `numbers`: the text of a part, each problem, and the order of the two checks.
final class PartReadingTests: XCTestCase {
    func testNumbers() {
        XCTAssertEqual(PartRequest.numbers("2/4", separator: "/").map { [$0.0, $0.1] }, [2, 4])
        XCTAssertEqual(PartRequest.numbers("0..10000000", separator: "..").map { [$0.0, $0.1] }, [0, 10_000_000])
        for bad in ["", "2", "2/", "/4", "a/b", "-1/4", "1/4/5", "10000001/1", "１/２", "+1/2"] {
            XCTAssertNil(PartRequest.numbers(bad, separator: "/"), bad)
        }
    }

    func testReadChecksTheFitBeforeTheNumbers() throws {
        var checked: [PartRequest] = []
        let part = try PartRequest.read(frames: nil, segment: "2/4", keyframeInterval: 30) { checked.append($0) }
        XCTAssertEqual(part, PartRequest(.segment(2, of: 4), keyframeInterval: 30))
        XCTAssertEqual(checked, [PartRequest(.frames(0, 0), keyframeInterval: 30), PartRequest(.segment(2, of: 4), keyframeInterval: 30)])
        XCTAssertNil(try PartRequest.read(frames: nil, segment: nil, keyframeInterval: nil) { _ in XCTFail("no part to check") })
        XCTAssertThrowsError(try PartRequest.read(frames: nil, segment: nil, keyframeInterval: 5) { _ in }) {
            XCTAssertEqual($0 as? PartRequest.ReadingProblem, .keyframeIntervalAlone)
        }
        XCTAssertThrowsError(try PartRequest.read(frames: "0..2", segment: "1/2", keyframeInterval: nil) { _ in }) {
            XCTAssertEqual($0 as? PartRequest.ReadingProblem, .twoChoices)
        }
        checked = []
        XCTAssertThrowsError(try PartRequest.read(frames: "a..b", segment: nil, keyframeInterval: nil) { checked.append($0) }) {
            XCTAssertEqual($0 as? PartRequest.ReadingProblem, .notAPair("a..b"))
        }
        XCTAssertEqual(checked.count, 1, "the fit is checked before the numbers are read")
    }
}
