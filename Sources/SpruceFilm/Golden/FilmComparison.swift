import Foundation
import Spruce
import SpruceRender

/// Compares a film's goldens with what it renders now, and says where they first differ in the terms of the
/// film: the time, and the views that differ there.
public enum FilmComparison {
    /// nil when the strips match; else a message naming the first differing time, the views under the
    /// failing regions there, and why each region fails.
    public static func compare(expected: Bitmap, actual: Filmstrip, film: Film?, comparison: ImageComparison = .default) -> String? {
        guard expected.width == actual.bitmap.width, expected.height == actual.bitmap.height else {
            return "filmstrip size differs: expected \(expected.width)×\(expected.height), got \(actual.bitmap.width)×\(actual.bitmap.height) "
                + "(other sample times or canvas?)"
        }
        // Identical pixels (the usual passing check) need no region analysis.
        if expected == actual.bitmap { return nil }
        guard let (t, d, frameWidth) = firstDifference(expected: expected, actual: actual, comparison: comparison) else {
            // Cells match but the rest differs (labels): sample times changed.
            let d = ImageComparison.exact.compare(expected, actual.bitmap)
            return d.matches ? nil : (ImageComparison.default.compare(expected, actual.bitmap).matches ? nil : "filmstrip labels differ: \(d.summary)")
        }
        var line = "first difference at t=\(Film.label(t)) s"
        if let film, let views = try? viewsUnder(d, in: film, at: t, pixelScale: CGFloat(frameWidth) / film.canvas.size.width), !views.isEmpty {
            line += " in " + views.prefix(8).joined(separator: ", ") + (views.count > 8 ? " …" : "")
        }
        return line + ": " + d.summary
    }

    /// The time of the first frame of `actual` that differs from its cell in `expected`; nil when the strips differ
    /// in size or every frame matches.
    public static func firstDifferingTime(expected: Bitmap, actual: Filmstrip, comparison: ImageComparison = .default) -> Double? {
        guard expected.width == actual.bitmap.width, expected.height == actual.bitmap.height else { return nil }
        return firstDifference(expected: expected, actual: actual, comparison: comparison)?.time
    }

    private static func firstDifference(expected: Bitmap, actual: Filmstrip,
                                         comparison: ImageComparison) -> (time: Double, difference: ImageDifference, frameWidth: Int)? {
        for (i, t) in actual.times.enumerated() {
            guard let e = try? Filmstrip.crop(expected, actual.cells[i]), let a = try? actual.frame(i) else { continue }
            let d = comparison.compare(e, a)
            if !d.matches { return (t, d, a.width) }
        }
        return nil
    }

    /// Views whose frame at `t` touches a failing region of `difference` (leaves first).
    static func viewsUnder(_ difference: ImageDifference, in film: Film, at t: Double, pixelScale: CGFloat) throws -> [String] {
        let root = try FilmCursor(film: film).seek(to: t)
        let boxes = difference.failingBoxes.map {
            CGRect(x: CGFloat($0.x) / pixelScale, y: CGFloat($0.y) / pixelScale, width: CGFloat($0.width) / pixelScale, height: CGFloat($0.height) / pixelScale)
                .insetBy(dx: -1, dy: -1)
        }
        var names: [String] = []
        func walk(_ v: View, path: String) {
            let rect = v.superview?.convert(v.frame, to: root) ?? v.frame
            let named = SafeText.escaped(v.id ?? path)
            if v !== root, v.subviews.isEmpty, boxes.contains(where: { $0.intersects(rect) }), !names.contains(named) { names.append(named) }
            for (i, s) in v.subviews.enumerated() { walk(s, path: path.isEmpty ? "\(i)" : "\(path).\(i)") }
        }
        walk(root, path: "")
        return names
    }

    /// nil when the texts match; else the first differing line's place (the time and view it names) with the
    /// expected and actual lines.
    public static func compareText(expected: String, actual: String, what: String) -> String? {
        if expected == actual { return nil }
        let e = expected.split(separator: "\n", omittingEmptySubsequences: false), a = actual.split(separator: "\n", omittingEmptySubsequences: false)
        let differing = differingLines(e, a)
        // Every line the same: only empty lines at the end differ (a golden saved without its last line break).
        if differing.isEmpty {
            return "\(what) differs only in the empty lines at its end (\(e.count - 1) line breaks expected, \(a.count - 1) made); "
                + "the golden was edited outside render-gif?"
        }
        let i = firstReported(differing, a)
        // The golden's lines are a file's text: escaped, so that the message's own line breaks are its only ones.
        let el = i < e.count ? SafeText.escaped(String(e[i])) : "(end)", al = i < a.count ? SafeText.escaped(String(a[i])) : "(end)"
        let changed = differing.count
        return "\(what) differs at line \(i + 1) (\(changed) line\(changed == 1 ? " differs" : "s differ")), first at \(place(al == "(end)" ? el : al)):\n"
            + "  expected: \(el)\n  actual:   \(al)"
    }

    /// The time of the line `compareText` reports first, when it is a motion line (`t=0.350 …`); nil for a timing
    /// line, a header, or texts that match.
    public static func firstDifferingTime(expectedText: String, actualText: String) -> Double? {
        let e = expectedText.split(separator: "\n", omittingEmptySubsequences: false)
        let a = actualText.split(separator: "\n", omittingEmptySubsequences: false)
        let differing = differingLines(e, a)
        guard !differing.isEmpty else { return nil }
        let i = firstReported(differing, a)
        let line = i < a.count && !a[i].isEmpty ? a[i] : (i < e.count ? e[i] : "")
        guard let first = line.split(separator: " ").first, first.hasPrefix("t=") else { return nil }
        return Double(first.dropFirst(2))
    }

    private static func differingLines(_ e: [Substring], _ a: [Substring]) -> [Int] {
        (0..<max(e.count, a.count)).filter { ($0 < e.count ? e[$0] : "") != ($0 < a.count ? a[$0] : "") }
    }

    /// A changed header (the film's length) matters less than the first view that changed.
    private static func firstReported(_ differing: [Int], _ a: [Substring]) -> Int {
        differing.first { !((($0 < a.count ? a[$0] : "")).hasPrefix("#")) } ?? differing.first ?? 0
    }

    /// `t=0.350 s, tile-0-0` for a motion line, `tile-0-0` for a timing line.
    static func place(_ line: String) -> String {
        if line.hasPrefix("#") { return "the header (film length, frame count or rate)" }
        let words = line.split(separator: " ")
        if let first = words.first, first.hasPrefix("t="), words.count > 1 { return "\(first.dropFirst(2)) s, \(words[1])" }
        return words.first.map(String.init) ?? "the end"
    }
}
