import Foundation
import XCTest

/// The page in real headless Chromium (scripts/preview-e2e.py, selenium + chromedriver from Debian): play, pause,
/// scrub, step, and the frame shown compared byte for byte with `render-gif --at`; a save reloads the page's film;
/// a broken save shows its error. `make test` installs chromium (scripts/bootstrap.sh --test), so there it runs;
/// elsewhere it is skipped with the reason.
final class PreviewBrowserTests: XCTestCase {
    func testThePageInChromiumShowsTheCommandLinesFrames() throws {
        let (status, text) = try BrowserScript.run("preview-e2e.py", [PreviewCommandTests.binary.path, PreviewHarness.gridScene.path])
        XCTAssertEqual(status, 0, text)
        XCTAssertTrue(text.contains("byte for byte render-gif --at"), text)
        XCTAssertTrue(text.contains("matches render-gif --at"), text)
        XCTAssertTrue(text.contains("an export over an existing file asks first"), text)
    }
}
