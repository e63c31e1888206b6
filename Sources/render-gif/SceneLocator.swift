import Foundation
import SpruceRender

/// Finds built-in scenes (`fixtures/scenes/<name>.json`) without installing anything: in $SPRUCE_SCENES,
/// then beside or above the executable (a `.build/release/render-gif` in a checkout), then in or above the
/// current directory.
enum SceneLocator {
    static let builtInNames = ["grid", "list", "collection", "phones"]
    static let environmentVariable = "SPRUCE_SCENES"

    /// A path for a file argument, or the built-in scene file for a name.
    static func locate(_ argument: String, environment: [String: String] = ProcessInfo.processInfo.environment) throws -> URL {
        let ext = (argument as NSString).pathExtension.lowercased()
        if ["json", "yaml", "yml"].contains(ext) || argument.contains("/")
            || (FileKind.of(argument) != .missing && !builtInNames.contains(argument)) {
            let url = URL(fileURLWithPath: argument)
            // Named as what it is: reading a FIFO would block, a device would never end.
            switch FileKind.of(url.path) {
            case .missing:
                throw CLIError(message: "--scene: no such scene file '\(argument)'", code: ExitStatus.noInput)
            case .regular:
                guard access(url.path, R_OK) == 0 else {
                    throw CLIError(message: "--scene: cannot read '\(argument)': \(String(cString: strerror(errno)))", code: ExitStatus.noInput)
                }
                return url
            case let kind:
                throw CLIError(message: "--scene: '\(argument)' is \(kind.article), not a scene file", code: ExitStatus.noInput)
            }
        }
        let dirs = searchDirectories(environment: environment)
        for dir in dirs {
            let candidate = dir.appendingPathComponent(argument + ".json")
            if FileManager.default.fileExists(atPath: candidate.path) { return candidate }
        }
        let known = Set(builtInNames + dirs.flatMap(names(in:))).sorted()
        guard builtInNames.contains(argument) else {
            throw CLIError.usage(Names.unknown(argument, flag: "--scene", allowed: known + ["<file>.json", "<file>.yaml"]))
        }
        let searched = dirs.isEmpty ? "no fixtures/scenes folder found" : "searched " + dirs.map(\.path).joined(separator: ", ")
        throw CLIError(message: "--scene: the built-in scene \"\(argument)\" was not found (\(searched)); set "
                       + "\(environmentVariable)=/path/to/fixtures/scenes", code: ExitStatus.noInput)
    }

    static func searchDirectories(environment: [String: String]) -> [URL] {
        var out: [URL] = []
        if let env = environment[environmentVariable], !env.isEmpty { out.append(URL(fileURLWithPath: env)) }
        let starts = [executableDirectory(), URL(fileURLWithPath: FileManager.default.currentDirectoryPath)].compactMap { $0 }
        for start in starts {
            var dir = start.standardizedFileURL
            for _ in 0..<6 {
                let candidate = dir.appendingPathComponent("fixtures/scenes")
                if isDirectory(candidate), !out.contains(candidate) { out.append(candidate); break }
                let parent = dir.deletingLastPathComponent()
                if parent.path == dir.path { break }
                dir = parent
            }
        }
        return out
    }

    static func executableDirectory() -> URL? {
        guard let path = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") else {
            return Bundle.main.executableURL?.deletingLastPathComponent()
        }
        return URL(fileURLWithPath: path).deletingLastPathComponent()
    }

    static func isDirectory(_ url: URL) -> Bool {
        var isDir: ObjCBool = false
        return FileManager.default.fileExists(atPath: url.path, isDirectory: &isDir) && isDir.boolValue
    }

    static func names(in dir: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? [])
            .filter { $0.hasSuffix(".json") }.map { String($0.dropLast(5)) }
    }
}
