import Foundation
import SpruceRender

/// The goldens of one film in a folder: `NAME.filmstrip.png` (and `NAME.filmstrip.2.png` … when the strip takes
/// more than one page, `FilmstripLayout`), `NAME.timing.txt` and `NAME.motion.txt`, each made, named and compared
/// by its `FilmGolden` value. `check` compares, `record` writes; both are what `render-gif test` runs for every
/// scene, and SpruceSnapshotTesting's `assertFilmGoldens` runs on a Swift film.
public struct FilmGoldens {
    public var folder: URL
    /// The goldens' own defaults, which `assertFilmGoldens` takes too: the filmstrip's 8 frames evenly spaced
    /// (first and last included) and the motion golden's step, 0.05 s.
    public var filmstrip = FilmstripGolden()
    public var timing = TimingGolden()
    public var motion = MotionGolden()
    /// Checked before every frame and moment read: a cancelled check or record throws `RenderCancelled`.
    public var cancellation: RenderCancellation?
    /// The side-by-side animation a failed check writes beside its pictures (`FilmArtifacts`); nil: the stills only.
    public var animation: FilmArtifacts.Animation?

    public init(folder: URL) { self.folder = folder }

    public struct Outcome {
        public var name: String
        /// One message per golden that differs (empty: all match).
        public var failures: [String] = []
        /// Goldens that did not exist (checking) or were written (recording).
        public var missing: [String] = []
        public var recorded: [String] = []
        /// Expected, actual, difference filmstrips and the side-by-side animation, for reports.
        public var artifacts: [URL] = []
        public var passed: Bool { failures.isEmpty && missing.isEmpty }

        public init(name: String) { self.name = name }
    }

    public func check(_ film: Film, name: String, artifacts: URL?) throws -> Outcome {
        try checkSize(film)
        var outcome = Outcome(name: name)
        let made = try values(film)
        let pages = made.pages
        for (page, strip) in pages.enumerated() {
            let stripURL = folder.appendingPathComponent(filmstrip.fileName(name, page: page))
            guard FileManager.default.fileExists(atPath: stripURL.path) else { outcome.missing.append(stripURL.lastPathComponent); continue }
            let expected = try Bitmap(contentsOfFile: stripURL.path)
            try cancellation?.throwIfCancelled()
            guard let message = filmstrip.compare(expected: Filmstrip(bitmap: expected, times: [], cells: []), actual: strip) else { continue }
            let which = pages.count == 1 ? "filmstrip" : "filmstrip page \(page + 1) of \(pages.count)"
            outcome.failures.append("\(which): " + message)
            try cancellation?.throwIfCancelled()
            // The pictures of the first differing page: the one a person looks at first.
            if let artifacts, outcome.artifacts.isEmpty {
                outcome.artifacts = try FilmArtifacts.write(expected: expected, actual: strip, name: page == 0 ? name : "\(name).page\(page + 1)",
                                                            to: artifacts, animation: animation, cancellation: cancellation)
            }
        }
        for (golden, text) in made.texts {
            let u = folder.appendingPathComponent(golden.fileName(name))
            guard FileManager.default.fileExists(atPath: u.path) else { outcome.missing.append(u.lastPathComponent); continue }
            let data = try? GoldenText.read(u)
            // The same bytes: the same text, without reading it as one.
            if let data, data == Data(text.utf8) { continue }
            // A golden that is there but not text (binary, a FIFO or a folder in its place) differs; it is not "new".
            guard let data, let expected = try? golden.value(from: data) else {
                outcome.failures.append("\(golden.kind).\(golden.pathExtension): the golden \(SafeText.escaped(u.lastPathComponent)) "
                                        + "is not a readable UTF-8 text file")
                continue
            }
            if let message = golden.compare(expected: expected, actual: text) { outcome.failures.append(message) }
        }
        return outcome
    }

    /// Writes every golden (atomically) whose content changed; returns the names written.
    public func record(_ film: Film, name: String) throws -> Outcome {
        try checkSize(film)
        var outcome = Outcome(name: name)
        let made = try values(film)
        let (pages, texts) = (made.pages, made.texts)
        // Nothing is created or written until every golden is made, so a cancelled record leaves the folder as it was.
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var changed: [(data: Data, target: URL)] = []
        for (page, strip) in pages.enumerated() {
            let stripURL = folder.appendingPathComponent(filmstrip.fileName(name, page: page))
            let unchanged = (try? Bitmap(contentsOfFile: stripURL.path)).map { ImageComparison.exact.compare($0, strip.bitmap).matches } ?? false
            if !unchanged { changed.append((try filmstrip.data(strip), stripURL)) }
        }
        for (golden, text) in texts {
            let u = folder.appendingPathComponent(golden.fileName(name))
            let data = try golden.data(text)
            if (try? GoldenText.read(u)) != data { changed.append((data, u)) }
        }
        try cancellation?.throwIfCancelled()
        // All or none: a golden that cannot be replaced (a folder in its place) is found before any is written.
        try AtomicFile.writeTogether(changed)
        // Pages beyond the strip's last (left by a larger canvas or more frames) would no longer be checked.
        for page in pages.count... {
            let stale = folder.appendingPathComponent(filmstrip.fileName(name, page: page))
            guard FileManager.default.fileExists(atPath: stale.path) else { break }
            try FileManager.default.removeItem(at: stale)
        }
        outcome.recorded = changed.map(\.target.lastPathComponent)
        return outcome
    }

    /// The strip's pages and the text goldens' contents, made in one pass where that keeps them exact, read with the
    /// cancellation. A text longer than `GoldenText.maximumBytes`, which the check would not read back, throws before
    /// anything is written.
    private func values(_ film: Film) throws -> FilmGoldenValues {
        try FilmGoldenValues(film: film, filmstrip: filmstrip, texts: [timing, motion], cancellation: cancellation)
    }
}
