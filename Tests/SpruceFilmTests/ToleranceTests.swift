import Foundation
import SpruceFilm
import SpruceRender
import XCTest

/// The region rule on every canvas from 100×100 to 3840×2160: a tile moved by one point and a 3/255
/// recolour fail, another anti-aliasing setting passes (docs/Testing.md).
final class ToleranceTests: XCTestCase {
    static let sizes = [CGSize(width: 100, height: 100), CGSize(width: 464, height: 464),
                        CGSize(width: 1920, height: 1080), CGSize(width: 3840, height: 2160)]

    func verdicts(_ size: CGSize, _ variant: ToleranceScene, times: [Double]) throws -> [ImageDifference] {
        let expected = try ToleranceScene(size: size).film().frames(at: times)
        let actual = try variant.film().frames(at: times)
        return zip(expected, actual).map { ImageComparison.default.compare($0, $1) }
    }

    func testOnePointMoveFailsOnEveryCanvas() throws {
        for size in Self.sizes {
            let d = try verdicts(size, ToleranceScene(size: size, nudge: 1), times: [1.0])[0]
            XCTAssertFalse(d.matches, "\(size): \(d.summary)")
        }
    }

    func testRecolourBy3Of255FailsOnEveryCanvas() throws {
        for size in Self.sizes {
            let d = try verdicts(size, ToleranceScene(size: size, recolour: 3), times: [1.0])[0]
            XCTAssertFalse(d.matches, "\(size): \(d.summary)")
            XCTAssertTrue(d.failingRegions.first?.contains("colour changed") == true, d.summary)
        }
    }

    func testAntialiasingSettingsPassOnEveryCanvas() throws {
        for size in Self.sizes {
            let times = size.width > 2000 ? [0.35] : ToleranceScene.times
            // GRAY, BEST and DEFAULT draw exactly as GOOD with this Cairo; at 4K only FAST is worth the time.
            for aa in size.width > 2000 ? [.fast] : Antialias.allCases {
                for (t, d) in zip(times, try verdicts(size, ToleranceScene(size: size, antialias: aa), times: times)) {
                    XCTAssertTrue(d.matches, "\(size) \(aa) at \(t): \(d.summary)")
                }
            }
        }
        // FAST really draws differently, so passing it is not for lack of differences.
        let fast = try verdicts(CGSize(width: 464, height: 464), ToleranceScene(size: CGSize(width: 464, height: 464), antialias: .fast),
                                times: [0.35])[0]
        XCTAssertGreaterThan(fast.differingPixels, 1000)
    }
}
