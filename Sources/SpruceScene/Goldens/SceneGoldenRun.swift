import Foundation
import SpruceFilm
import SpruceRender

/// A goldens run over scene files (`render-gif test`): the scenes found (`SceneGoldenSuite`) and one shard of them,
/// every output and goldens folder checked before any scene is played, each scene played as a film at its golden
/// frame rate and checked against its goldens, or recorded into them (`FilmGoldens`), on `threads` threads, then the
/// lines, the report page with its pictures (`FilmGoldensReport.Pictures`) and the JUnit file. Messages name the
/// outputs by `labels` (a command line passes its flags).
public struct SceneGoldenRun {
    public var paths: [String]
    /// One folder for every scene's goldens; nil: a `goldens/` folder beside each scene.
    public var goldens: String?
    public var recording = false
    public var report: String?
    public var junit: String?
    /// A Markdown summary for a CI job's page (`GoldenSummaryPage`).
    public var markdown: String?
    /// Checking, the scenes whose goldens that differ or are missing are then accepted (`GoldenReview.accept`);
    /// ignored when recording, which writes every golden.
    public var accepting = Acceptance.none
    public var shard = Shard.whole
    public var threads = ProcessInfo.processInfo.activeProcessorCount
    /// The side-by-side animation a failed scene's report pictures include (SpruceVideo's `.apng`); nil: stills only.
    public var animation: FilmArtifacts.Animation?
    /// Checked at every scene, frame and moment: scenes stop at their next one, and no scene starts after it.
    public var cancellation = RenderCancellation()
    public var labels = Labels()

    public init(paths: [String]) { self.paths = paths }

    /// Which scenes of the run, sorted by path, are played: scene `i` when `i mod count == index`.
    public struct Shard: Equatable, Sendable {
        public var index: Int
        public var count: Int
        public static let whole = Shard(index: 0, count: 1)
        public static let maximumCount = 10_000

        public init(index: Int, count: Int) { (self.index, self.count) = (index, count) }

        /// `I/N`, 1-based, 1 ≤ I ≤ N ≤ `maximumCount`; nil for anything else.
        public init?(_ text: String) {
            let parts = text.split(separator: "/")
            guard parts.count == 2, let i = Int(parts[0]), let n = Int(parts[1]), (1...Self.maximumCount).contains(n),
                  (1...n).contains(i) else { return nil }
            self.init(index: i - 1, count: n)
        }
    }

    /// Which scenes a check accepts: none, those named (by the name their line shows), or every one that can be.
    public enum Acceptance: Equatable, Sendable {
        case none
        case scenes([String])
        case all

        /// `a,b,c`: the names between commas; nil when one is empty. A name that holds a comma is made whole again
        /// against the scenes checked (`names(among:)`).
        public init?(list: String) {
            let names = list.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            guard !names.contains(where: \.isEmpty) else { return nil }
            self = .scenes(names)
        }

        /// The scenes named, read against the names of the scenes checked: each piece between commas, or, where
        /// neighbouring pieces joined by their commas are a checked name (a scene file `login, dark.json`), that
        /// name, the longest first. Empty for `none` and `all`.
        public func names(among checked: [String]) -> [String] {
            guard case .scenes(let pieces) = self else { return [] }
            let known = Set(checked)
            var names: [String] = [], i = 0
            while i < pieces.count {
                let end = (i..<pieces.count).last { known.contains(pieces[i...$0].joined(separator: ",")) } ?? i
                names.append(pieces[i...end].joined(separator: ","))
                i = end + 1
            }
            return names
        }
    }

    /// How messages name the report, the JUnit file, the summary, the scenes to accept, the report's pictures and the
    /// `goldens` folder.
    public struct Labels {
        public var report = "the report"
        public var junit = "the JUnit file"
        public var markdown = "the summary"
        public var accepting = "the scenes to accept"
        public var reportPictures = "the report's pictures"
        public var goldens = "the goldens folder"
        /// What a scene without goldens is told to do (`FilmGoldensReport.recordHint`).
        public var record = FilmGoldensReport.recordHint
        /// What a golden that cannot be read is told to do (`FilmGoldens.replaceHint`).
        public var replace = FilmGoldens.defaultReplaceHint

        public init() {}
    }

    /// What a run tells its caller as it goes: each scene as it starts (on its thread), each file it wrote (the
    /// goldens recorded, the report's pictures, the report, the JUnit file), each line of its output, and two
    /// checkpoints, once every scene has played and before the reports are written, where the caller may stop it by
    /// throwing.
    public struct Events {
        public var sceneStarts: () -> Void = {}
        public var checkpoint: (Checkpoint) throws -> Void = { _ in }
        public var line: (String) -> Void = { _ in }
        public var wrote: (String) -> Void = { _ in }

        public init() {}
    }

    /// `accepting` comes before each accepted scene's goldens are renamed into place.
    public enum Checkpoint: Sendable { case played, accepting, reporting }

    /// The outcomes of the scenes played, in path order, with each scene's file and goldens folder.
    public struct Summary {
        public var outcomes: [FilmGoldens.Outcome]
        public var recording: Bool
        public var scenes: [(file: URL, goldens: URL)] = []
        /// The names of the scenes whose goldens were accepted after the check: they no longer fail.
        public var accepted: [String] = []
        /// The names of the scenes to accept that could not be played: they have no goldens to accept, and still fail.
        public var notAccepted: [String] = []

        public init(outcomes: [FilmGoldens.Outcome], recording: Bool, scenes: [(file: URL, goldens: URL)] = []) {
            (self.outcomes, self.recording, self.scenes) = (outcomes, recording, scenes)
        }

        /// How many failed scenes the last line names.
        public static let namesShown = ShownNames.limit

        public var failed: [FilmGoldens.Outcome] {
            outcomes.filter { $0.failed(recording: recording) && !accepted.contains($0.name) }
        }

        /// Whether a report has pictures of a failed scene to show: checking, at least one of them was played (one
        /// that could not be played has none).
        public var failedWithPictures: Bool { !recording && failed.contains(where: \.played) }

        /// "2 scenes differ from the goldens: a, b" (recording: "1 scene could not be recorded: a"); the scenes that
        /// could not be played after it, "1 scene could not be played: c", or, those it was asked to accept, "1 scene
        /// not accepted, as it could not be played: d"; nil when none failed. At most `namesShown` names in each, then
        /// "and N more": every scene has its own line above, and a run where hundreds fail still ends on one short line.
        public var failure: String? {
            let failed = self.failed
            guard !failed.isEmpty else { return nil }
            func names(_ outcomes: [FilmGoldens.Outcome]) -> String { ShownNames.joined(outcomes.map(\.name), shown: Self.namesShown) }
            func count(_ outcomes: [FilmGoldens.Outcome], _ one: String, _ many: String) -> String {
                "\(outcomes.count) scene\(outcomes.count == 1 ? one : many)"
            }
            if recording { return "\(count(failed, "", "s")) could not be recorded: \(names(failed))" }
            let unplayed = failed.filter { !$0.played }
            let groups = [(failed.filter(\.played), " differs", "s differ", "from the goldens"),
                          (unplayed.filter { !notAccepted.contains($0.name) }, "", "s", "could not be played"),
                          (unplayed.filter { notAccepted.contains($0.name) }, " not accepted, as it", "s not accepted, as they",
                           "could not be played")]
            return groups.filter { !$0.0.isEmpty }.map { "\(count($0.0, $0.1, $0.2)) \($0.3): \(names($0.0))" }.joined(separator: "; ")
        }
    }

    /// Plays the run: throws `SceneGoldenRunError` or `OutputPlanError` before any scene is played when it cannot
    /// start, `SceneGoldenRunError` when a recording ran out of space or a report could not be written. A scene
    /// that cannot be played is its own failed outcome.
    public func run(_ events: Events = Events()) throws -> Summary {
        let all = try suite { try SceneGoldenSuite.scenes(in: paths) }
        let scenes = all.enumerated().filter { $0.offset % shard.count == shard.index }.map(\.element)
        let outputs = try checkOutputs(all)
        let lineNames = try suite { try SceneGoldenSuite.lineNames(all, goldensFolder: folder(of:), uniqueNames: report != nil) }
        try checkAccepting(scenes.map { lineNames[$0] ?? $0.deletingPathExtension().lastPathComponent })
        try checkFolders(Set(scenes.map { folder(of: $0).path }).sorted(), outputs: outputs)
        // Expected, actual and difference pictures are made only for the report that shows them, and kept only with it.
        let pictures = try report.map { report in
            do { return try FilmGoldensReport.Pictures(report: URL(plainPath: report)) } catch let e as AtomicOutputError {
                throw SceneGoldenRunError.picturesUnavailable("\(labels.reportPictures): \(e)")
            }
        }
        defer { pictures?.discard() }
        var outcomes = try play(scenes, lineNames: lineNames, artifacts: pictures?.scratch, events: events)
        for (scene, outcome) in zip(scenes, outcomes) {
            outcome.recorded.forEach { events.wrote(folder(of: scene).appendingPathComponent($0).path) }
        }
        try events.checkpoint(.played)
        for outcome in outcomes { events.line(SafeText.escaped(outcome.line(recording: recording, recordHint: labels.record))) }
        var summary = Summary(outcomes: outcomes, recording: recording, scenes: scenes.map { ($0, folder(of: $0)) })
        let shardText = shard.count > 1 ? " (shard \(shard.index + 1)/\(shard.count) of \(all.count))" : ""
        if recording {
            events.line("recorded \(outcomes.filter { !$0.recorded.isEmpty }.count) of \(outcomes.count) scenes\(shardText)")
        } else {
            events.line("\(outcomes.count - summary.failed.count) passed, \(summary.failed.count) failed of \(outcomes.count) scenes\(shardText)")
            (summary.accepted, summary.notAccepted) = try accept(summary, events: events)
        }
        try events.checkpoint(.reporting)
        if let pictures {
            do { try pictures.commit(&outcomes) } catch {
                throw SceneGoldenRunError.picturesNotMoved("\(labels.reportPictures): \(error)")
            }
            outcomes.flatMap(\.artifacts).forEach { events.wrote($0.path) }
        }
        summary.outcomes = outcomes
        let html = { [record = labels.record] in try FilmGoldensReport.html($0, to: $1, recordHint: record) }
        for (label, path, write) in [(labels.report, report, html), (labels.junit, junit, FilmGoldensReport.junit)] {
            guard let path else { continue }
            do { try write(outcomes, URL(plainPath: path)) } catch let e as RenderError {
                throw SceneGoldenRunError.notWritten("\(label): \(e)", e)
            }
            events.wrote(path)
        }
        try writeMarkdown(summary, shard: shardText, events: events)
        return summary
    }

    /// The folder of a scene's goldens.
    public func folder(of scene: URL) -> URL {
        goldens.map { URL(plainPath: $0) } ?? scene.deletingLastPathComponent().appendingPathComponent("goldens")
    }

    /// Scenes are played on every thread, one scene per thread at a time.
    private func play(_ scenes: [URL], lineNames: [URL: String], artifacts: URL?, events: Events) throws -> [FilmGoldens.Outcome] {
        let (recording, cancellation, animation) = (recording, cancellation, animation)
        return try FilmGoldens.parallel(scenes.count, threads: threads) { i in
            let scene = scenes[i]
            var goldens = FilmGoldens(folder: folder(of: scene))
            goldens.cancellation = cancellation
            goldens.animation = animation
            goldens.replaceHint = labels.replace
            let name = scene.deletingPathExtension().lastPathComponent
            do {
                events.sceneStarts()
                try cancellation.throwIfCancelled()
                var outcome = try goldens.run(try Self.film(of: scene), name: name, recording: recording, artifacts: artifacts)
                outcome.name = lineNames[scene] ?? name
                return outcome
            } catch let e as RenderError where recording && e.isOutOfSpace {
                // A full disk: the goldens that were there are as they were, and no other scene's would fit.
                throw SceneGoldenRunError.notRecorded("\(scene.path): goldens not recorded: \(e)", e)
            } catch {
                var failed = FilmGoldens.Outcome(name: lineNames[scene] ?? name)
                // One line: a line break in the path or the error is escaped here, so that the FAIL line, which shows
                // a failure's first line, keeps the reason.
                failed.failures = ["\(SafeText.escaped(scene.path)): \(SafeText.escaped("\(error)"))"]
                return failed
            }
        }
    }

    /// A scene's film as its goldens show it: at its golden frame rate, titled by its name.
    public static func film(of scene: URL) throws -> Film {
        let document = try SceneParser.load(contentsOf: scene)
        var film = try SceneFilm(document: document, framesPerSecond: FilmRecipe(scene: document).framesPerSecond(.golden)).film
        film.title = ReviewTitle.sceneName(contentsOf: scene) ?? scene.deletingPathExtension().lastPathComponent
        return film
    }

    private func suite<T>(_ body: () throws -> T) throws -> T {
        do { return try body() } catch let problem as SceneGoldenSuiteProblem {
            if case .sameName = problem {
                throw SceneGoldenRunError.clash("\(labels.report): \(problem) and their pictures in the report would be too; "
                                                + "test them in separate runs")
            }
            if case .sharedGoldens = problem { throw SceneGoldenRunError.clash("\(problem)") }
            throw SceneGoldenRunError.noScenes(problem)
        }
    }
}
