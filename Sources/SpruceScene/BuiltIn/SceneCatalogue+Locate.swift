import Foundation
import SpruceRender

/// A scene found by `SceneCatalogue.locate`: its document, the name review titles use, and the file it came from.
public struct LocatedScene {
    public var document: SceneDocument
    /// The scene's own `name`, else its file name.
    public var name: String
    /// The file the scene was read from (nil for a built-in scene): an input no output may overwrite.
    public var url: URL?
}

/// Why `SceneCatalogue.locate` found no scene; `description` says it in one line.
public enum SceneLookupError: Error, CustomStringConvertible {
    case noSuchFile(String)
    case unreadable(String, reason: String)
    /// A folder, FIFO or device stands where a scene file was named; `what` says which ("a folder").
    case notAFile(String, what: String)
    /// The path ends in `/`, a folder's name, and names a file.
    case fileNamedAsFolder(String)
    /// Neither a file nor a name in the catalogue; `known` lists the names, `searched` the added folders
    /// (`SceneCatalogue.searchedFolders`, each saying whether it could be searched).
    case unknownName(String, known: [String], searched: [String])
    /// The scene was found; `source` ("built-in NAME" or its path) does not parse.
    case invalid(source: String, SceneError)

    public var description: String {
        switch self {
        case .noSuchFile(let path): "no such scene file '\(path)'"
        case let .unreadable(path, reason): "cannot read '\(path)': \(reason)"
        case let .notAFile(path, what): "'\(path)' is \(what), not a scene file"
        case .fileNamedAsFolder(let path): "'\(path)': \(FileKind.fileNamedAsFolder)"
        case let .unknownName(name, known, searched):
            "no scene named \"\(name)\" (scenes: \(known.joined(separator: ", ")))"
                + (searched.isEmpty ? "" : "; added folders searched: \(searched.joined(separator: ", "))")
        case let .invalid(source, error): "scene \(source): \(error)"
        }
    }
}

extension SceneCatalogue {
    /// `argument` as a path (anything with a `/` or a scene-file extension, or an existing file that is not a
    /// scene's name) or as a name: the built-in scenes, then the added folders. Nothing is looked up beside the
    /// executable or in the current folder, so the program works wherever it is copied or run.
    public func locate(_ argument: String) throws -> LocatedScene {
        if isPath(argument) {
            let url = URL(plainPath: argument)
            try Self.checkReadable(url, argument)
            let document = try Self.parse(url.path) { try SceneParser.load(contentsOf: url) }
            return LocatedScene(document: document, name: ReviewTitle.sceneName(contentsOf: url) ?? url.deletingPathExtension().lastPathComponent,
                                url: url)
        }
        guard let entry = entry(named: argument) else { throw SceneLookupError.unknownName(argument, known: entries.map(\.name), searched: searchedFolders) }
        switch entry.source {
        case .builtIn:
            return LocatedScene(document: try Self.parse("built-in \(argument)") { try entry.document() }, name: entry.name, url: nil)
        case .file(let url):
            try Self.checkReadable(url, url.path)
            return LocatedScene(document: try Self.parse(url.path) { try entry.document() },
                                name: ReviewTitle.sceneName(contentsOf: url) ?? entry.name, url: url)
        }
    }

    /// The file `locate` reads for `argument`, whether it exists yet or not: the path it names, or the file of a
    /// name from an added folder; nil for a built-in scene or a name the catalogue does not know.
    public func file(of argument: String) -> URL? {
        if isPath(argument) { return URL(plainPath: argument) }
        if case .file(let url) = entry(named: argument)?.source { return url }
        return nil
    }

    /// Whether `locate` reads `argument` as a path: it has a `/` or a scene-file extension, or it is an existing
    /// file that is not a scene's name.
    private func isPath(_ argument: String) -> Bool {
        let ext = (argument as NSString).pathExtension.lowercased()
        return Self.fileExtensions.contains(ext) || argument.contains("/") || (FileKind.of(argument) != .missing && entry(named: argument) == nil)
    }

    /// One line per name, its description, and where an added scene comes from. A scene file's name,
    /// description and path are escaped (`SafeText`): a file cannot break a line or drive the terminal.
    public func listing() -> String {
        let names = entries.map { SafeText.escaped($0.name) }
        let width = names.map(\.count).max() ?? 0
        return zip(entries, names).map { entry, name in
            var line = name.padding(toLength: width + 2, withPad: " ", startingAt: 0) + SafeText.escaped(entry.description ?? "(no description)")
            if case .file(let url) = entry.source {
                line += " [\(SafeText.escaped(url.path))\(entry.replacesBuiltIn ? ", in place of the built-in scene" : "")]"
            }
            return line
        }.joined(separator: "\n")
    }

    /// Named as what it is: reading a FIFO would block, a device would never end.
    /// `url` is a file this user may read; `argument` as written, for the message. A URL's path drops a trailing
    /// `/`, which the file system reads as "a folder": a file named so is refused, as `cat` refuses it.
    private static func checkReadable(_ url: URL, _ argument: String) throws {
        switch FileKind.of(url.path) {
        case .regular where argument.hasSuffix("/"):
            throw SceneLookupError.fileNamedAsFolder(argument)
        case .missing:
            throw SceneLookupError.noSuchFile(argument)
        case .regular:
            guard access(url.path, R_OK) == 0 else { throw SceneLookupError.unreadable(argument, reason: String(cString: strerror(errno))) }
        case let kind:
            throw SceneLookupError.notAFile(argument, what: kind.article)
        }
    }

    private static func parse(_ source: String, _ body: () throws -> SceneDocument) throws -> SceneDocument {
        do { return try body() } catch let e as SceneError { throw SceneLookupError.invalid(source: source, e) }
    }
}
