import Foundation
import SpruceScene
import XCTest

/// Overrides written as text (a flag's value, a form's field): what reads, and what does not, named by its field.
final class OverrideTextTests: XCTestCase {
    func testWeightsReadBothSidesOrNameTheField() throws {
        XCTAssertEqual(try FilmOverrides.weights(text: "heavy, 2"), Weights(horizontal: .heavy, vertical: .custom(2)))
        XCTAssertThrowsError(try FilmOverrides.weights(text: "heavy")) { e in
            XCTAssertEqual(e as? OverrideTextProblem, .malformed(field: "weights",
                                                                message: "expected horizontal,vertical (e.g. heavy,light or 2,0.5), got \"heavy\""))
        }
        XCTAssertThrowsError(try FilmOverrides.weights(text: "heavy,-1")) { e in
            XCTAssertEqual(e as? OverrideTextProblem, .unknown(field: "weights", value: "-1", allowed: ["light", "medium", "heavy", "<number ≥ 0>"]))
        }
    }

    func testStaggerOriginAnimationsAndExclude() throws {
        XCTAssertEqual(try FilmOverrides.from(text: "3,4"), .point(x: 3, y: 4))
        XCTAssertThrowsError(try FilmOverrides.from(text: "-2")) { e in
            XCTAssertEqual(e as? OverrideTextProblem, .unknown(field: "from", value: "-2", allowed: StaggerOrigin.allowed))
        }
        XCTAssertEqual(try FilmOverrides.animations(text: "fade-in"), [.fadeIn])
        XCTAssertThrowsError(try FilmOverrides.animations(text: "wobble")) { e in
            guard case .malformed(let field, _)? = e as? OverrideTextProblem else { return XCTFail("\(e)") }
            XCTAssertEqual(field, "animations")
        }
        XCTAssertEqual(FilmOverrides.exclude(text: " a,, b ,"), ["a", "b"])
    }

    /// The canvas: a size of two positive numbers, a colour or transparent.
    func testSizeAndBackground() throws {
        XCTAssertEqual(try FilmOverrides.size(text: "320X200.5"), CGSize(width: 320, height: 200.5))
        for bad in ["10", "0x10", "10xinf", "axb"] {
            XCTAssertThrowsError(try FilmOverrides.size(text: bad)) { e in
                XCTAssertEqual(e as? OverrideTextProblem, .malformed(field: "size", message: "expected WIDTHxHEIGHT in points, e.g. 320x320, got \"\(bad)\""))
            }
        }
        XCTAssertEqual(try FilmOverrides.background(text: "transparent"), .transparent)
        XCTAssertNotNil(try FilmOverrides.background(text: "#fff").color)
        XCTAssertThrowsError(try FilmOverrides.background(text: "plaid")) { e in
            guard case .malformed(let field, let message)? = e as? OverrideTextProblem else { return XCTFail("\(e)") }
            XCTAssertEqual(field, "background")
            XCTAssertTrue(message.hasPrefix("\"plaid\" is not a colour (#RGB"), message)
        }
    }
}
