import Foundation
import MediaTestSupport
import SpruceRender
@testable import SpruceReview
@testable import SpruceScene
import XCTest

/// The real `render-gif` binary (`BuiltProducts.renderGif`).
enum ReviewCLI {
    static var binary: URL? {
        let named = ProcessInfo.processInfo.environment["SPRUCE_TEST_RENDER_GIF"] != nil
        return named || FileManager.default.isExecutableFile(atPath: BuiltProducts.renderGif.path) ? BuiltProducts.renderGif : nil
    }

    static func run(_ arguments: [String]) throws -> (status: Int32, stderr: String) {
        guard let binary else { throw XCTSkip("render-gif is not built beside the tests") }
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        let err = FileManager.default.temporaryDirectory.appendingPathComponent("review-cli-\(UUID().uuidString).txt")
        FileManager.default.createFile(atPath: err.path, contents: nil)
        let handle = try FileHandle(forWritingTo: err)
        process.standardError = handle
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        try handle.close()
        defer { try? FileManager.default.removeItem(at: err) }
        return (process.terminationStatus, (try? String(contentsOf: err, encoding: .utf8)) ?? "")
    }
}

final class ReviewCLITests: XCTestCase {
    var folder: URL!
    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("review-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: folder) }

    /// `render-gif --scene cards.json --out dir/` gives the frames of the hand-written Swift screen.
    func testSceneFileThroughTheCLIEqualsTheHandWrittenScreen() throws {
        let scene = repositoryFixtures.appendingPathComponent("scenes/examples/cards.json").path
        let frames = folder.appendingPathComponent("frames").path + "/"
        let result = try ReviewCLI.run(["--scene", scene, "--out", frames, "--quiet"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let files = try FileManager.default.contentsOfDirectory(atPath: frames).filter { $0.hasSuffix(".png") }.sorted()
        let player = try examplePlayer("examples/cards.json")
        XCTAssertEqual(files.count, player.frameCount)

        let (root, _, _) = ReviewRoundTripTests.handWrittenCards()
        let film = try ReviewRoundTripTests.handWrittenFilm(root: root)
        var differing: [String] = []
        for (index, file) in files.enumerated() {
            let decoded = try Bitmap(contentsOfFile: frames + file)
            if decoded != (try film(index)) { differing.append(file) }
        }
        XCTAssertEqual(differing, [], "frames that differ")
    }

    func testSheetAndTimingChartFlags() throws {
        let sheet = folder.appendingPathComponent("sheet.png").path
        let chart = folder.appendingPathComponent("timing.png").path
        let grid = repositoryFixtures.appendingPathComponent("scenes/grid.json").path
        let result = try ReviewCLI.run(["--scene", grid, "--sheet", sheet, "--sheet-frames", "6", "--timing-chart", chart])
        XCTAssertEqual(result.status, 0, result.stderr)
        let player = try examplePlayer("grid.json")
        var expected = try ContactSheet(player: player, frames: 6, title: ReviewTitle.text(name: "grid", player: player))
        expected.scale = 1
        XCTAssertEqual(try Bitmap(contentsOfFile: sheet), try expected.render(), "the CLI draws what the API draws")
        let chartBitmap = try Bitmap(contentsOfFile: chart)
        XCTAssertEqual(chartBitmap, try TimingChart(player: player, title: ReviewTitle.text(name: "grid", player: player)).render())
    }

    func testReviewFlagErrors() throws {
        let png = folder.appendingPathComponent("x.png").path
        let cases: [([String], String)] = [
            (["--sheet-frames", "4", "--out", png], "--sheet-width need --sheet out.png"),
            (["--sheet", png, "--sheet-frames", "1"], "--sheet-frames: must be a whole number 2…200, got 1"),
            (["--sheet", png, "--sheet-width", "1e300"], "--sheet-width: must be a whole number 320…16384, got 1e+300"),
            (["--sheet", png, "--sheet-width", "nan"], "--sheet-width: must be a whole number 320…16384, got nan"),
            (["--sheet", png, "--sheet-columns", "2.5"], "--sheet-columns: must be a whole number 1…200, got 2.5"),
            (["--sheet", png, "--sheet-every", "0"], "--sheet-every: must be seconds in (0, 3600], got 0"),
            (["--sheet", png, "--sheet-every", "0.1", "--sheet-times", "0"], "--sheet-every and --sheet-times both choose"),
            // Known only once the motion is read, but still the flag's problem (it exited 65, as a bad scene).
            (["--sheet", png, "--sheet-every", "0.001", "--fps", "500"],
             "--sheet-every: a frame every 0.001 s of the motion is more than 200 frames; take a longer step"),
            (["--sheet", png, "--sheet-times", "0,abc"], "--sheet-times: \"abc\" is not a time in seconds ≥ 0"),
            (["--sheet", png, "--sheet-times", "0,99"], "--sheet-times: contact sheet time 99.0 s is outside the film"),
            (["--sheet", folder.appendingPathComponent("x.gif").path], "--sheet: writes a PNG, so the path must end in .png"),
            (["--timing-chart", "chart.jpg"], "--timing-chart: writes a PNG, so the path must end in .png"),
            (["--sheet", "/nonexistent-dir/sheet.png"], "--sheet '/nonexistent-dir/sheet.png': directory /nonexistent-dir does not exist"),
        ]
        for (arguments, message) in cases {
            let result = try ReviewCLI.run(arguments)
            XCTAssertEqual(result.status, arguments.contains("/nonexistent-dir/sheet.png") ? 73 : 64, "\(arguments)")
            XCTAssertTrue(result.stderr.contains(message), "\(arguments): \(result.stderr)")
            XCTAssertEqual(result.stderr.split(separator: "\n").count, 1, "one line: \(result.stderr)")
        }
    }
}
