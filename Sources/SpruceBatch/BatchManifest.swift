import Foundation
import SpruceJobs
import SpruceScene

/// A batch manifest: a YAML or JSON document with a list of items, each a scene (a file or a built-in name), an
/// output, the recipe's overrides as fields (`FilmOverrides.fieldNames`: `sort`, `corner`, `delay`, `damping`,
/// `size`, `fps`, `loop`, `hold`, … written as in a scene file) and, optionally, flags as `render-gif render` takes
/// them (any flag; a recipe field may be given either way, not both):
///
///     items:
///       - {scene: grid, out: reel/cornered.gif, sort: cornered, corner: topRight, fps: 25}
///       - {scene: grid, out: reel/cornered.mp4, flags: [--sort, cornered, --crf, 18]}
///       - {scene: screens/feed.json, out: reel/feed.mp4}
///
/// A document that cannot be read, or has no `items` list, is an error; an item that is malformed is kept with its
/// problem (reported as failed, the other items still run).
public struct BatchManifest {
    public static let maximumItems = 100_000
    /// The largest manifest read (16 MiB): `maximumItems` items of a scene, an output and a few flags fit in it.
    public static let maximumBytes = 16 << 20
    public static let maximumFlags = 200

    public struct Item: Equatable, Sendable {
        /// Position in the manifest, from 0.
        public let index: Int
        public let scene: String
        public let out: String
        public let flags: [String]
        /// The item's recipe fields.
        public let overrides: FilmOverrides
        /// Why the item cannot run, if it cannot.
        public let problem: String?

        /// What follows `--scene SCENE --out OUT` on the item's render command line: its fields as flags
        /// (`FilmOverrides.renderArguments`), then its `flags`.
        public var arguments: [String] { overrides.renderArguments + flags }
    }

    public let items: [Item]

    /// Reads `data` as YAML when `yaml`, else as JSON. Errors are `ManifestError`s naming the place.
    public init(_ data: Data, yaml: Bool) throws {
        let root: Any
        do { root = try StructuredText.read(data, yaml: yaml) } catch let e as SceneError { throw ManifestError(e.path, e.message) }
        guard let object = root as? [String: Any] else { throw ManifestError("", "a manifest is a mapping with an `items` list") }
        if let unknown = object.keys.sorted().first(where: { $0 != "items" }) {
            throw ManifestError(unknown, "unknown key; a manifest has only `items`")
        }
        guard let list = object["items"] as? [Any] else { throw ManifestError("items", "must be a list of {scene, out, flags}") }
        guard list.count <= Self.maximumItems else {
            throw ManifestError("items", "\(list.count) items; at most \(Self.maximumItems) per manifest")
        }
        items = list.enumerated().map { Self.item($0.offset, $0.element) }
    }

    private static func item(_ index: Int, _ value: Any) -> Item {
        func bad(_ why: String) -> Item {
            let fields = value as? [String: Any]
            return Item(index: index, scene: fields?["scene"] as? String ?? "", out: fields?["out"] as? String ?? "",
                        flags: [], overrides: FilmOverrides(), problem: "items[\(index)]: \(why)")
        }
        guard let fields = value as? [String: Any] else { return bad("must be a mapping {scene, out, flags}") }
        if let unknown = fields.keys.sorted().first(where: { !itemKeys.contains($0) && !FilmOverrides.fieldNames.contains($0) }) {
            let near = NameMatching.closest(to: unknown, in: Array(FilmOverrides.fieldNames) + itemKeys).map { ", did you mean `\($0)`?" } ?? ""
            return bad("unknown key `\(unknown)`\(near) (an item has scene, out, flags and the recipe's fields: sort, delay, damping, size, fps, …)")
        }
        guard let scene = fields["scene"] as? String, !scene.isEmpty else { return bad("`scene` must be a scene file or a built-in name") }
        guard let out = fields["out"] as? String, !out.isEmpty else { return bad("`out` must be the output path") }
        var flags: [String] = []
        if let raw = fields["flags"] {
            guard let list = raw as? [Any], list.count <= maximumFlags else {
                return bad("`flags` must be a list of at most \(maximumFlags) command-line words")
            }
            for word in list {
                // YAML reads `--fps 25` as a string and `25` as a number; both are words of the command line.
                switch word {
                case let s as String: flags.append(s)
                case let i as Int: flags.append(String(i))
                case let d as Double where d.isFinite: flags.append(String(d))
                default: return bad("`flags` holds \(type(of: word)), not a word")
                }
            }
        }
        // Every spelling (`TargetFlags`); the render's own parse is checked too.
        if let name = TargetFlags.first(in: flags) { return bad("`flags` must not repeat \(name); the item's scene and out give it") }
        let overrides: FilmOverrides
        do { overrides = try FilmOverrides(fields: fields.filter { !itemKeys.contains($0.key) }, path: "items[\(index)]") } catch let e as SceneError {
            return Item(index: index, scene: scene, out: out, flags: [], overrides: FilmOverrides(), problem: "\(e)")
        } catch {
            return bad("\(error)")
        }
        return Item(index: index, scene: scene, out: out, flags: flags, overrides: overrides, problem: nil)
    }

    /// An item's own keys, besides the recipe's fields.
    static let itemKeys = ["scene", "out", "flags"]
}
