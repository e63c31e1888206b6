import SpruceJobs
import XCTest

/// The words that name a render's scene or out, in each spelling the parser reads, and words that only look alike.
final class TargetFlagsTests: XCTestCase {
    func testEverySpellingOfTheSceneAndTheOut() {
        for (words, name) in [
            (["--scene", "list"], "--scene"), (["--delay", "0.1", "--scene=list"], "--scene"), (["--out", "x.gif"], "--out"),
            (["--out=x.gif"], "--out"), (["-o", "x.gif"], "-o"), (["-o=x.gif"], "-o"), (["-ox.gif"], "-o"),
        ] {
            XCTAssertEqual(TargetFlags.first(in: words), name, "\(words)")
        }
    }

    func testOtherFlags() {
        for words in [[], ["--scenes", "x"], ["--outline"], ["--optimize"], ["--timing", "t.json"], ["-q"], ["--list-scenes"]] {
            XCTAssertNil(TargetFlags.first(in: words), "\(words)")
        }
    }
}
