import XCTest
import SpruceFilm

/// `FilmPhases.make`: every loop shape's length is the one docs/SceneFormat.md gives.
final class FilmPhasesTests: XCTestCase {
    let lead = 0.1, entrance = 0.8

    func phases(_ shape: FilmLoopShape) throws -> FilmPhases {
        try FilmPhases.make(shape: shape, lead: lead, inDuration: entrance)
    }

    /// in-hold-reverse held the finished screen for the hold on each side of the mirror: `--hold 1` stood still for
    /// 2 s and the film lasted a hold longer than the formula. The screen now holds `hold` seconds in all.
    func testTheReverseHoldsTheFinishedScreenForTheHold() throws {
        for hold in [0, 0.5, 1, -0.3] {
            let reverse = try phases(.inHoldReverse(hold: hold)), out = try phases(.inHoldOut(hold: hold, exit: { _ in }))
            XCTAssertEqual(reverse.end, lead + entrance + hold + entrance + lead, accuracy: 1e-12, "hold \(hold)")
            XCTAssertEqual(reverse.end, out.end, accuracy: 1e-12, "as long as in-hold-out, hold \(hold)")
            let mirror = try XCTUnwrap(reverse.reverseFrom)
            XCTAssertEqual(mirror - reverse.inEnd, hold / 2, accuracy: 1e-12, "half the hold before the mirror")
            XCTAssertEqual(reverse.end - mirror, mirror, accuracy: 1e-12, "the second half mirrors the first")
        }
        // A fixed duration still puts the mirror at its middle; boomerang has no hold.
        XCTAssertEqual(try FilmPhases.make(shape: .inHoldReverse(hold: 3), lead: lead, inDuration: entrance, fixedDuration: 1.91).reverseFrom, 0.955)
        XCTAssertEqual(try phases(.boomerang).end, 2 * (lead + entrance), accuracy: 1e-12)
    }

    func testTheOtherShapes() throws {
        XCTAssertEqual(try phases(.in).end, lead + entrance, accuracy: 1e-12)
        XCTAssertEqual(try phases(.inHold(hold: 0.5)).end, lead + entrance + 0.5, accuracy: 1e-12)
        XCTAssertEqual(try phases(.inHold(hold: -0.2)).end, lead + entrance, accuracy: 1e-12, "a negative hold cuts nothing")
        XCTAssertEqual(try phases(.inOut(exit: { _ in })).end, lead + entrance + entrance + lead, accuracy: 1e-12)
        XCTAssertEqual(try phases(.inHoldOut(hold: 0.5, exit: { _ in })).end, lead + entrance + 0.5 + entrance + lead, accuracy: 1e-12)
        let fade = try phases(.inHoldFade(hold: 0.5, fade: 0.3))
        XCTAssertEqual(try XCTUnwrap(fade.animateOut), lead + entrance + 0.5, accuracy: 1e-12)
        XCTAssertEqual(fade.end, lead + entrance + 0.5 + 0.3, accuracy: 1e-12, "no trailing lead after a fade")
        XCTAssertThrowsError(try phases(.inHoldFade(hold: 0.5, fade: -1)))
        XCTAssertThrowsError(try phases(.inHold(hold: -1)), "the hold reaches back before the entrance")
    }
}
