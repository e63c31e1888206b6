import Foundation
import MediaTestSupport
import SpruceFilm
import SpruceRender
import Spruce
import SpruceScene
import XCTest

/// The goldens catch real regressions: the README grid is recorded, then played with one thing changed.
/// Each regression must fail at least one golden; a change of anti-aliasing must pass all three.
final class MutationTests: XCTestCase {
    static let grid = CLIRoot.url.appendingPathComponent("fixtures/scenes/grid.json")

    func film(_ edit: (inout SceneDocument) -> Void = { _ in }, antialias: Antialias = .good) throws -> Film {
        var document = try SceneParser.load(contentsOf: Self.grid)
        edit(&document)
        var film = try SceneFilm(document: document, framesPerSecond: 25).film
        film.canvas.antialias = antialias
        return film
    }

    func testRegressionsFailAndAntialiasingPasses() throws {
        let scratch = try Scratch()
        let goldens = FilmGoldens(folder: scratch.path("goldens"))
        _ = try goldens.record(try film(), name: "grid")
        let mutants: [(String, Film, Bool)] = [
            ("damping +5 %", try film { $0.choreography.damping = $0.choreography.damping * 1.05 }, false),
            ("damping −5 %", try film { $0.choreography.damping = $0.choreography.damping * 0.95 }, false),
            ("inter-object delay +10 ms", try film { $0.choreography.sort = .cornered(corner: .topLeft, delay: 0.025 + 0.010, reversed: false) }, false),
            ("corner bottomRight", try film { $0.choreography.sort = .cornered(corner: .bottomRight, delay: 0.025, reversed: false) }, false),
            ("grid moved 1 pt", try film { $0.views[0].frame.origin.x += 1 }, false),
            ("recoloured 3/255", try film { $0.views[0].grid!.tile.backgroundColor = Color(red: 0xAC / 255.0, green: 0xF0 / 255.0, blue: 0xB4 / 255.0) }, false),
            ("anti-aliasing FAST", try film(antialias: .fast), true),
            ("anti-aliasing BEST", try film(antialias: .best), true),
        ]
        var table = ["| mutation | filmstrip | timing | motion | verdict |", "|---|---|---|---|---|"]
        for (name, mutant, shouldPass) in mutants {
            let outcome = try goldens.check(mutant, name: "grid", artifacts: nil)
            func caught(_ kind: String) -> String { outcome.failures.contains { $0.hasPrefix(kind) } ? "FAIL" : "pass" }
            table.append("| \(name) | \(caught("filmstrip")) | \(caught("timing")) | \(caught("motion")) | \(outcome.passed ? "PASS" : "FAIL") |")
            XCTAssertEqual(outcome.passed, shouldPass, "\(name): \(outcome.failures.joined(separator: "\n"))")
        }
        print(table.joined(separator: "\n"))
    }
}

enum CLIRoot {
    static let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
}
