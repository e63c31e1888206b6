import Foundation
import XCTest

/// `render-gif review` in real headless Chromium (scripts/review-e2e.py): step to the first differing frame and read
/// its marked time, accept one scene and reject the other; afterwards `render-gif test` passes for the accepted one
/// and fails for the rejected one, and no other file changed. REVIEW_SHOTS=DIR keeps the page's screenshots there.
final class ReviewBrowserTests: XCTestCase {
    func testThePageInChromiumAcceptsOneSceneAndRejectsTheOther() throws {
        let folder = try ReviewHarness.makeFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let shots = ProcessInfo.processInfo.environment["REVIEW_SHOTS"].map { ["--shots", $0] } ?? []
        let (status, text) = try BrowserScript.run("review-e2e.py", [PreviewCommandTests.binary.path, folder.path] + shots)
        XCTAssertEqual(status, 0, text)
        XCTAssertTrue(text.contains("reach the marked first difference"), text)
        XCTAssertTrue(text.contains("render-gif test passes for"), text)
        XCTAssertTrue(text.contains("only goldens/"), text)
    }
}
