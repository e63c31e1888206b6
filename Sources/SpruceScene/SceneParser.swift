import Foundation
import Geometry
import Advance
import Spruce

/// Reads scene files: JSON, or YAML through Yams. Every problem is a `SceneError` naming its place.
public enum SceneParser {
    public static func load(contentsOf url: URL) throws -> SceneDocument {
        guard let data = try SceneSource.read(url) else {
            throw SceneError("", "cannot read scene file \(url.path): \(readReason(url))")
        }
        var doc = try parse(data, yaml: SceneSource.isYAML(url))
        doc.baseURL = url.deletingLastPathComponent()
        return doc
    }

    public static func parse(_ data: Data, yaml: Bool = false) throws -> SceneDocument {
        try document(Node(value: try SceneSource.values(data, yaml: yaml), path: ""))
    }

    static func readReason(_ url: URL) -> String {
        var isDir: ObjCBool = false
        if !FileManager.default.fileExists(atPath: url.path, isDirectory: &isDir) { return "no such file" }
        return isDir.boolValue ? "it is a directory" : "permission denied"
    }

    // MARK: Document

    static func document(_ node: Node) throws -> SceneDocument {
        // A Lottie animation (what `--out x.json` writes) always has these two; said as such rather than as a key.
        if let top = node.value as? [String: Any], top["layers"] != nil, top["fr"] != nil, top["views"] == nil {
            throw SceneError("", "this is a Lottie animation (it has \"layers\" and \"fr\"), not a scene file; render-gif writes Lottie files and does not read them")
        }
        let o = try node.object(allowed: ["name", "description", "canvas", "views", "choreography", "timeline"])
        var doc = SceneDocument()
        for key in ["name", "description"] { if let n = o[key] { _ = try n.string() } }
        if let c = o["canvas"] { doc.canvas = try canvas(c) }
        if let v = o["views"] {
            doc.views = try v.array().map(view)
            if let bad = doc.viewCountViolation { throw SceneError(v.path, bad.message) }
            try ViewIDs.check(doc.views)
        }
        if let c = o["choreography"] {
            if c.value is [Any] {
                let items = try c.array()
                guard !items.isEmpty else { throw SceneError(c.path, "expected at least one choreography") }
                doc.choreographies = try items.map { try choreography($0, base: ChoreographySpec()) }
            } else {
                doc.choreography = try choreography(c, base: doc.choreography)
            }
        }
        if let t = o["timeline"] { doc.timeline = try timeline(t) }
        return doc
    }

    static func canvas(_ node: Node) throws -> CanvasSpec {
        let o = try node.object(allowed: ["width", "height", "scale", "background"])
        var c = CanvasSpec()
        if let n = o["width"] { c.width = try positive(n) }
        if let n = o["height"] { c.height = try positive(n) }
        if let n = o["scale"] { c.scale = try positive(n) }
        if let n = o["background"] { c.background = try optionalColor(n) }
        try limit(c.limitViolation, node)
        return c
    }

    static func positive(_ n: Node) throws -> Double {
        let v = try n.number()
        guard v > 0 else { throw SceneError(n.path, "must be positive, got \(Checked.text(v))") }
        return v
    }

    static func color(_ n: Node) throws -> Color {
        let s = try n.string()
        if let named = namedColors[s.lowercased()] { return named }
        guard let c = Color(hex: s) else {
            throw SceneError(n.path, "\"\(s)\" is not a colour (#RGB, #RRGGBB, #RRGGBBAA or a name such as white)")
        }
        return c
    }

    /// A colour, or `null` / `"transparent"` / `"clear"` for none.
    static func optionalColor(_ n: Node) throws -> Color? {
        if n.isNull { return nil }
        if let s = n.value as? String, ["transparent", "clear", "none"].contains(s.lowercased()) { return nil }
        return try color(n)
    }

    static let namedColors: [String: Color] = [
        "white": .white, "black": .black, "gray": .gray, "grey": .gray, "lightgray": .lightGray, "darkgray": .darkGray,
        "red": .red, "green": .green, "blue": .blue, "yellow": .yellow, "orange": .orange, "purple": .purple,
        "sprucegreen": .spruceGreen,
    ]

    // MARK: Views

    static let viewKeys: Set<String> = [
        "type", "id", "tag", "frame", "backgroundColor", "cornerRadius", "borderWidth", "borderColor", "alpha",
        "hidden", "clipsToBounds", "transform", "text", "font", "textColor", "textAlignment", "image",
        "contentMode", "subviews", "grid",
    ]

    static func view(_ node: Node) throws -> ViewSpec {
        let o = try node.object(allowed: viewKeys)
        var v = ViewSpec()
        if let n = o["type"] { v.kind = ViewSpec.Kind(rawValue: try n.name("view type", allowed: ViewSpec.Kind.allCases.map(\.rawValue)))! }
        if let n = o["id"] { v.id = try n.string() }
        if let n = o["tag"] { v.tag = try n.integer(in: -1_000_000_000...1_000_000_000) }
        if let n = o["frame"] { v.frame = try frame(n) }
        if let n = o["backgroundColor"] { v.backgroundColor = try optionalColor(n) }
        if let n = o["cornerRadius"] { v.cornerRadius = try n.points(n.nonNegative()) }
        if let n = o["borderWidth"] { v.borderWidth = try n.points(n.nonNegative()) }
        if let n = o["borderColor"] { v.borderColor = try color(n) }
        if let n = o["alpha"] {
            v.alpha = try n.number()
            guard (0...1).contains(v.alpha) else { throw SceneError(n.path, "must be between 0 and 1, got \(Checked.text(v.alpha))") }
        }
        if let n = o["hidden"] { v.isHidden = try n.bool() }
        if let n = o["clipsToBounds"] { v.clipsToBounds = try n.bool() }
        if let n = o["transform"] { v.transform = try transform(n) }
        if let n = o["text"] { v.text = try n.drawableString() }
        if let n = o["font"] { v.font = try font(n) }
        if let n = o["textColor"] { v.textColor = try color(n) }
        if let n = o["textAlignment"] {
            v.textAlignment = TextAlignment(rawValue: try n.name("text alignment", allowed: TextAlignment.allCases.map(\.rawValue)))!
        }
        if let n = o["image"] { v.imagePath = try n.string() }
        if let n = o["contentMode"] {
            v.contentMode = ContentMode(rawValue: try n.name("content mode", allowed: ContentMode.allCases.map(\.rawValue)))!
        }
        if let n = o["subviews"] { v.subviews = try n.array().map(view) }
        if let n = o["grid"] { v.grid = try grid(n) }
        if v.kind != .label, let n = o["text"] { throw SceneError(n.path, "only views of type label have text") }
        if v.kind != .image, let n = o["image"] { throw SceneError(n.path, "only views of type image have an image") }
        return v
    }

    /// `[x, y, width, height]` or `{"x":…, "y":…, "width":…, "height":…}`.
    static func frame(_ node: Node) throws -> CGRect {
        var numbers: [Double] = []
        let names = ["x", "y", "width", "height"]
        if node.value is [Any] {
            let items = try node.array()
            guard items.count == 4 else { throw SceneError(node.path, "expected [x, y, width, height], found \(items.count) numbers") }
            numbers = try items.map { try $0.points($0.number()) }
        } else {
            let o = try node.object(allowed: Set(names))
            for name in names {
                guard let n = o[name] else { throw SceneError(node.path, "missing \(name)") }
                numbers.append(try n.points(n.number()))
            }
        }
        for (name, value) in zip(names, numbers).dropFirst(2) where value < 0 {
            throw SceneError(node.path, "\(name) must not be negative")
        }
        return CGRect(x: numbers[0], y: numbers[1], width: numbers[2], height: numbers[3])
    }

    static func pair(_ node: Node) throws -> (Double, Double) {
        if node.value is [Any] {
            let items = try node.array()
            guard items.count == 2 else { throw SceneError(node.path, "expected two numbers, found \(items.count)") }
            return (try items[0].points(items[0].number()), try items[1].points(items[1].number()))
        }
        let v = try node.points(node.number())
        return (v, v)
    }

    /// Applied as UIKit code would write it: translation, then rotation (degrees), then scale.
    static func transform(_ node: Node) throws -> CGAffineTransform {
        let o = try node.object(allowed: ["translation", "rotation", "scale"])
        var t = CGAffineTransform.identity
        if let n = o["translation"] { let (x, y) = try pair(n); t = t.translatedBy(x: x, y: y) }
        if let n = o["rotation"] { t = t.rotated(by: try n.points(n.number()) * .pi / 180) }
        if let n = o["scale"] { let (x, y) = try pair(n); t = t.scaledBy(x: x, y: y) }
        return t
    }

    static func font(_ node: Node) throws -> Font {
        let o = try node.object(allowed: ["family", "size", "weight", "italic"])
        var f = Font.systemFont(ofSize: 17)
        if let n = o["family"] { f.family = try n.drawableString() }
        if let n = o["size"] { f.size = try n.points(positive(n), atMost: SceneLimits.maximumFontSize) }
        if let n = o["weight"] { f.weight = Font.Weight(rawValue: try n.name("font weight", allowed: ["regular", "bold"]))! }
        if let n = o["italic"] { f.italic = try n.bool() }
        return f
    }

    static func grid(_ node: Node) throws -> GridSpec {
        let o = try node.object(allowed: ["rows", "columns", "tileSize", "spacing", "inset", "tile"])
        func count(_ key: String) throws -> Int {
            guard let n = o[key] else { throw SceneError(node.path, "missing \(key)") }
            return try n.integer(in: 1...1000)  // the product, tile views included, is checked against SceneLimits.maximumViews
        }
        var g = GridSpec(rows: try count("rows"), columns: try count("columns"), tile: ViewSpec())
        if let n = o["tileSize"] {
            let (w, h) = try pair(n)
            guard w >= 0, h >= 0 else { throw SceneError(n.path, "must not be negative") }
            _ = try n.points(max(w, h))
            g.tileSize = CGSize(width: w, height: h)
        }
        if let n = o["spacing"] { g.spacing = try n.points(n.nonNegative()) }
        if let n = o["inset"] { g.inset = try n.points(n.nonNegative()) }
        if let n = o["tile"] { g.tile = try view(n) }
        return g
    }

    /// A value the limits refuse, reported at its key below `node` (`canvas` itself for its pixel count).
    static func limit(_ violation: LimitViolation?, _ node: Node) throws {
        guard let v = violation else { return }
        throw SceneError(v.key == "pixels" ? node.path : node.child(v.key), v.message)
    }
}
