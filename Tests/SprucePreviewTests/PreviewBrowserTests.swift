import Foundation
import XCTest

/// The page in real headless Chromium (scripts/preview-e2e.py, selenium + chromedriver from Debian): play, pause,
/// scrub, step, and the frame shown compared byte for byte with `render-gif --at`; a save reloads the page's film;
/// a broken save shows its error. `make test` installs chromium (scripts/bootstrap.sh --test), so there it runs;
/// elsewhere it is skipped with the reason.
final class PreviewBrowserTests: XCTestCase {
    func testThePageInChromiumShowsTheCommandLinesFrames() throws {
        for tool in ["/usr/bin/python3", "/usr/bin/chromium", "/usr/bin/chromedriver"] where !FileManager.default.isExecutableFile(atPath: tool) {
            throw XCTSkip("\(tool) is missing: run scripts/bootstrap.sh --test (chromium chromium-driver python3-selenium)")
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        let script = PreviewHarness.packageRoot.appendingPathComponent("scripts/preview-e2e.py")
        process.arguments = [script.path, PreviewCommandTests.binary.path, PreviewHarness.gridScene.path]
        let out = Pipe()
        process.standardOutput = out
        process.standardError = out
        try process.run()
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        if process.terminationStatus == 77 { throw XCTSkip(text) }
        XCTAssertEqual(process.terminationStatus, 0, text)
        XCTAssertTrue(text.contains("byte for byte render-gif --at"), text)
        XCTAssertTrue(text.contains("matches render-gif --at"), text)
        XCTAssertTrue(text.contains("an export over an existing file asks first"), text)
    }
}
