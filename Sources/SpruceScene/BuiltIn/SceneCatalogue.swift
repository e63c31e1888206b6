import Foundation
import SpruceRender

/// Scenes by name: the built-in ones (compiled in) and the `.json`, `.yaml` and `.yml` files of added folders
/// (`SPRUCE_SCENES`, colon-separated like `PATH`). Added folders are searched first, in order, so a file there
/// can stand in for a built-in scene of the same name.
public struct SceneCatalogue {
    public static let environmentVariable = "SPRUCE_SCENES"
    public static let fileExtensions = ["json", "yaml", "yml"]

    public struct Entry {
        public enum Source { case builtIn(BuiltInScene), file(URL) }
        public let name: String
        public let description: String?
        public let source: Source
        /// A file of an added folder whose name is also a built-in scene's.
        public let replacesBuiltIn: Bool

        /// The scene, parsed; image paths of a file resolve beside it, a built-in scene carries its images.
        public func document() throws -> SceneDocument {
            switch source {
            case .builtIn(let scene): return try scene.document()
            case .file(let url): return try SceneParser.load(contentsOf: url)
            }
        }
    }

    public var folders: [URL]

    public init(folders: [URL] = []) { self.folders = folders }

    /// The built-in scenes plus the folders named by `SPRUCE_SCENES` in `environment`.
    public init(environment: [String: String]) {
        let list = environment[Self.environmentVariable] ?? ""
        self.init(folders: list.split(separator: ":").map { URL(plainPath: String($0), isDirectory: true) })
    }

    /// The added folders as a lookup searches them, in order, each quoted, with what keeps one from being searched
    /// after it: `'/a/scenes'`, `'/b' (does not exist)`, `'/c.json' (a file, not a folder)`, `'/d' (cannot be read)`.
    /// A folder that is not there is passed over, as a shell passes over one on PATH; a name not found says so.
    public var searchedFolders: [String] {
        folders.map { folder in
            let kind = FileKind.of(folder.path)
            let note = switch kind {
            case .missing: " (does not exist)"
            case .directory: access(folder.path, R_OK | X_OK) == 0 ? "" : " (cannot be read)"
            default: " (\(kind.article), not a folder)"
            }
            return "'\(folder.path)'" + note
        }
    }

    /// The scene `name` stands for, or nil. Reads only the file it finds, not the rest of the folders.
    public func entry(named name: String) -> Entry? {
        let builtIn = BuiltInScenes.named(name)
        for folder in folders {
            if let (_, url) = Self.sceneFiles(in: folder).first(where: { $0.0 == name }) {
                return Self.fileEntry(name, url, replacesBuiltIn: builtIn != nil)
            }
        }
        return builtIn.map(Self.builtInEntry)
    }

    /// Every name once: the built-in scenes in catalogue order, then the other names of added folders
    /// alphabetically.
    public var entries: [Entry] {
        var files: [String: URL] = [:]
        for folder in folders {
            for (name, url) in Self.sceneFiles(in: folder) where files[name] == nil { files[name] = url }
        }
        var out: [Entry] = BuiltInScenes.all.map { scene in
            guard let url = files.removeValue(forKey: scene.name) else { return Self.builtInEntry(scene) }
            return Self.fileEntry(scene.name, url, replacesBuiltIn: true)
        }
        out += files.keys.sorted().map { Self.fileEntry($0, files[$0]!, replacesBuiltIn: false) }
        return out
    }

    static func builtInEntry(_ scene: BuiltInScene) -> Entry {
        Entry(name: scene.name, description: scene.description, source: .builtIn(scene), replacesBuiltIn: false)
    }

    static func fileEntry(_ name: String, _ url: URL, replacesBuiltIn: Bool) -> Entry {
        Entry(name: name, description: SceneHeader.read(url)?.description, source: .file(url), replacesBuiltIn: replacesBuiltIn)
    }

    /// Scene files directly in `folder` by name (file name without extension; `.json` before `.yaml` before `.yml`).
    static func sceneFiles(in folder: URL) -> [(String, URL)] {
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
        var seen = Set<String>()
        var out: [(String, URL)] = []
        for ext in fileExtensions {
            for file in names where (file as NSString).pathExtension == ext {
                let name = (file as NSString).deletingPathExtension
                let url = folder.appendingPathComponent(file)
                // Only regular files (through links): a folder, a device or a link loop named x.json is no scene.
                guard !name.isEmpty, FileKind.of(url.path) == .regular else { continue }
                if seen.insert(name).inserted { out.append((name, url)) }
            }
        }
        return out
    }
}

/// The `name` and `description` a scene file gives itself, read without validating the rest.
public struct SceneHeader {
    public var name: String?
    public var description: String?

    public static func read(_ url: URL) -> SceneHeader? {
        // Bounded like the loader: size checked before reading, depth before parsing.
        guard let data = try? SceneSource.read(url) else { return nil }
        let any = try? SceneSource.values(data, yaml: SceneSource.isYAML(url))
        guard let object = any as? [String: Any] else { return nil }
        return SceneHeader(name: object["name"] as? String, description: object["description"] as? String)
    }
}
