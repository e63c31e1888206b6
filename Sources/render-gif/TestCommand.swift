import ArgumentParser
import Foundation
import SpruceProcess
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
            of enough contrast moved by a point, or recoloured by 3/255, fails; anti-aliasing does not; \
            docs/Testing.md says which moves), NAME.timing.txt (each view's \
            start, duration and settling time) and NAME.motion.txt (every animated property every 0.05 s, rounded \
            as docs/Testing.md says). One line per scene, then a summary; exit status 1 when any scene differs \
            or has no goldens yet. Scenes play at their timeline.fps, else 25 fps.

            EXAMPLES
              render-gif test scenes/ --record           write the goldens (scenes/goldens/)
              render-gif test scenes/                    check them
              render-gif test scenes/ --report r.html --junit r.xml --shard 2/4
              render-gif test scenes/ --accept grid,list    check, then accept those scenes' goldens

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

    @Option(parsing: .unconditional,
            help: ArgumentHelp("Check only part I of N (1-based) of the scenes, sorted by path: index mod N = I − 1.",
                               valueName: "I/N"))
    var shard: String?

    @Option(help: ArgumentHelp("After checking, write these scenes' differing or missing goldens as --record would.",
                               valueName: "scene[,scene…]"))
    var accept: String?

    @Flag(help: "After checking, write the differing or missing goldens of every scene that was played.")
    var acceptAll = false

    @Option(help: ArgumentHelp("Write a Markdown summary for a CI job page ($GITHUB_STEP_SUMMARY).", valueName: "summary.md"),
            completion: .file(extensions: ["md"]))
    var summary: String?

    func validate() throws {
        try CLIError.validating {
            if record, accept != nil || acceptAll { throw CLIError.usage("--accept and --accept-all accept what a check found; --record does not check: give one") }
            if accept != nil, acceptAll { throw CLIError.usage("--accept names scenes, --accept-all takes every one: give one") }
            _ = try acceptance()
        }
    }

    private func acceptance() throws -> SceneGoldenRun.Acceptance {
        if acceptAll { return .all }
        guard let accept else { return .none }
        guard let names = SceneGoldenRun.Acceptance(list: accept) else {
            throw CLIError.usage("--accept: expected scene names separated by commas, got \"\(accept)\"")
        }
        return names
    }

    func run() throws { try Interrupts.handling(test) }

    private func test(_ interrupts: Interrupts, _ written: WrittenOutputs) throws {
        var run = SceneGoldenRun(paths: paths)
        if let shard {
            guard let part = SceneGoldenRun.Shard(shard) else {
                throw CLIError.usage("--shard: expected I/N with 1 ≤ I ≤ N ≤ 10000, got \"\(shard)\"")
            }
            run.shard = part
        }
        (run.goldens, run.recording, run.report, run.junit, run.markdown) = (goldens, record, report, junit, summary)
        run.accepting = try acceptance()
        (run.labels.report, run.labels.junit, run.labels.reportPictures, run.labels.goldens) = ("--report", "--junit", "--report's pictures", "--goldens")
        (run.labels.markdown, run.labels.accepting, run.labels.record) = ("--summary", "--accept", "run with --record")
        run.labels.replace = "--accept or --record replaces it"
        let cancellation = interrupts.cancellation
        run.cancellation = cancellation
        run.animation = .apng
        var events = SceneGoldenRun.Events()
        events.sceneStarts = { RenderPhase.enter("golden", cancellation: cancellation) }
        // Ctrl-C stops every scene at its next frame or moment; what it interrupted is not reported as a failure.
        events.checkpoint = { point in
            if let phase = [SceneGoldenRun.Checkpoint.reporting: "report", .accepting: "accept"][point] { RenderPhase.enter(phase, cancellation: cancellation) }
            if interrupts.receivedSignal != nil { throw RenderCancelled() }
        }
        events.line = { StandardStreams.print($0) }
        events.wrote = written.add
        let summary: SceneGoldenRun.Summary
        do { summary = try run.run(events) } catch let e as SceneGoldenRunError { throw CLIError(message: "\(e)", code: code(of: e)) }
        guard let failure = summary.failure else { return }
        let hint = report == nil && summary.failedWithPictures ? " (--report r.html shows expected, actual and difference)" : ""
        throw CLIError(message: failure + hint, code: ExitStatus.goldensDiffer)
    }

    private func code(of error: SceneGoldenRunError) -> Int32 {
        switch error {
        case .noScenes: ExitStatus.noInput
        case .clash, .notChecked: ExitStatus.usage
        case .goldensFolder: record || accept != nil || acceptAll ? ExitStatus.cannotCreate : ExitStatus.noInput
        case .outputInGoldens, .picturesUnavailable: ExitStatus.cannotCreate
        case .picturesNotMoved, .notRecorded: ExitStatus.ioError
        case .notWritten(_, let e), .notAccepted(_, let e): ExitStatus.ofFailedOutput(e)
        }
    }
}

extension ExitStatus {
    /// `render-gif test`: at least one scene differs from its goldens (as a test runner reports failures).
    static let goldensDiffer: Int32 = 1
}
