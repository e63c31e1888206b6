import Foundation
import SprucePreview
import SprucePreviewModel
import SpruceScene
import XCTest

/// The form fills the recipe's overrides: its damping is checked against the one range every front end uses
/// (0.01…100; the form had its own 0.01…1), and its messages name the form's fields.
final class PreviewSettingsRecipeTests: XCTestCase {
    func testTheFormsDampingHasTheRecipesRange() throws {
        var document = SceneDocument()
        document.choreography.animationType = .spring
        document.choreography.animationDuration = 3
        var settings = PreviewSettings()
        settings.damping = 3
        XCTAssertEqual(try settings.apply(to: document).choreography.damping, 3, "overdamped, as a scene file or --damping may be")
        settings.damping = 0
        XCTAssertThrowsError(try settings.apply(to: document)) {
            XCTAssertEqual("\($0)", "form.damping: must be 0.01…100 for a spring, got 0")
        }
    }

    func testAFieldNamedOtherwiseInTheRecipeKeepsTheFormsName() throws {
        var document = SceneDocument()
        document.choreography.animationType = .spring
        var settings = PreviewSettings()
        (settings.damping, settings.duration) = (16, 0.5)
        XCTAssertThrowsError(try settings.apply(to: document)) {
            XCTAssertTrue("\($0)".hasPrefix("form.duration: a spring of damping 16 is too stiff"), "\($0)")
        }
    }
}
