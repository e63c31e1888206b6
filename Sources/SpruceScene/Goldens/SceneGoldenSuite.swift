import Foundation
import SpruceRender

/// Why a goldens run cannot start; `description` says it in one line.
public enum SceneGoldenSuiteProblem: Error, Equatable, CustomStringConvertible {
    case noSuchPath(String)
    /// The path ends in `/`, a folder's name, and names a file.
    case fileNamedAsFolder(String)
    case noSceneFiles([String])
    /// Two scenes whose goldens would be the same files: the goldens' path without the extension, and both scenes.
    case sharedGoldens(String, String, String)
    /// Scenes of one name where names must be unique: the name and the scenes' paths.
    case sameName(String, [String])

    public var description: String {
        switch self {
        case .noSuchPath(let path): "no such scene file or folder '\(path)'"
        case .fileNamedAsFolder(let path): "'\(path)': \(FileKind.fileNamedAsFolder)"
        case .noSceneFiles(let paths): "no scene files (.json, .yaml, .yml) in \(paths.joined(separator: " "))"
        case .sharedGoldens(let path, let a, let b): "two scenes would share the goldens \(path).*: \(a) and \(b)"
        case .sameName(let name, let paths): "two scenes are named '\(name)' (\(paths.joined(separator: ", ")))"
        }
    }
}

/// The scene files of a goldens run (`render-gif test`) and the name each one's line shows.
public enum SceneGoldenSuite {
    public static let extensions = ["json", "yaml", "yml"]

    /// Files as given and the scene files directly inside folders, sorted by path, each once.
    public static func scenes(in paths: [String]) throws -> [URL] {
        var found: [URL] = []
        for path in paths {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                throw FileKind.isFileNamedAsFolder(path) ? SceneGoldenSuiteProblem.fileNamedAsFolder(path) : SceneGoldenSuiteProblem.noSuchPath(path)
            }
            if isDirectory.boolValue {
                // Scene files only: not a hidden file (an editor's `.grid.json.swp` copy) nor a folder named `x.json`.
                let names = try FileManager.default.contentsOfDirectory(atPath: path)
                found += names.filter { extensions.contains(($0 as NSString).pathExtension.lowercased()) && !$0.hasPrefix(".") }
                    .map { URL(plainPath: path).appendingPathComponent($0) }
                    .filter { FileKind.of($0.path) != .directory }
            } else {
                found.append(URL(plainPath: path))
            }
        }
        let unique = Array(Set(found.map(\.standardizedFileURL.path))).sorted().map { URL(plainPath: $0) }
        guard !unique.isEmpty else { throw SceneGoldenSuiteProblem.noSceneFiles(paths) }
        return unique
    }

    /// The name each scene's line (and report) shows: its file name without the extension, or, for scenes of the
    /// same name in different folders, its path so. Two scenes whose goldens would be the same files are refused
    /// (x.json and x.yaml in one folder, or one goldens folder for both), as are same-named scenes when `uniqueNames`
    /// (a report whose pictures are named by the scene): `SceneGoldenSuiteProblem`. Goldens folders are compared as
    /// the file system resolves them: two that are links to one folder share its files.
    public static func lineNames(_ scenes: [URL], goldensFolder: (URL) -> URL, uniqueNames: Bool) throws -> [URL: String] {
        var out: [URL: String] = [:]
        // By name, so that of several clashes the same one is named every run.
        for (_, group) in Dictionary(grouping: scenes, by: { $0.deletingPathExtension().lastPathComponent }).sorted(by: { $0.key < $1.key }) {
            let name = group[0].deletingPathExtension().lastPathComponent
            guard group.count > 1 else { out[group[0]] = name; continue }
            var goldens: [String: URL] = [:]
            for scene in group.sorted(by: { $0.path < $1.path }) {
                let path = OutputPlan.realPath(goldensFolder(scene).path) + "/" + name
                if let other = goldens[path] {
                    throw SceneGoldenSuiteProblem.sharedGoldens(path, other.path, scene.path)
                }
                goldens[path] = scene
            }
            if uniqueNames { throw SceneGoldenSuiteProblem.sameName(name, group.map(\.path).sorted()) }
            let here = URL.workingFolderPath + "/"
            for scene in group {
                let path = scene.deletingPathExtension().path
                out[scene] = path.hasPrefix(here) ? String(path.dropFirst(here.count)) : path
            }
        }
        return out
    }
}
