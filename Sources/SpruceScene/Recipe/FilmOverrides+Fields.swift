import Foundation
import Geometry

extension FilmOverrides {
    /// The keys of a mapping of overrides (a batch item's fields): a scene file's `choreography` keys but `target`,
    /// written as there, and the canvas's and timeline's `size`, `rows`, `columns`, `background`, `scale`, `fps`,
    /// `loop`, `hold`, as the command line's flags of the same names take them.
    public static let fieldNames: Set<String> = SceneParser.choreographyKeys.subtracting(["target"])
        .union(["size", "rows", "columns", "background", "scale", "fps", "loop", "hold"])

    /// Reads a mapping of overrides found at `path`; every value is read as a scene file's, then range-checked as
    /// `problems` checks it. Problems are `SceneError`s at the key (`items[2].delay`).
    public init(fields: [String: Any], path: String) throws {
        let node = Node(value: fields, path: path)
        let o = try node.object(allowed: Self.fieldNames)
        let choreography = fields.filter { SceneParser.choreographyKeys.contains($0.key) }
        self = try SceneParser.choreographyFields(Node(value: choreography, path: path)).keys
        if let n = o["size"] {
            let (w, h): (Double, Double)
            if let text = n.value as? String {
                guard let numbers = Self.sizeNumbers(text) else {
                    throw SceneError(n.path, "expected WIDTHxHEIGHT in points, e.g. 320x320, or [width, height], got \"\(text)\"")
                }
                (w, h) = numbers
            } else {
                let items = try n.array()
                guard items.count == 2 else { throw SceneError(n.path, "expected [width, height], found \(items.count) numbers") }
                (w, h) = (try items[0].number(), try items[1].number())
            }
            size = CGSize(width: w, height: h)
        }
        if let n = o["rows"] { rows = try n.integer() }
        if let n = o["columns"] { columns = try n.integer() }
        if let n = o["background"] { background = Background(try SceneParser.optionalColor(n)) }
        if let n = o["scale"] { scale = try n.number() }
        if let n = o["fps"] { fps = try n.number() }
        if let n = o["loop"] { loop = try n.choice("loop", among: TimelineSpec.loopNames, named: \.rawValue) }
        if let n = o["hold"] { hold = try n.number() }
        if let bad = problems.first {
            let key = ["width": "size", "height": "size"][bad.key] ?? bad.key
            throw SceneError(node.child(key), bad.message)
        }
    }
}
