import Foundation
import MediaTestSupport
import Spruce
import SpruceScene
import XCTest
@testable import render_gif

/// `--timing` and `--print-swift`: the outputs that need no ffmpeg.
final class TimingAndCodeTests: XCTestCase {
    struct Export: Decodable {
        struct View: Decodable { let view: String; let start: Double; let end: Double; let nominalDuration: Double? }
        let duration: Double
        let views: [View]
    }

    func testTimingExportHasTheCorneredOffsetsOfEveryTile() throws {
        let scratch = try Scratch()
        let out = scratch.path("timing.json")
        let result = try CLI.run(["--sort", "cornered", "--timing", out.path])
        XCTAssertEqual(result.status, 0, result.stderr)
        let export = try JSONDecoder().decode(Export.self, from: Data(contentsOf: out))
        XCTAssertEqual(export.views.count, 49)
        var endByStart: [Double: Double] = [:]
        let settle = SpringAnimation(duration: 0.5).expectedDuration
        for v in export.views {
            let parts = v.view.split(separator: "-")  // tile-row-column
            XCTAssertEqual(parts.count, 3, v.view)
            let (row, column) = (Double(parts[1])!, Double(parts[2])!)
            XCTAssertEqual(v.start, (row + column) * 0.025, accuracy: 1e-9, v.view)
            // Each spring rests on a frame of the 25 fps film, no earlier than one substep before its
            // substep settling time, and tiles starting together end together.
            XCTAssertEqual(v.end * 25, (v.end * 25).rounded(), accuracy: 1e-6, "\(v.view) ends on a frame")
            XCTAssertGreaterThanOrEqual(v.end - v.start, settle - 0.008 - 1e-9, v.view)
            XCTAssertLessThan(v.end - v.start, settle + 0.2, v.view)
            XCTAssertEqual(endByStart[v.start, default: v.end], v.end, v.view)
            XCTAssertEqual(v.nominalDuration, 0.5, "\(v.view): the spring's nominal duration, labelled, beside its real end")
            endByStart[v.start] = v.end
        }
        XCTAssertEqual(export.duration, export.views.map(\.end).max()!, accuracy: 1e-9)
        XCTAssertEqual(scratch.contents, ["timing.json"], "written atomically: no temporary left")
    }

    /// A standard animation ends when asked: no nominal duration beside its end.
    func testStandardAnimationTimingHasNoNominalDuration() throws {
        let scratch = try Scratch()
        let out = scratch.path("t.json")
        XCTAssertEqual(try CLI.run(["--animation", "standard", "--animation-duration", "0.4", "--timing", out.path]).status, 0)
        let export = try JSONDecoder().decode(Export.self, from: Data(contentsOf: out))
        XCTAssertTrue(export.views.allSatisfy { $0.nominalDuration == nil && abs($0.end - $0.start - 0.4) < 1e-9 })
    }

    func testRowsAndColumnsRecutTheGrid() throws {
        let scratch = try Scratch()
        let out = scratch.path("t.json")
        XCTAssertEqual(try CLI.run(["--rows", "3", "--columns", "4", "--sort", "linear", "--delay", "0.1", "--timing", out.path]).status, 0)
        let export = try JSONDecoder().decode(Export.self, from: Data(contentsOf: out))
        XCTAssertEqual(export.views.count, 12)
        XCTAssertEqual(Set(export.views.map(\.start)), [0, 0.1, 0.2], "linear top to bottom: one start per row")
        XCTAssertTrue(export.views.allSatisfy { $0.nominalDuration == 0.5 })
    }

    /// Configurations whose printed code must name the right constructors and compile against our modules.
    let configurations: [([String], [String])] = [
        (["--sort", "cornered"], ["CorneredSortFunction(corner: .topLeft, interObjectDelay: 0.025)",
                                  "SpringAnimation(duration: 0.5)", "animation.damping = 0.5",
                                  "animation.initialVelocity = 0.7", "[.fadeIn, .expand(.toScale(0.1))]",
                                  "view.spruce.animate(animations, animationType: animation, sortFunction: sortFunction)"]),
        (["--sort", "linear", "--direction", "bottomToTop", "--reversed", "--animation", "standard",
          "--animation-duration", "0.4", "--animations", "fade-in,slide:up:moderately"],
         ["LinearSortFunction(direction: .bottomToTop, interObjectDelay: 0.025)", "sortFunction.reversed = true",
          "StandardAnimation(duration: 0.4)", "[.fadeIn, .slide(.up, .moderately)]"]),
        (["--sort", "continuous-weighted", "--weights", "heavy,0.5", "--position", "bottomRight", "--duration", "0.6"],
         ["ContinuousWeightedSortFunction(position: .bottomRight, duration: 0.6, horizontalWeight: .heavy, verticalWeight: .custom(0.5))"]),
        (["--sort", "stagger", "--from", "center", "--amount", "0.6", "--axis", "x", "--ease", "easeOutCubic"],
         ["StaggerSortFunction(amount: 0.6, from: .center, axis: .x, easing: SortEasing { TimingFunction(name: \"easeOutCubic\")"]),
        (["--sort", "stagger", "--from", "-40,20", "--amount", "0.6"],
         ["StaggerSortFunction(amount: 0.6, from: .point(CGPoint(x: -40.0, y: 20.0)))"]),
        (["--sort", "radial", "--position", "middle", "--ease", "easeIn", "--animations", "spin:90deg,contract:severely"],
         ["RadialSortFunction(position: .middle, interObjectDelay: 0.025)", "EasedSortFunction(baseSortFunction, easing:",
          ".spin(.toAngle(1.5707963267948966))", ".contract(.severely)"]),
        (["--sort", "random", "--seed", "7", "--exclude", "tile-0-0,tile-6-6"],
         ["RandomSortFunction(interObjectDelay: 0.025, seed: 7)", "exclude: excluded",
          "[\"tile-0-0\", \"tile-6-6\"].compactMap { view.view(withID: $0) }"]),
        (["--sort", "snake", "--corner", "bottomRight", "--reversed", "--recursive-depth", "1"],
         ["SnakeSortFunction(corner: .bottomRight, interObjectDelay: 0.025, reversed: true)", "recursiveDepth: 1"]),
        (["--sort", "inline", "--corner", "topRight"], ["InlineSortFunction(corner: .topRight, interObjectDelay: 0.025)"]),
        (["--sort", "default"], ["DefaultSortFunction(interObjectDelay: 0.025)"]),
        (["--sort", "continuous", "--position", "left", "--reversed"],
         ["ContinuousSortFunction(position: .left, duration: 1.0)", "sortFunction.reversed = true"]),
    ]

    func testPrintSwiftNamesTheConstructorsAndTypeChecksAgainstSpruce() throws {
        var functions: [String] = []
        for (index, (arguments, expected)) in configurations.enumerated() {
            let result = try CLI.run(arguments + ["--print-swift"])
            XCTAssertEqual(result.status, 0, "\(arguments): \(result.stderr)")
            for snippet in expected {
                XCTAssertTrue(result.stdout.contains(snippet), "\(arguments): missing \(snippet) in\n\(result.stdout)")
            }
            let body = result.stdout.split(separator: "\n").map { "    " + $0 }.joined(separator: "\n")
            functions.append("func configuration\(index)(_ view: View) {\n\(body)\n}")
        }
        try typeCheck(functions)
    }

    /// A scene with one choreography prints what it always has (this text is the output before scenes could
    /// have several), under a header naming the release that printed it.
    func testPrintSwiftOfASingleChoreographyIsUnchanged() throws {
        let result = try CLI.run(["--scene", "grid", "--print-swift"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stdout, """
            // render-gif \(SpruceForLinux.version) --print-swift
            // Spruce: cornered sort, spring animation. `view` is the view whose subviews animate (the scene's "grid").
            let animations: [StockAnimation] = [.fadeIn, .expand(.toScale(0.1))]
            let sortFunction = CorneredSortFunction(corner: .topLeft, interObjectDelay: 0.025)
            var animation = SpringAnimation(duration: 0.5)
            animation.damping = 0.5
            animation.initialVelocity = 0.7
            view.spruce.animate(animations, animationType: animation, sortFunction: sortFunction)

            """)
    }

    /// phones.json has three choreographies (one per phone): all three are printed, in file order, each in
    /// its own block labelled with the view it animates, and the whole output pastes into one function.
    func testPrintSwiftPrintsEveryChoreographyInOrder() throws {
        let result = try CLI.run(["--scene", "phones", "--print-swift"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let out = result.stdout
        let expected = [
            ("// 1 of 3: the subviews of \"list-phone-screen\" (`listPhoneScreen`): linear sort, spring animation.",
             "LinearSortFunction(direction: .topToBottom, interObjectDelay: 0.05)", "[.slide(.left, .severely), .fadeIn]",
             "listPhoneScreen.spruce.animate(animations, animationType: animation, sortFunction: sortFunction)"),
            ("// 2 of 3: the subviews of \"detail-phone-screen\" (`detailPhoneScreen`): linear sort, standard animation.",
             "StandardAnimation(duration: 0.5)", "[.slide(.up, .moderately), .fadeIn]",
             "detailPhoneScreen.spruce.animate(animations, animationType: animation, sortFunction: sortFunction)"),
            ("// 3 of 3: the subviews of \"grid-phone-screen\" (`gridPhoneScreen`): cornered sort, spring animation.",
             "CorneredSortFunction(corner: .topLeft, interObjectDelay: 0.05)", "[.slide(.up, .moderately), .fadeIn]",
             "gridPhoneScreen.spruce.animate(animations, animationType: animation, sortFunction: sortFunction)"),
        ]
        var from = out.startIndex
        for (label, sort, animations, call) in expected {
            guard let l = out.range(of: label, range: from..<out.endIndex) else { return XCTFail("missing \(label) in\n\(out)") }
            guard let c = out.range(of: call, range: l.upperBound..<out.endIndex) else { return XCTFail("missing \(call) in\n\(out)") }
            let block = String(out[l.upperBound..<c.upperBound])
            XCTAssertTrue(block.contains(sort), "\(label): \(sort)")
            XCTAssertTrue(block.contains(animations), "\(label): \(animations)")
            from = c.upperBound
        }
        XCTAssertEqual(out.components(separatedBy: ".spruce.animate(").count - 1, 3)
        XCTAssertEqual(out.components(separatedBy: "do {\n").count - 1, 3, "one block each: their names would clash")
        let body = out.split(separator: "\n").map { "    " + $0 }.joined(separator: "\n")
        try typeCheck(["func phones(_ listPhoneScreen: View, _ detailPhoneScreen: View, _ gridPhoneScreen: View) {\n\(body)\n}"])
    }

    /// Type-checks the functions against the built Spruce module, as a user's file would import it.
    func typeCheck(_ functions: [String], file: StaticString = #filePath, line: UInt = #line) throws {
        let scratch = try Scratch()
        let source = scratch.path("Generated.swift")
        try ("import Advance\nimport Foundation\nimport Spruce\n\n" + functions.joined(separator: "\n\n") + "\n")
            .write(to: source, atomically: true, encoding: .utf8)
        let modules = CLI.productsDirectory.appendingPathComponent("Modules")
        guard FileManager.default.fileExists(atPath: modules.appendingPathComponent("Spruce.swiftmodule").path) else {
            throw XCTSkip("no Spruce.swiftmodule in \(modules.path); the constructor checks above still ran")
        }
        let swiftc = Media.tool("swiftc")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: swiftc)
        process.arguments = ["-typecheck", "-swift-version", "5", "-I", modules.path, source.path]
        let log = scratch.path("swiftc.log")
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        process.standardOutput = try FileHandle(forWritingTo: log)
        process.standardError = try FileHandle(forWritingTo: log)
        try process.run()
        process.waitUntilExit()
        let output = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
        XCTAssertEqual(process.terminationStatus, 0, "printed code does not type-check:\n\(output)", file: file, line: line)
    }
}
