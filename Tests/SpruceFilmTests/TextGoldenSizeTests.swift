import Foundation
import MediaTestSupport
import Spruce
import SpruceFilm
import XCTest

/// A text golden is never larger than the check reads back (`GoldenText.maximumBytes`, 64 MiB): long view names
/// made a motion golden of 100 MB that `record` wrote and every later check refused as "not a readable UTF-8 text file".
final class TextGoldenSizeTests: XCTestCase {
    /// `views` tiles named by `nameLength` characters, all fading in over the whole second.
    func film(views: Int, nameLength: Int) throws -> Film {
        try Film(size: CGSize(width: 40, height: 20), framesPerSecond: 10, loop: .in, root: {
            let root = View(frame: CGRect(x: 0, y: 0, width: 40, height: 20))
            for i in 0..<views {
                let tile = View(frame: CGRect(x: CGFloat(i % 4) * 10, y: 0, width: 8, height: 8))
                tile.id = String(format: "%04d", i) + String(repeating: "v", count: nameLength - 4)
                tile.backgroundColor = Color(white: 0.3)
                root.addSubview(tile)
            }
            return root
        }, choreography: { root in
            root.spruce.animate([.fadeIn], animationType: StandardAnimation(duration: 1), sortFunction: DefaultSortFunction(interObjectDelay: 0))
        })
    }

    func testAMotionGoldenLargerThanTheCheckReadsIsNotRecorded() throws {
        let scratch = try Scratch()
        var goldens = FilmGoldens(folder: scratch.path("goldens"))
        goldens.motion = MotionGolden(every: 0.002)
        // 20 views × 501 moments × ~10 kB a line: about 100 MB of motion text.
        let big = try film(views: 20, nameLength: 10_000)
        XCTAssertThrowsError(try goldens.record(big, name: "long")) { error in
            XCTAssertTrue("\(error)".hasPrefix("the motion golden would be 1"), "\(error)")
            XCTAssertTrue("\(error)".hasSuffix(" bytes; at most 67108864, the most a check reads (fewer views, shorter view names or a shorter film)"), "\(error)")
        }
        XCTAssertEqual(scratch.contents, [], "nothing written")
        // At a tenth of the names' length the golden is about 10 MB: recorded, and the check reads it back.
        let fits = try film(views: 20, nameLength: 1_000)
        XCTAssertNoThrow(try goldens.record(fits, name: "fits"))
        let checked = try goldens.check(fits, name: "fits", artifacts: nil)
        XCTAssertTrue(checked.passed, "\(checked.failures) \(checked.missing)")
    }

    /// A text golden in the folder larger than the check reads (grown outside render-gif) fails naming its size,
    /// and a record replaces it.
    func testATextGoldenTooLargeToReadSaysItsSize() throws {
        let scratch = try Scratch()
        let goldens = FilmGoldens(folder: scratch.path("goldens"))
        let small = try film(views: 1, nameLength: 8)
        _ = try goldens.record(small, name: "big")
        let timing = scratch.path("goldens/big.timing.txt")
        let handle = try FileHandle(forWritingTo: timing)
        try handle.truncate(atOffset: 64 << 20 + 1)
        try handle.close()
        let checked = try goldens.check(small, name: "big", artifacts: nil)
        XCTAssertEqual(checked.failures, ["timing.txt: the golden big.timing.txt cannot be read (the file is 67108865 bytes; at most 67108864); "
                                          + "recording or accepting replaces it"])
        XCTAssertEqual(try goldens.record(small, name: "big").recorded, ["big.timing.txt"])
        XCTAssertTrue(try goldens.check(small, name: "big", artifacts: nil).passed)
    }
}
