import Foundation
import SpruceRender

/// The outcomes of a goldens run as a page and as JUnit XML (`render-gif test --report` and `--junit`): the page
/// shows each failure's messages and its pictures (`Outcome.artifacts`, shown relative to the page when they are in
/// a folder beside it); the XML has one test case per film. Each file is written atomically.
public enum FilmGoldensReport {
    /// What a missing golden's line and the page tell the reader to do, unless the caller words it (a command line
    /// names its flag).
    public static let recordHint = "record them"

    /// Writes the page at `url`: how many films passed and failed, and each failure's messages and pictures, with
    /// `recordHint` as the advice for a missing golden. Throws when the file cannot be written; nothing partial is left.
    public static func html(_ outcomes: [FilmGoldens.Outcome], to url: URL, recordHint: String = recordHint) throws {
        let failed = outcomes.filter { !$0.passed }
        var body = "<h1>Film goldens: \(outcomes.count - failed.count) passed, \(failed.count) failed</h1>\n"
        for o in failed {
            body += "<section><h2>\(escape(o.name))</h2>\n"
            for f in o.failures { body += "<pre>\(escape(f))</pre>\n" }
            if !o.missing.isEmpty { body += "<p>no golden: \(escape(o.missing.joined(separator: ", "))) — \(escape(recordHint))</p>\n" }
            let images = o.artifacts.filter { ["png", "apng"].contains($0.pathExtension) }
            if !images.isEmpty {
                body += "<div class=row>"
                for image in images {
                    let rel = url.deletingLastPathComponent().path == image.deletingLastPathComponent().deletingLastPathComponent().path
                        ? "\(image.deletingLastPathComponent().lastPathComponent)/\(image.lastPathComponent)" : image.path
                    let caption = image.lastPathComponent.replacingOccurrences(of: o.name + ".", with: "")
                    body += "<figure><img src=\"\(escape(rel))\"><figcaption>\(escape(caption))</figcaption></figure>"
                }
                body += "</div>\n"
            }
            body += "</section>\n"
        }
        let passed = outcomes.filter(\.passed).map { escape($0.name) }
        if !passed.isEmpty { body += "<p class=ok>passed: \(passed.joined(separator: ", "))</p>\n" }
        let page = """
            <!doctype html><html><head><meta charset="utf-8"><title>Film goldens</title><style>
            body{font:14px system-ui,sans-serif;margin:24px;color:#222} pre{background:#f4f4f4;padding:8px;white-space:pre-wrap}
            .row{display:flex;flex-direction:column;gap:12px} figure{margin:0} img{max-width:100%;border:1px solid #ccc}
            figcaption{color:#666} section{border-top:1px solid #ddd;margin-top:16px} .ok{color:#2a7}
            </style></head><body>
            \(body)</body></html>
            """
        try AtomicFile.write(Data(page.utf8), to: url)
    }

    /// Writes JUnit XML at `url`: one test suite, one test case per film, a failure element for each film that failed.
    /// Throws when the file cannot be written; nothing partial is left.
    public static func junit(_ outcomes: [FilmGoldens.Outcome], to url: URL) throws {
        let failures = outcomes.filter { !$0.passed }.count
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        xml += "<testsuite name=\"render-gif test\" tests=\"\(outcomes.count)\" failures=\"\(failures)\" errors=\"0\">\n"
        for o in outcomes {
            xml += "  <testcase classname=\"goldens\" name=\"\(escape(o.name))\""
            if o.passed { xml += "/>\n"; continue }
            let message = o.failures.first.map { $0.split(separator: "\n").first.map(String.init) ?? $0 } ?? "no golden: \(o.missing.joined(separator: ", "))"
            let detail = (o.failures + o.missing.map { "no golden: \($0)" }).joined(separator: "\n")
            xml += ">\n    <failure message=\"\(escape(message))\">\(escape(detail))</failure>\n  </testcase>\n"
        }
        xml += "</testsuite>\n"
        try AtomicFile.write(Data(xml.utf8), to: url)
    }

    /// Markup escaped; control characters other than tab and line breaks (a scene's or a view's name may hold them,
    /// and XML allows them nowhere, not even as references) shown as `SafeText` writes them.
    static func escape(_ s: String) -> String {
        let markup = s.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
        guard markup.unicodeScalars.contains(where: notInXML) else { return markup }
        return markup.unicodeScalars.map { notInXML($0) ? SafeText.escaped(String($0)) : String($0) }.joined()
    }

    private static func notInXML(_ c: Unicode.Scalar) -> Bool {
        (c.value < 0x20 && !["\t", "\n", "\r"].contains(c)) || (0x7F...0x9F).contains(c.value) || c.value == 0xFFFE || c.value == 0xFFFF
    }
}
