import Foundation
import XCTest

/// A browser end-to-end script of scripts/ (selenium + chromedriver from Debian, `/usr/bin/python3`), run to its end:
/// skipped with the reason when chromium, chromedriver or selenium is missing (the script exits 77).
enum BrowserScript {
    static func run(_ name: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
        for tool in ["/usr/bin/python3", "/usr/bin/chromium", "/usr/bin/chromedriver"] where !FileManager.default.isExecutableFile(atPath: tool) {
            throw XCTSkip("\(tool) is missing: run scripts/bootstrap.sh --test (chromium chromium-driver python3-selenium)")
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = [PreviewHarness.packageRoot.appendingPathComponent("scripts/\(name)").path] + arguments
        let out = Pipe()
        process.standardOutput = out
        process.standardError = out
        try process.run()
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        if process.terminationStatus == 77 { throw XCTSkip(text) }
        return (process.terminationStatus, text)
    }
}
