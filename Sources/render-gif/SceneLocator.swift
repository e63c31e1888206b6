import Foundation
import SpruceProcess
import SpruceScene

/// `--scene`: a path or a name from the catalogue (`SceneCatalogue.locate`: the built-in scenes, then the folders
/// of `$SPRUCE_SCENES`), with the catalogue's refusals worded as the flag's, or as the argument's that named the
/// scene (`compare`'s A and B).
enum SceneLocator {
    typealias Located = LocatedScene

    static func load(_ argument: String, givenAs name: String = "--scene",
                     environment: [String: String] = ProcessInfo.processInfo.environment) throws -> LocatedScene {
        do { return try SceneCatalogue(environment: environment).locate(argument) } catch let e as SceneLookupError {
            switch e {
            case .noSuchFile, .unreadable, .notAFile, .fileNamedAsFolder: throw CLIError(message: "\(name): \(e)", code: ExitStatus.noInput)
            case .unknownName(let unknown, let known, let searched):
                let folders = searched.isEmpty ? "" : "; \(SceneCatalogue.environmentVariable) folders searched: \(searched.joined(separator: ", "))"
                throw CLIError.usage(Names.unknown(unknown, flag: name, allowed: known + ["<file>.json", "<file>.yaml"]) + folders)
            case .invalid: throw CLIError(message: "\(e)", code: ExitStatus.dataError)
            }
        }
    }
}
