import Foundation
import SpruceRender

/// The goldens of one film in a folder: `NAME.filmstrip.png` (and `NAME.filmstrip.2.png` … when the strip takes
/// more than one page, `FilmstripLayout`), `NAME.timing.txt` and `NAME.motion.txt`, each made, named and compared
/// by its `FilmGolden` value. `check` compares, `record` writes; both are what `render-gif test` runs for every
/// scene, and SpruceSnapshotTesting's `assertFilmGoldens` runs on a Swift film.
public struct FilmGoldens {
    /// The folder the goldens are read from and written to.
    public var folder: URL
    /// The goldens' own defaults, which `assertFilmGoldens` takes too: the filmstrip's 8 frames evenly spaced
    /// (first and last included) and the motion golden's step, 0.05 s.
    public var filmstrip = FilmstripGolden()
    /// The timing golden: each view's start, duration and settling time.
    public var timing = TimingGolden()
    /// The motion golden: every animated property every 0.05 s by default.
    public var motion = MotionGolden()
    /// What a failure for a golden that cannot be read (a corrupt PNG, a text that is not UTF-8) says replaces it.
    public var replaceHint = FilmGoldens.defaultReplaceHint
    /// Checked before every frame and moment read: a cancelled check or record throws `RenderCancelled`.
    public var cancellation: RenderCancellation?
    /// The side-by-side animation a failed check writes beside its pictures (`FilmArtifacts`); nil: the stills only.
    public var animation: FilmArtifacts.Animation?

    /// The goldens in `folder` with the default filmstrip, timing and motion goldens.
    public init(folder: URL) { self.folder = folder }

    /// What a check or a record of one film found or wrote.
    public struct Outcome {
        /// The film's name, the first part of its golden files' names.
        public var name: String
        /// One message per golden that differs (empty: all match).
        public var failures: [String] = []
        /// Goldens that did not exist (checking) or were written (recording).
        public var missing: [String] = []
        /// Goldens written by ``FilmGoldens/record(_:name:)``.
        public var recorded: [String] = []
        /// Expected, actual, difference filmstrips and the side-by-side animation, for reports.
        public var artifacts: [URL] = []
        /// Checking: each kind's verdict (filmstrip, timing, motion), and the times the strip samples.
        public var verdicts: [Verdict] = []
        /// The film times the filmstrip samples, in seconds.
        public var sampleTimes: [Double] = []
        /// True when no golden differs and none is missing.
        public var passed: Bool { failures.isEmpty && missing.isEmpty }

        /// An empty outcome for the film `name`: nothing failed, missing or written yet.
        public init(name: String) { self.name = name }
    }

    /// Compares what `film` makes now with the goldens named `name` in ``folder``, writing nothing there. A failure's
    /// pictures go into `artifacts` when it is given. Throws ``FilmError`` for a film too large to check and
    /// `RenderCancelled` once ``cancellation`` is cancelled.
    public func check(_ film: Film, name: String, artifacts: URL?) throws -> Outcome {
        try checkSize(film)
        var outcome = Outcome(name: name)
        let made = try values(film)
        let pages = made.pages
        var strip = Verdict(kind: filmstrip.kind)
        for (page, actual) in pages.enumerated() {
            let stripURL = folder.appendingPathComponent(filmstrip.fileName(name, page: page))
            if let obstacle = Self.obstacle(stripURL) {
                let which = pages.count == 1 ? "filmstrip" : "filmstrip page \(page + 1) of \(pages.count)"
                let message = "\(which): " + Self.obstacleMessage(stripURL, obstacle)
                outcome.failures.append(message)
                strip.add(FilmDifference(message: message, time: nil, extent: 1), message: message)
                continue
            }
            guard FileManager.default.fileExists(atPath: stripURL.path) else {
                outcome.missing.append(stripURL.lastPathComponent)
                strip.addMissing()
                continue
            }
            // A golden that is there but cannot be read (truncated, not a PNG) differs; it is not "new", and `record`
            // or an accept writes over it as over any golden that differs.
            let expected: Bitmap
            do { expected = try Bitmap(contentsOfFile: stripURL.path) } catch RenderError.pngDecode(let why) {
                let which = pages.count == 1 ? "filmstrip" : "filmstrip page \(page + 1) of \(pages.count)"
                let message = "\(which): " + unreadableMessage(stripURL, reason: why)
                outcome.failures.append(message)
                strip.add(FilmDifference(message: message, time: nil, extent: actual.times.count), message: message)
                continue
            }
            try cancellation?.throwIfCancelled()
            guard let difference = FilmComparison.difference(expected: expected, actual: actual, film: actual.film) else { continue }
            let which = pages.count == 1 ? "filmstrip" : "filmstrip page \(page + 1) of \(pages.count)"
            outcome.failures.append("\(which): " + difference.message)
            strip.add(difference, message: outcome.failures.last!)
            try cancellation?.throwIfCancelled()
            // The pictures of the first differing page: the one a person looks at first.
            if let artifacts, outcome.artifacts.isEmpty {
                outcome.artifacts = try FilmArtifacts.write(expected: expected, actual: actual, name: page == 0 ? name : "\(name).page\(page + 1)",
                                                            to: artifacts, animation: animation, cancellation: cancellation)
            }
        }
        outcome.verdicts = [strip]
        for (golden, text) in made.texts {
            var verdict = Verdict(kind: golden.kind)
            defer { outcome.verdicts.append(verdict) }
            let u = folder.appendingPathComponent(golden.fileName(name))
            if let obstacle = Self.obstacle(u) {
                let message = "\(golden.kind).\(golden.pathExtension): " + Self.obstacleMessage(u, obstacle)
                outcome.failures.append(message)
                verdict.add(FilmDifference(message: message, time: nil, extent: 1), message: message)
                continue
            }
            guard FileManager.default.fileExists(atPath: u.path) else {
                outcome.missing.append(u.lastPathComponent)
                verdict.addMissing()
                continue
            }
            let read = Result { try GoldenText.read(u) }
            // The same bytes: the same text, without reading it as one.
            if case .success(let data) = read, data == Data(text.utf8) { continue }
            // A golden that is there but cannot be read (too large, not readable) or is not text differs; it is not
            // "new". The message says which.
            guard case .success(let data) = read, let expected = try? golden.value(from: data) else {
                let reason: String? = if case .failure(let error) = read { (error as? RegularFile.Problem)?.words ?? "\(error)" } else { nil }
                let message = "\(golden.kind).\(golden.pathExtension): " + unreadableMessage(u, reason: reason)
                outcome.failures.append(message)
                verdict.add(FilmDifference(message: message, time: nil, extent: 1), message: message)
                continue
            }
            if let difference = FilmComparison.textDifference(expected: expected, actual: text, what: "\(golden.kind).\(golden.pathExtension)") {
                outcome.failures.append(difference.message)
                verdict.add(difference, message: difference.message)
            }
        }
        outcome.sampleTimes = pages.flatMap(\.times)
        try keepChanges(made, name: name, in: &outcome)
        return outcome
    }

    /// Keeps in each verdict that does not match what `record` would write for its kind now.
    private func keepChanges(_ made: FilmGoldenValues, name: String, in outcome: inout Outcome) throws {
        let failing = Set(outcome.verdicts.filter { $0.state != .matches }.map(\.kind))
        guard !failing.isEmpty else { return }
        let changed = try changes(made, name: name, kinds: failing)
        for i in outcome.verdicts.indices where failing.contains(outcome.verdicts[i].kind) {
            outcome.verdicts[i].changes = changed.filter { $0.kind == outcome.verdicts[i].kind }.map(\.file)
            if outcome.verdicts[i].kind == filmstrip.kind { outcome.verdicts[i].stale = stalePages(name, after: made.pages.count) }
        }
    }

    /// Writes every golden (atomically) whose content changed; returns the names written. Nothing is created or
    /// written until every golden is made, so a cancelled record leaves the folder as it was; a golden that cannot be
    /// replaced (a folder in its place) is found before any is written; pages beyond the strip's last (left by a
    /// larger canvas or more frames), which would no longer be checked, are removed.
    public func record(_ film: Film, name: String) throws -> Outcome {
        try checkSize(film)
        var outcome = Outcome(name: name)
        let made = try values(film)
        let changed = try changes(made, name: name).map(\.file)
        try cancellation?.throwIfCancelled()
        _ = try write(changed, removing: stalePages(name, after: made.pages.count))
        outcome.recorded = changed.map(\.name)
        return outcome
    }

    /// The strip's pages and the text goldens' contents, made in one pass where that keeps them exact, read with the
    /// cancellation. A text longer than `GoldenText.maximumBytes`, which the check would not read back, throws before
    /// anything is written.
    private func values(_ film: Film) throws -> FilmGoldenValues {
        try FilmGoldenValues(film: film, filmstrip: filmstrip, texts: [timing, motion], cancellation: cancellation)
    }
}
