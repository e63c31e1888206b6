import Foundation
import SpruceRender
import SpruceScene

/// `--scene`: a path (anything with a `/` or a scene-file extension, or an existing file that is not a scene's
/// name) or a name from the catalogue — the built-in scenes compiled into the program, then the folders of
/// `$SPRUCE_SCENES`. Nothing is looked up beside the executable or in the current folder, so the program works
/// wherever it is copied or run.
enum SceneLocator {
    struct Located {
        var document: SceneDocument
        /// For review titles: the scene's own `name`, else its file name.
        var name: String
        /// The file the scene was read from (nil for a built-in scene): an input no output may overwrite.
        var url: URL?
    }

    static func load(_ argument: String, environment: [String: String] = ProcessInfo.processInfo.environment) throws -> Located {
        let ext = (argument as NSString).pathExtension.lowercased()
        let catalogue = SceneCatalogue(environment: environment)
        if SceneCatalogue.fileExtensions.contains(ext) || argument.contains("/")
            || (FileKind.of(argument) != .missing && catalogue.entry(named: argument) == nil) {
            let url = URL(fileURLWithPath: argument)
            try checkReadable(url, argument)
            let document = try parse(url.path) { try SceneParser.load(contentsOf: url) }
            return Located(document: document, name: ReviewTitle.sceneName(contentsOf: url) ?? url.deletingPathExtension().lastPathComponent,
                           url: url)
        }
        guard let entry = catalogue.entry(named: argument) else {
            throw CLIError.usage(Names.unknown(argument, flag: "--scene", allowed: catalogue.entries.map(\.name) + ["<file>.json", "<file>.yaml"]))
        }
        switch entry.source {
        case .builtIn:
            return Located(document: try parse("built-in \(argument)") { try entry.document() }, name: entry.name, url: nil)
        case .file(let url):
            try checkReadable(url, url.path)
            return Located(document: try parse(url.path) { try entry.document() },
                           name: ReviewTitle.sceneName(contentsOf: url) ?? entry.name, url: url)
        }
    }

    /// Named as what it is: reading a FIFO would block, a device would never end.
    private static func checkReadable(_ url: URL, _ argument: String) throws {
        switch FileKind.of(url.path) {
        case .missing:
            throw CLIError(message: "--scene: no such scene file '\(argument)'", code: ExitStatus.noInput)
        case .regular:
            guard access(url.path, R_OK) == 0 else {
                throw CLIError(message: "--scene: cannot read '\(argument)': \(String(cString: strerror(errno)))", code: ExitStatus.noInput)
            }
        case let kind:
            throw CLIError(message: "--scene: '\(argument)' is \(kind.article), not a scene file", code: ExitStatus.noInput)
        }
    }

    private static func parse(_ label: String, _ body: () throws -> SceneDocument) throws -> SceneDocument {
        do { return try body() } catch let e as SceneError {
            throw CLIError(message: "scene \(label): \(e)", code: ExitStatus.dataError)
        }
    }

    /// `--list-scenes`: one line per name, its description, and where an added scene comes from. A scene file's
    /// name, description and path are escaped (`SafeText`): a file cannot break a line or drive the terminal.
    static func listing(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        let entries = SceneCatalogue(environment: environment).entries
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
}
