import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Spruce
import SpruceFilm
import SpruceRender
@testable import SpruceReview
@testable import SpruceScene
import XCTest

/// The motion curves chart: its geometry against the physics, and what it shows.
final class MotionCurvesTests: XCTestCase {
    /// The spring's progress x(t) from the physics: x'' = −k(x − 1) − c·x', x(0) = 0, x'(0) = v (mass 1),
    /// solved in closed form for an underdamped spring.
    func springProgress(_ spring: SpringAnimation, at t: Double) -> Double {
        let p = spring.springParameters
        let omega = p.tension.squareRoot(), zeta = p.dampingRatio
        let wd = omega * (1 - zeta * zeta).squareRoot()
        let a = -1.0, b = (Double(spring.initialVelocity) + zeta * omega * a) / wd
        return 1 + exp(-zeta * omega * t) * (a * cos(wd * t) + b * sin(wd * t))
    }

    func testSpringOvershootIsAboveTheOneLineWhenThePhysicsSays() throws {
        let player = try examplePlayer("grid.json")
        let chart = try MotionCurves(film: player.film, views: ["tile-0-0"])
        let panel = try XCTUnwrap(chart.panels.first { $0.property == .scale })
        let curve = try XCTUnwrap(panel.curves.first)
        XCTAssertEqual(curve.view, "tile-0-0")

        // The physics: the first maximum of the spring's progress (tile-0-0 starts at once).
        let spring = try SpringAnimation.validated(duration: 0.5, damping: 0.5, initialVelocity: 0.7)
        let grid = stride(from: 0.0, through: 1.0, by: 0.0001).map { ($0, springProgress(spring, at: $0)) }
        let peak = grid.first { i in springProgress(spring, at: i.0 + 0.0001) < i.1 }!
        XCTAssertGreaterThan(peak.1, 1.1, "damping 0.5 overshoots by more than 10 %")

        // The chart: its highest point is above the 1.0 line, at the physics' time and height.
        let apex = curve.points.min { $0.y < $1.y }!
        XCTAssertLessThan(apex.y, panel.y(1) - 10, "the overshoot is drawn above the 1.0 line")
        let step = 1 / MotionTracks.minimumRate
        XCTAssertEqual(Double(apex.x), Double(panel.x(peak.0)), accuracy: Double(panel.x(step) - panel.x(0)) + 0.01,
                       "apex at \(peak.0) s")
        XCTAssertEqual(Double(apex.y), Double(panel.y(peak.1)), accuracy: Double(panel.y(1) - panel.y(1.01)),
                       "apex height \(peak.1) within 1 %")
        // Every sampled value follows the closed form closely (the film's clock, not a re-implementation).
        let track = try XCTUnwrap(chart.tracks.tracks.first { $0.property == .scale })
        for (t, v) in zip(chart.tracks.times, track.values) where t >= 0 {
            XCTAssertEqual(v, springProgress(spring, at: t), accuracy: 0.01, "t = \(t)")
        }
        // 0 where it starts, 1 where it rests.
        XCTAssertEqual(track.values.first!, 0, accuracy: 1e-9)
        XCTAssertEqual(track.values.last!, 1, accuracy: 0.002)
        XCTAssertNotNil(track.settle)
    }

    func testGridShowsOpacityAndScaleForEveryTileInStartColours() throws {
        let player = try examplePlayer("grid.json")
        let chart = try MotionCurves(film: player.film)
        XCTAssertEqual(chart.properties, [.opacity, .scale], "fade-in and expand; nothing rotates or moves")
        XCTAssertEqual(chart.panels[1].curves.count, 49)
        let tracks = chart.tracks.tracks.filter { $0.property == .scale }
        let byView = Dictionary(uniqueKeysWithValues: tracks.map { ($0.view, $0) })
        // The corner's last tile starts 12 delays (0.3 s) after the first.
        XCTAssertEqual(byView["tile-6-6"]!.start - byView["tile-0-0"]!.start, 0.3, accuracy: 1e-9)
        XCTAssertEqual(byView["tile-6-6"]!.settle! - byView["tile-0-0"]!.settle!, 0.3, accuracy: 0.02)
    }

    /// A cornered 7×7 grid starts its tiles in 13 diagonals; tiles of a diagonal move alike, so each panel draws 13
    /// curves, as many as for one tile of each diagonal, not 49 on top of each other.
    func testViewsThatMoveAlikeAreDrawnOnce() throws {
        let player = try examplePlayer("grid.json")
        func curveLines(_ chart: MotionCurves) -> Int {
            chart.drawing().elements.filter { if case .line(let points, _, _, _) = $0 { points.count > 2 } else { false } }.count
        }
        let all = try MotionCurves(film: player.film)
        let oneADiagonal = (0..<13).map { d in "tile-\(max(0, d - 6))-\(min(d, 6))" }
        let chosen = try MotionCurves(film: player.film, views: oneADiagonal)
        XCTAssertEqual(Set(chosen.tracks.tracks.map(\.start)).count, 13)
        XCTAssertEqual(curveLines(chosen), 2 * 13, "opacity and scale, one curve a diagonal")
        XCTAssertEqual(curveLines(all), curveLines(chosen))
        XCTAssertEqual(all.panels[1].curves.count, 49, "the panel still holds every view's curve")
    }

    func testCardsSlideUpAndUnknownViewsAreNamed() throws {
        let player = try examplePlayer("examples/cards.json")
        let chart = try MotionCurves(film: player.film)
        XCTAssertEqual(chart.properties, [.opacity, .position])
        let position = chart.tracks.tracks.filter { $0.property == .position }
        XCTAssertEqual(position.map(\.distance).map { $0.rounded() }, [30, 30, 30], "slide:up:moderately is 30 points")
        XCTAssertThrowsError(try MotionCurves(film: player.film, views: ["card-9"])) {
            XCTAssertTrue("\($0)".contains("no animated view \"card-9\" (animated views: card-1, card-2, card-3)"), "\($0)")
        }
    }

    func testSVGHasTheSameCurves() throws {
        let player = try examplePlayer("examples/cards.json")
        let chart = try MotionCurves(film: player.film)
        let svg = chart.drawing().svg()
        XCTAssertTrue(svg.hasPrefix("<?xml"))
        XCTAssertEqual(svg.components(separatedBy: "<polyline").count - 1, chart.drawing().elements.filter {
            if case .line = $0 { return true } else { return false }
        }.count)
        XCTAssertTrue(XMLParser(data: Data(svg.utf8)).parse(), "well-formed XML")
    }

    /// The README's picture: the grid's springs, looked at by eye when recorded.
    func testGridMotionCurvesGolden() throws {
        let player = try examplePlayer("grid.json")
        let chart = try MotionCurves(film: player.film, title: ReviewTitle.text(name: "grid", spec: player.document.choreography))
        assertReviewGolden(try chart.render(), named: "grid-motion-curves")
    }

    /// Written for looking at: `swift test --filter MotionCurvesTests/testWriteExamples` → out/curves/.
    func testWriteExamples() throws {
        let out = repositoryFixtures.deletingLastPathComponent().appendingPathComponent("out/curves")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        for name in ["grid.json", "examples/cards.json", "examples/profile.yaml"] {
            let player = try examplePlayer(name)
            let chart = try MotionCurves(film: player.film, title: name)
            let base = URL(fileURLWithPath: name).deletingPathExtension().lastPathComponent
            try chart.render().writePNG(to: out.appendingPathComponent("\(base)-curves.png").path)
            try chart.drawing().svg().write(to: out.appendingPathComponent("\(base)-curves.svg"), atomically: true, encoding: .utf8)
        }
    }
}

/// `--curves` and `--views` through the command line.
final class MotionCurvesCLITests: XCTestCase {
    func testCurvesFlagWritesWhatTheAPIDraws() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("curves-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let cards = repositoryFixtures.appendingPathComponent("scenes/examples/cards.json").path
        let png = folder.appendingPathComponent("c.png").path, svg = folder.appendingPathComponent("c.svg").path
        var result = try ReviewCLI.run(["--scene", cards, "--curves", png, "--views", "card-1,card-3"])
        XCTAssertEqual(result.status, 0, result.stderr)
        result = try ReviewCLI.run(["--scene", cards, "--curves", svg])
        XCTAssertEqual(result.status, 0, result.stderr)
        let player = try examplePlayer("examples/cards.json")
        let name = ReviewTitle.sceneName(contentsOf: URL(fileURLWithPath: cards)) ?? "cards"
        let title = ReviewTitle.text(name: name, spec: player.document.choreography)
        let expected = try MotionCurves(film: player.film, views: ["card-1", "card-3"], title: title)
        XCTAssertEqual(try Bitmap(contentsOfFile: png), try expected.render())
        XCTAssertEqual(try String(contentsOfFile: svg, encoding: .utf8), try MotionCurves(film: player.film, title: title).drawing().svg())
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted(), ["c.png", "c.svg"], "no temporaries left")

        for (arguments, message) in [
            (["--scene", cards, "--curves", png, "--views", "card-9"], "--views: unknown value \"card-9\""),
            (["--scene", cards, "--views", "card-1", "--out", png], "--views chooses the views of --curves"),
            (["--scene", cards, "--curves", folder.appendingPathComponent("c.pdf").path], "--curves: writes PNG or SVG"),
        ] {
            let r = try ReviewCLI.run(arguments)
            XCTAssertEqual(r.status, 64, "\(arguments)")
            XCTAssertTrue(r.stderr.contains(message), r.stderr)
            XCTAssertEqual(r.stderr.split(separator: "\n").count, 1)
        }
    }
}

/// Many views over a long entrance are sampled more coarsely, within `MotionTracks.maximumSamples`, and still from the
/// animate call to rest (a 10,000-view grid took 4 GB and lost the last 10 s of its 43 s entrance).
final class MotionTracksBudgetTests: XCTestCase {
    func testABudgetSpreadsFewerSamplesOverTheWholeEntrance() throws {
        let film = try examplePlayer("grid.json").film
        let full = try MotionTracks(film: film)
        let budget = film.timings.count * 20
        let coarse = try MotionTracks(film: film, maximumSamples: budget)
        XCTAssertLessThanOrEqual(full.sampleStep, 1 / MotionTracks.minimumRate, "25 fps in five steps a frame")
        XCTAssertLessThanOrEqual(coarse.times.count, 20)
        XCTAssertLessThanOrEqual(coarse.times.count * film.timings.count, budget)
        XCTAssertEqual(coarse.times.last!, full.times.last!, accuracy: 1e-9, "the whole entrance, to rest")
        let multiple = coarse.sampleStep / full.sampleStep
        XCTAssertEqual(multiple, multiple.rounded(), accuracy: 1e-9, "on the film's own ticks")
        XCTAssertGreaterThan(multiple, 1)
        // The same views and properties, each sample the fine track's value at the same time (within 0.1 %: the film's
        // clock reaches a time in fewer, longer steps, and a spring may snap to rest a step later).
        XCTAssertEqual(coarse.tracks.map(\.view), full.tracks.map(\.view))
        XCTAssertEqual(coarse.tracks.map(\.property), full.tracks.map(\.property))
        let k = Int(multiple.rounded())
        for (c, f) in zip(coarse.tracks, full.tracks) {
            for (i, v) in c.values.enumerated() where i * k < f.values.count - 1 {
                XCTAssertEqual(v, f.values[i * k], accuracy: 1e-3, "\(c.view) \(c.property) sample \(i)")
            }
            XCTAssertNotNil(c.settle)
        }
        XCTAssertTrue(try MotionCurves(film: film).subtitle.hasSuffix("(within 1 %)"))
    }
}
