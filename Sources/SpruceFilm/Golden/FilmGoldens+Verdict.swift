import Foundation
import SpruceRender

extension FilmGoldens {
    /// One golden kind's result in a check (`Outcome.verdicts`): whether it matches, differs or is missing, where it
    /// first differs, and, when it does not match, the files `record` would write for it now.
    public struct Verdict {
        /// Whether a golden kind matches what the film makes now.
        public enum State: String, Sendable {
            /// Every file of the kind matches.
            case matches
            /// At least one file differs from what the film makes now.
            case differs
            /// A file of the kind is missing and none differs.
            case missing
        }

        /// `filmstrip`, `timing` or `motion` (`FilmGolden.kind`).
        public var kind: String
        /// Whether the kind matches, differs or is missing.
        public var state: State
        /// The first failure's message (a filmstrip of pages: the first differing page's); nil unless it differs.
        public var message: String?
        /// The earliest film time, in seconds, at which it differs; nil when it matches, is missing, or its first
        /// difference names no time (a timing line, the header, a changed strip size).
        public var firstDifference: Double?
        /// How much differs: frames of the strip whose regions fail, or lines of a text golden that differ.
        public var extent = 0
        /// What `record` writes for this kind now, when it does not match: each file whose content differs from the
        /// folder's (a page of a strip that matches exactly is not among them), with its bytes.
        public var changes: [File] = []
        /// Pages of an earlier, longer strip beyond this one's last, which `record` removes.
        public var stale: [String] = []

        /// The verdict of `kind`, matching until a check says otherwise.
        public init(kind: String, state: State = .matches) { (self.kind, self.state) = (kind, state) }

        /// Takes a failure in: the state becomes `differs`, the first message stays, the time is the earliest.
        mutating func add(_ difference: FilmDifference, message: String) {
            if state != .differs { self.message = message }
            state = .differs
            extent += difference.extent
            if let t = difference.time { firstDifference = min(firstDifference ?? t, t) }
        }

        /// A golden file is missing; a kind that differs elsewhere stays `differs`.
        mutating func addMissing() { if state == .matches { state = .missing } }
    }

    /// A golden file to write: its name in the folder and its bytes.
    public struct File: Equatable, Sendable {
        /// The file's name in the goldens folder, e.g. `grid.timing.txt`.
        public var name: String
        /// The file's bytes.
        public var data: Data

        /// A file named `name` with the bytes `data`.
        public init(name: String, data: Data) { (self.name, self.data) = (name, data) }
    }

    /// The files of `made` whose content differs from the folder's, by kind (what `record` writes): a page of the strip
    /// unless its pixels are exactly the stored page's, a text golden unless its bytes are the stored ones.
    func changes(_ made: FilmGoldenValues, name: String, kinds: Set<String>? = nil) throws -> [(kind: String, file: File)] {
        var changed: [(kind: String, file: File)] = []
        if kinds?.contains(filmstrip.kind) ?? true {
            for (page, strip) in made.pages.enumerated() {
                let url = folder.appendingPathComponent(filmstrip.fileName(name, page: page))
                let unchanged = (try? Bitmap(contentsOfFile: url.path)).map { ImageComparison.exact.compare($0, strip.bitmap).matches } ?? false
                if !unchanged { changed.append((filmstrip.kind, File(name: url.lastPathComponent, data: try filmstrip.data(strip)))) }
            }
        }
        for (golden, text) in made.texts where kinds?.contains(golden.kind) ?? true {
            let url = folder.appendingPathComponent(golden.fileName(name))
            let data = try golden.data(text)
            if (try? GoldenText.read(url)) != data { changed.append((golden.kind, File(name: url.lastPathComponent, data: data))) }
        }
        return changed
    }

    /// Pages beyond a strip of `pages` pages that are in the folder (left by a larger canvas or more frames).
    /// Only a regular file that starts as a PNG does is such a page: a folder, a link or any other file under a
    /// page's name is not one `record` wrote, and it is left where it is, as are the pages after it.
    func stalePages(_ name: String, after pages: Int) -> [String] {
        var stale: [String] = []
        for page in pages... {
            let file = filmstrip.fileName(name, page: page)
            guard Self.isStalePage(folder.appendingPathComponent(file)) else { break }
            stale.append(file)
        }
        return stale
    }

    /// Whether `url` is a regular file (not followed through a link) whose first bytes are PNG's signature.
    static func isStalePage(_ url: URL) -> Bool {
        guard FileKind.of(url.path, followLinks: false) == .regular, let handle = try? FileHandle(forReadingFrom: url) else {
            return false
        }
        defer { try? handle.close() }
        return (try? handle.read(upToCount: PNGHeader.signature.count)).map { [UInt8]($0) == PNGHeader.signature } ?? false
    }

    /// Writes `files` into the folder all or none (`AtomicFile.writeTogether`: each written beside its golden and read
    /// back before any is renamed into place; `beforeRename` runs then, and may stop the write by throwing), then
    /// removes the `stale` pages. Returns the names written and removed. Throws `RenderError` before writing anything
    /// when a golden to write is not a regular file (`obstacle`: a symbolic link, a folder, a FIFO …).
    func write(_ files: [File], removing stale: [String], beforeRename: () throws -> Void = {}) throws -> [String] {
        for url in files.map({ folder.appendingPathComponent($0.name) }) {
            if let obstacle = Self.obstacle(url) { throw RenderError.write("\(url.path): " + Self.refusal(obstacle)) }
        }
        try CreationMode.makeWritableFolder(folder)
        try AtomicFile.writeTogether(files.map { ($0.data, folder.appendingPathComponent($0.name)) }, beforeRename: {
            try cancellation?.throwIfCancelled()
            try beforeRename()
        })
        for file in stale where Self.isStalePage(folder.appendingPathComponent(file)) {
            try FileManager.default.removeItem(at: folder.appendingPathComponent(file))
        }
        return files.map(\.name) + stale
    }

    /// Writes what a check found for the kinds of `outcome` that do not match (only those of `kinds`, when given) into
    /// the folder, exactly as `record` would have written them then; a kind that matches writes nothing. Throws
    /// `RenderError` when a file cannot be written (the folder is then as it was) and `RenderCancelled` when the
    /// cancellation was set before the first rename. Returns the names written and removed.
    public func accept(_ outcome: Outcome, kinds: Set<String>? = nil, beforeRename: () throws -> Void = {}) throws -> [String] {
        let chosen = Self.accepted(outcome, kinds: kinds)
        guard !chosen.isEmpty else { return [] }
        return try write(chosen.flatMap(\.changes), removing: chosen.flatMap(\.stale), beforeRename: beforeRename)
    }

    /// Why `accept(outcome, kinds:)` would refuse to write, naming the first golden it would write that is not a
    /// regular file (a symbolic link, a folder, a FIFO …): "the golden NAME is a symbolic link; a golden is written
    /// only as a regular file in its folder (remove the link)"; nil when there is none.
    public func refusal(accepting outcome: Outcome, kinds: Set<String>? = nil) -> String? {
        for url in Self.accepted(outcome, kinds: kinds).flatMap(\.changes).map({ folder.appendingPathComponent($0.name) }) {
            if let obstacle = Self.obstacle(url) { return "the golden \(SafeText.escaped(url.lastPathComponent)) is " + Self.refusal(obstacle) }
        }
        return nil
    }

    /// The verdicts `accept` writes: those of `kinds` (all when nil) that do not match.
    private static func accepted(_ outcome: Outcome, kinds: Set<String>?) -> [Verdict] {
        outcome.verdicts.filter { $0.state != .matches && (kinds?.contains($0.kind) ?? true) }
    }
}
