import Foundation
import SpruceRender

/// The goldens of one film in a folder: `NAME.filmstrip.png` (and `NAME.filmstrip.2.png` … when the strip takes
/// more than one page, `FilmstripLayout`), `NAME.timing.txt` and `NAME.motion.txt`.
/// `check` compares, `record` writes; both are what `render-gif test` runs for every scene.
public struct FilmGoldens {
    public var folder: URL
    /// When the filmstrip samples the film, and how often motion is sampled.
    public var filmstripFrames = 8
    public var motionStep = 0.05
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

    /// Evenly spaced over the film, first and last frame included.
    public func filmstripTimes(_ film: Film) -> [Double] {
        let n = max(2, filmstripFrames), last = film.frameCount - 1
        return (0..<n).map { film.time(ofFrame: Int((Double($0) * Double(last) / Double(n - 1)).rounded())) }
    }

    func url(_ name: String, _ kind: String) -> URL { folder.appendingPathComponent("\(name).\(kind)") }

    public func check(_ film: Film, name: String, artifacts: URL?) throws -> Outcome {
        try checkSize(film)
        var outcome = Outcome(name: name)
        let pages = try Filmstrip.pages(film: film, times: filmstripTimes(film), cancellation: cancellation)
        for (page, strip) in pages.enumerated() {
            let stripURL = folder.appendingPathComponent(FilmstripLayout.fileName(name, page: page))
            guard FileManager.default.fileExists(atPath: stripURL.path) else { outcome.missing.append(stripURL.lastPathComponent); continue }
            let expected = try Bitmap(contentsOfFile: stripURL.path)
            try cancellation?.throwIfCancelled()
            guard let message = FilmComparison.compare(expected: expected, actual: strip, film: film) else { continue }
            let which = pages.count == 1 ? "filmstrip" : "filmstrip page \(page + 1) of \(pages.count)"
            outcome.failures.append("\(which): " + message)
            try cancellation?.throwIfCancelled()
            // The pictures of the first differing page: the one a person looks at first.
            if let artifacts, outcome.artifacts.isEmpty {
                outcome.artifacts = try FilmArtifacts.write(expected: expected, actual: strip, name: page == 0 ? name : "\(name).page\(page + 1)",
                                                            to: artifacts, animation: animation, cancellation: cancellation)
            }
        }
        for (kind, text) in try texts(film) {
            let u = url(name, kind)
            guard FileManager.default.fileExists(atPath: u.path) else { outcome.missing.append(u.lastPathComponent); continue }
            // A golden that is there but not text (binary, a FIFO or a folder in its place) differs; it is not "new".
            guard let data = try? GoldenText.read(u), let expected = String(data: data, encoding: .utf8) else {
                outcome.failures.append("\(kind): the golden \(SafeText.escaped(u.lastPathComponent)) is not a readable UTF-8 text file")
                continue
            }
            if let message = FilmComparison.compareText(expected: expected, actual: text, what: kind) { outcome.failures.append(message) }
        }
        return outcome
    }

    /// Writes every golden (atomically) whose content changed; returns the names written.
    public func record(_ film: Film, name: String) throws -> Outcome {
        try checkSize(film)
        var outcome = Outcome(name: name)
        let pages = try Filmstrip.pages(film: film, times: filmstripTimes(film), cancellation: cancellation)
        let texts = try texts(film)
        // Nothing is created or written until every golden is made, so a cancelled record leaves the folder as it was.
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var changed: [(data: Data, target: URL)] = []
        for (page, strip) in pages.enumerated() {
            let stripURL = folder.appendingPathComponent(FilmstripLayout.fileName(name, page: page))
            let unchanged = (try? Bitmap(contentsOfFile: stripURL.path)).map { ImageComparison.exact.compare($0, strip.bitmap).matches } ?? false
            if !unchanged { changed.append((try strip.bitmap.pngData(), stripURL)) }
        }
        for (kind, text) in texts {
            let u = url(name, kind)
            let data = Data(text.utf8)
            if (try? GoldenText.read(u)) != data { changed.append((data, u)) }
        }
        try cancellation?.throwIfCancelled()
        // All or none: a golden that cannot be replaced (a folder in its place) is found before any is written.
        try AtomicFile.writeTogether(changed)
        // Pages beyond the strip's last (left by a larger canvas or more frames) would no longer be checked.
        for page in pages.count... {
            let stale = folder.appendingPathComponent(FilmstripLayout.fileName(name, page: page))
            guard FileManager.default.fileExists(atPath: stale.path) else { break }
            try FileManager.default.removeItem(at: stale)
        }
        outcome.recorded = changed.map(\.target.lastPathComponent)
        return outcome
    }

    /// The text goldens' names and contents, read with the cancellation. A text longer than `GoldenText.maximumBytes`,
    /// which the check would not read back, throws before anything is written.
    private func texts(_ film: Film) throws -> [(String, String)] {
        let texts = [("timing.txt", try film.timingReport(cancellation: cancellation)),
                     ("motion.txt", try film.motionReport(every: motionStep, cancellation: cancellation))]
        for (kind, text) in texts where text.utf8.count > GoldenText.maximumBytes {
            throw FilmError.invalid("the \(kind.dropLast(4)) golden would be \(text.utf8.count) bytes; at most \(GoldenText.maximumBytes), "
                                    + "the most a check reads (fewer views, shorter view names or a shorter film)")
        }
        return texts
    }
}
