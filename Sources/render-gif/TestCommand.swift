import ArgumentParser
import Foundation
import SpruceFilm
import SpruceRender
import SpruceScene
import SpruceVideo

/// `render-gif test SCENE_OR_FOLDER…`: golden tests of scenes over time (filmstrip, timing, motion).
struct Test: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "test",
        abstract: "Check (or --record) the filmstrip, timing and motion goldens of scene files.",
        discussion: """
            For every scene: NAME.filmstrip.png (8 frames from first to last, compared region by region: a view \
            moved by a point or recoloured by 3/255 fails, anti-aliasing does not), NAME.timing.txt (each view's \
            start, duration and settling time) and NAME.motion.txt (every animated property every 0.05 s, rounded \
            as docs/Testing.md says). One line per scene, then a summary; exit status 1 when any scene differs \
            or has no goldens yet. Scenes play at their timeline.fps, else 25 fps.

            EXAMPLES
              render-gif test scenes/ --record           write the goldens (scenes/goldens/)
              render-gif test scenes/                    check them
              render-gif test scenes/ --report r.html --junit r.xml --shard 2/4

            \(ExitStatus.help)
            """)

    @Argument(help: ArgumentHelp("Scene files (.json, .yaml, .yml) or folders of them.", valueName: "scene-or-folder"), completion: .file(extensions: ["json", "yaml", "yml"]))
    var paths: [String]

    @Option(help: ArgumentHelp("Folder of the goldens (default: a goldens/ folder beside each scene).", valueName: "dir"), completion: .directory)
    var goldens: String?

    @Flag(help: "Write or update the goldens instead of checking them.")
    var record = false

    @Option(help: ArgumentHelp("Write an HTML page with expected, actual and difference filmstrips of every failure.",
                               valueName: "report.html"), completion: .file(extensions: ["html"]))
    var report: String?

    @Option(help: ArgumentHelp("Write the results as JUnit XML for CI systems.", valueName: "report.xml"), completion: .file(extensions: ["xml"]))
    var junit: String?

    @Option(help: ArgumentHelp("Check only part I of N (1-based) of the scenes, sorted by path: index mod N = I − 1.",
                               valueName: "I/N"))
    var shard: String?

    func run() throws { try Interrupts.handling(test) }

    private func test(_ interrupts: Interrupts, _ written: WrittenOutputs) throws {
        let shard = try parseShard()
        let all = try GoldenSuite.scenes(in: paths)
        let scenes = all.enumerated().filter { $0.offset % shard.count == shard.index }.map(\.element)
        // The report files are checked like every output: never over a scene, never one over the other.
        try OutputPlan.checkNames([("--report", report), ("--junit", junit), ("--goldens", goldens)])
        var plan = OutputPlan()
        plan.output("--report", report)
        plan.output(ReportPictures.flag, report.map(ReportPictures.folder(of:)), isDirectory: true)
        plan.output("--junit", junit)
        for scene in all { plan.input("the scene file", scene.path) }
        try plan.check()
        // A goldens folder that is a file (or a FIFO, a device) is refused before any scene is played; so is a report
        // in a goldens folder, and, when recording, a goldens folder that cannot be made or written.
        let folderOf = { (scene: URL) in goldens.map { URL(fileURLWithPath: $0) } ?? scene.deletingLastPathComponent().appendingPathComponent("goldens") }
        let lineNames = try GoldenSuite.lineNames(all, goldensFolder: folderOf, reporting: report != nil)
        let folders = Set(scenes.map { folderOf($0).path }).sorted()
        try GoldenFolders.check(folders, named: goldens == nil ? "the goldens folder" : "--goldens", recording: record,
                                outputs: plan.outputs.map { ($0.label, $0.path) })
        // Expected, actual and difference pictures are made only for the report that shows them, and kept only with it.
        let pictures = try report.map(ReportPictures.init(report:))
        defer { pictures?.discard() }
        let artifacts = pictures?.scratch
        // Scenes are checked on every core, one scene per thread at a time; lines come out in path order. Ctrl-C
        // stops every scene at its next frame or moment, and no scene starts after it.
        let record = self.record, cancellation = interrupts.cancellation
        var outcomes = try FilmGoldens.parallel(scenes.count, threads: ProcessInfo.processInfo.activeProcessorCount) { i in
            let scene = scenes[i]
            var goldens = FilmGoldens(folder: folderOf(scene))
            goldens.cancellation = cancellation
            goldens.animation = .apng
            let name = scene.deletingPathExtension().lastPathComponent
            do {
                RenderPhase.enter("golden", cancellation: cancellation)
                try cancellation.throwIfCancelled()
                let film = try GoldenSuite.film(of: scene)
                var outcome = try goldens.run(film, name: name, recording: record, artifacts: artifacts)
                outcome.name = lineNames[scene] ?? name
                return outcome
            } catch let e as RenderError where record && e.isOutOfSpace {
                // A full disk: the goldens that were there are as they were, and no other scene's would fit.
                throw CLIError(message: "\(scene.path): goldens not recorded: \(e)", code: ExitStatus.ioError)
            } catch {
                var failed = FilmGoldens.Outcome(name: lineNames[scene] ?? name)
                // One line: a line break in the path or the error is escaped here, so that the FAIL line, which shows
                // a failure's first line, keeps the reason.
                failed.failures = ["\(SafeText.escaped(scene.path)): \(SafeText.escaped("\(error)"))"]
                return failed
            }
        }
        for (scene, outcome) in zip(scenes, outcomes) {
            outcome.recorded.forEach { written.add(folderOf(scene).appendingPathComponent($0).path) }
        }
        if interrupts.receivedSignal != nil { throw RenderCancelled() }
        for outcome in outcomes { StandardStreams.print(SafeText.escaped(outcome.line(recording: record))) }
        let failed = outcomes.filter { $0.failed(recording: record) }
        let shardText = shard.count > 1 ? " (shard \(shard.index + 1)/\(shard.count) of \(all.count))" : ""
        if record {
            StandardStreams.print("recorded \(outcomes.filter { !$0.recorded.isEmpty }.count) of \(outcomes.count) scenes\(shardText)")
        } else {
            StandardStreams.print("\(outcomes.count - failed.count) passed, \(failed.count) failed of \(outcomes.count) scenes\(shardText)")
        }
        RenderPhase.enter("report", cancellation: cancellation)
        if interrupts.receivedSignal != nil { throw RenderCancelled() }
        if let pictures {
            try pictures.commit(&outcomes)
            outcomes.flatMap(\.artifacts).forEach { written.add($0.path) }
        }
        if let report {
            try Self.writing("--report") { try FilmGoldensReport.html(outcomes, to: URL(fileURLWithPath: report)) }
            written.add(report)
        }
        if let junit {
            try Self.writing("--junit") { try FilmGoldensReport.junit(outcomes, to: URL(fileURLWithPath: junit)) }
            written.add(junit)
        }
        guard failed.isEmpty else {
            let names = failed.map(\.name).joined(separator: ", ")
            if record {
                throw CLIError(message: "\(failed.count) scene\(failed.count == 1 ? "" : "s") could not be recorded: \(names)",
                               code: ExitStatus.goldensDiffer)
            }
            let hint = report == nil ? " (--report r.html shows expected, actual and difference)" : ""
            throw CLIError(message: "\(failed.count) scene\(failed.count == 1 ? " differs" : "s differ") from the goldens: \(names)\(hint)",
                           code: ExitStatus.goldensDiffer)
        }
    }

    /// A report that cannot be written (a full disk) is one line with its flag and path: 74.
    private static func writing(_ flag: String, _ body: () throws -> Void) throws {
        do { try body() } catch let e as RenderError {
            throw CLIError(message: "\(flag): \(e)", code: ExitStatus.ofFailedOutput(e))
        }
    }

    func parseShard() throws -> (index: Int, count: Int) {
        guard let shard else { return (0, 1) }
        let parts = shard.split(separator: "/")
        guard parts.count == 2, let i = Int(parts[0]), let n = Int(parts[1]), (1...10_000).contains(n), (1...n).contains(i) else {
            throw CLIError.usage("--shard: expected I/N with 1 ≤ I ≤ N ≤ 10000, got \"\(shard)\"")
        }
        return (i - 1, n)
    }
}

/// Finding scenes (`SceneGoldenSuite`, its problems worded for the command) and playing them as films for `render-gif test`.
enum GoldenSuite {
    static func scenes(in paths: [String]) throws -> [URL] {
        do { return try SceneGoldenSuite.scenes(in: paths) } catch let problem as SceneGoldenSuiteProblem { throw cliError(problem) }
    }

    static func lineNames(_ scenes: [URL], goldensFolder: (URL) -> URL, reporting: Bool) throws -> [URL: String] {
        do { return try SceneGoldenSuite.lineNames(scenes, goldensFolder: goldensFolder, uniqueNames: reporting) }
        catch let problem as SceneGoldenSuiteProblem { throw cliError(problem) }
    }

    static func cliError(_ problem: SceneGoldenSuiteProblem) -> CLIError {
        switch problem {
        case .noSuchPath, .noSceneFiles: CLIError(message: "\(problem)", code: ExitStatus.noInput)
        case .sharedGoldens: CLIError.usage("\(problem)")
        case .sameName(let name, let paths):
            CLIError.usage("--report: two scenes are named '\(name)' (\(paths.joined(separator: ", "))) and "
                           + "their pictures in the report would be too; test them in separate runs")
        }
    }

    static func film(of scene: URL) throws -> Film {
        let document = try SceneParser.load(contentsOf: scene)
        var film = try SceneFilm(document: document, framesPerSecond: FilmRecipe(scene: document).framesPerSecond(.golden)).film
        film.title = ReviewTitle.sceneName(contentsOf: scene) ?? scene.deletingPathExtension().lastPathComponent
        return film
    }
}

extension ExitStatus {
    /// `render-gif test`: at least one scene differs from its goldens (as a test runner reports failures).
    static let goldensDiffer: Int32 = 1
}
