import Foundation
import Spruce
import SpruceRender

/// Compares a film's goldens with what it renders now, and says where they first differ in the terms of the
/// film: the time, and the views that differ there.
public enum FilmComparison {
    /// nil when the strips match; else a message naming the first differing time, the views under the
    /// failing regions there, and why each region fails.
    public static func compare(expected: Bitmap, actual: Filmstrip, film: Film?, comparison: ImageComparison = .default) -> String? {
        difference(expected: expected, actual: actual, film: film, comparison: comparison)?.message
    }

    /// nil when the strips match; else `compare`'s message with the first differing time and the number of frames
    /// whose regions fail (every frame when the sizes differ, none when only the labels do).
    public static func difference(expected: Bitmap, actual: Filmstrip, film: Film?,
                                  comparison: ImageComparison = .default) -> FilmDifference? {
        guard expected.width == actual.bitmap.width, expected.height == actual.bitmap.height else {
            return FilmDifference(message: "filmstrip size differs: expected \(expected.width)×\(expected.height), got "
                                  + "\(actual.bitmap.width)×\(actual.bitmap.height) (other sample times or canvas?)",
                                  time: nil, extent: actual.times.count)
        }
        // Identical pixels (the usual passing check) need no region analysis.
        if expected == actual.bitmap { return nil }
        var first: FilmDifference?
        for (i, t) in actual.times.enumerated() {
            guard let e = try? Filmstrip.crop(expected, actual.cells[i]), let a = try? actual.frame(i) else { continue }
            let d = comparison.compare(e, a)
            if d.matches { continue }
            // Later frames are only counted.
            if first != nil { first!.extent += 1; continue }
            var line = "first difference at t=\(Film.label(t)) s"
            if let film, let views = try? viewsUnder(d, in: film, at: t, pixelScale: CGFloat(a.width) / film.canvas.size.width) {
                line += views.phrase
            }
            first = FilmDifference(message: line + ": " + d.summary, time: t, extent: 1)
        }
        if let first { return first }
        // Cells match but the rest differs (labels): sample times changed.
        let d = ImageComparison.exact.compare(expected, actual.bitmap)
        guard !d.matches, !ImageComparison.default.compare(expected, actual.bitmap).matches else { return nil }
        return FilmDifference(message: "filmstrip labels differ: \(d.summary)", time: nil, extent: 0)
    }

    /// The views whose frame at `t` touches a failing region of `difference`: the shown ones (leaves, else the
    /// containers whose own fill is touched) and those not shown there (hidden, or at opacity 0 with what they are
    /// inside), which put no pixel on the canvas at that moment.
    static func viewsUnder(_ difference: ImageDifference, in film: Film, at t: Double, pixelScale: CGFloat) throws -> ViewsUnder {
        let root = try FilmCursor(film: film).seek(to: t)
        let boxes = difference.failingBoxes.map {
            CGRect(x: CGFloat($0.x) / pixelScale, y: CGFloat($0.y) / pixelScale, width: CGFloat($0.width) / pixelScale, height: CGFloat($0.height) / pixelScale)
                .insetBy(dx: -1, dy: -1)
        }
        var leaves: [String] = [], containers: [String] = [], unshown: [String] = []
        func walk(_ v: View, path: String, shown: Bool) {
            let shown = shown && !v.isHidden && v.alpha > 0
            let rect = v.superview?.convert(v.frame, to: root) ?? v.frame
            if v !== root, v.subviews.isEmpty || shown, boxes.contains(where: { $0.intersects(rect) }) {
                let named = SafeText.escaped(v.id ?? path)
                func add(_ list: inout [String]) { if !list.contains(named) { list.append(named) } }
                if !shown { add(&unshown) } else if v.subviews.isEmpty { add(&leaves) } else { add(&containers) }
            }
            for (i, s) in v.subviews.enumerated() { walk(s, path: path.isEmpty ? "\(i)" : "\(path).\(i)", shown: shown) }
        }
        walk(root, path: "", shown: true)
        return ViewsUnder(shown: leaves.isEmpty ? containers : leaves, unshown: unshown)
    }

    /// The views `viewsUnder` finds, said after the time in a failure's first line.
    struct ViewsUnder: Equatable {
        var shown: [String]
        var unshown: [String]

        /// " in A, B" for shown views; else " on the background, under C (not shown then)" or " on the background".
        var phrase: String {
            if !shown.isEmpty { return " in " + Self.list(shown) }
            return " on the background" + (unshown.isEmpty ? "" : ", under " + Self.list(unshown) + " (not shown then)")
        }

        private static func list(_ names: [String]) -> String {
            names.prefix(8).joined(separator: ", ") + (names.count > 8 ? " …" : "")
        }
    }

    /// nil when the texts match; else, on one line, the first differing line's place (the time and view it names)
    /// with the expected and actual lines (`quoted`).
    public static func compareText(expected: String, actual: String, what: String) -> String? {
        textDifference(expected: expected, actual: actual, what: what)?.message
    }

    /// nil when the texts match; else `compareText`'s message, the time of the line it shows (a motion line's `t=`;
    /// nil for a timing line, the header or the end) and the number of lines that differ. Texts and lines match when
    /// their Unicode scalars are the same, as the bytes `record` writes are: a view id spelled with a decomposed
    /// accent (NFD) differs from the composed one (NFC) that String's `==` takes for equal.
    public static func textDifference(expected: String, actual: String, what: String) -> FilmDifference? {
        if expected.unicodeScalars.elementsEqual(actual.unicodeScalars) { return nil }
        // One pass over both texts' lines side by side, keeping only counts and the lines to report: a golden holds
        // up to 64 MiB, and millions of lines kept as arrays took gigabytes.
        var e = LineReader(expected), a = LineReader(actual)
        var (expectedLines, actualLines, changed) = (0, 0, 0)
        var first: (index: Int, expected: Substring?, actual: Substring?)?, firstView: (index: Int, expected: Substring?, actual: Substring?)?
        var index = 0
        while true {
            let el = e.next(), al = a.next()
            if el == nil && al == nil { break }
            if el != nil { expectedLines += 1 }
            if al != nil { actualLines += 1 }
            defer { index += 1 }
            guard !(el ?? "").unicodeScalars.elementsEqual((al ?? "").unicodeScalars) else { continue }
            changed += 1
            if first == nil { first = (index, el, al) }
            // A changed header (the film's length) matters less than the first view that changed.
            if firstView == nil, !(al ?? "").hasPrefix("#") { firstView = (index, el, al) }
        }
        // Every line the same: only empty lines at the end differ (a golden saved without its last line break).
        guard let shownLine = firstView ?? first else {
            return FilmDifference(message: "\(what) differs only in the empty lines at its end (\(expectedLines - 1) line breaks expected, "
                                  + "\(actualLines - 1) made); the golden was edited outside render-gif?", time: nil, extent: 1)
        }
        let i = shownLine.index
        let shown = String(shownLine.actual ?? shownLine.expected ?? "")
        // One line: a run's FAIL line shows a failure's first line only, and it must say what differs.
        let message = "\(what) differs at line \(i + 1) (\(changed) line\(changed == 1 ? " differs" : "s differ")), first at "
            + "\(SafeText.escaped(place(shown))): expected \(quoted(shownLine.expected)), actual \(quoted(shownLine.actual))"
        return FilmDifference(message: message, time: time(of: shown), extent: changed)
    }

    /// The most of a golden's line a message shows, in Unicode scalars.
    static let shownLineLength = 200

    /// A golden's line as a message shows it: in quotes, escaped (a file's text: the message's line breaks and
    /// terminal controls are its own), cut to `shownLineLength` scalars saying how many more there were; `(end)`
    /// past the last line.
    static func quoted(_ line: Substring?) -> String {
        guard let line else { return "(end)" }
        let scalars = SafeText.escaped(String(line)).unicodeScalars
        guard scalars.count > shownLineLength else { return "'\(String(scalars))'" }
        var kept = String.UnicodeScalarView()
        kept.append(contentsOf: scalars.prefix(shownLineLength))
        return "'\(String(kept))…' (\(scalars.count - shownLineLength) more characters)"
    }

    /// The time a motion line names (`t=0.350 tile-0-0 …`); nil for any other line.
    static func time(of line: String) -> Double? {
        guard line.hasPrefix("t="), let word = line.dropFirst(2).split(separator: " ").first else { return nil }
        return Double(word).flatMap { $0.isFinite ? $0 : nil }
    }

    /// The time of the line `compareText` reports first, when it is a motion line (`t=0.350 …`); nil for a timing
    /// line, a header, or texts that match.
    public static func firstDifferingTime(expectedText: String, actualText: String) -> Double? {
        textDifference(expected: expectedText, actual: actualText, what: "")?.time
    }

    /// The time of the first frame of `actual` that differs from its cell in `expected`; nil when the strips differ
    /// in size or every frame matches.
    public static func firstDifferingTime(expected: Bitmap, actual: Filmstrip, comparison: ImageComparison = .default) -> Double? {
        difference(expected: expected, actual: actual, film: nil, comparison: comparison)?.time
    }

    /// `t=0.350 s, tile-0-0` for a motion line, `tile-0-0` for a timing line.
    static func place(_ line: String) -> String {
        if line.hasPrefix("#") { return "the header (film length, frame count or rate)" }
        let words = line.split(separator: " ")
        if let first = words.first, first.hasPrefix("t="), words.count > 1 { return "\(first.dropFirst(2)) s, \(words[1])" }
        return words.first.map(String.init) ?? "the end"
    }
}

/// Where a golden and what the film makes now first differ: the failure's message, the film time it names (nil when
/// it names none) and how much differs (frames of a filmstrip, lines of a text golden).
public struct FilmDifference: Equatable, Sendable {
    /// The failure's message, naming where the golden and the film first differ.
    public var message: String
    /// The film time the message names, in seconds; nil when it names none.
    public var time: Double?
    /// How much differs: frames of a filmstrip, lines of a text golden.
    public var extent: Int

    /// A difference with the given message, time and extent.
    public init(message: String, time: Double?, extent: Int) { (self.message, self.time, self.extent) = (message, time, extent) }
}
