import Foundation
import PackagePlugin

/// Compiles the built-in scenes into the target it is applied to (SpruceScene): at every build, the scene
/// files of fixtures/scenes and fixtures/scenes/examples, and the image files they name, become the inputs of
/// one command that runs BuiltInScenesGenerator, which writes `BuiltInScenes+Generated.swift` into the plugin's
/// work folder. Editing, adding or removing a scene or one of its images rebuilds the file.
///
/// This plugin decides what is built in (the catalogue order, which files are scenes, which images a scene
/// names); the generator checks each scene's header and writes the Swift source.
@main
struct BuiltInScenesPlugin: BuildToolPlugin {
    /// Relative to fixtures/scenes, in catalogue order.
    static let folders = ["", "examples"]
    static let extensions: Set<String> = ["json", "yaml", "yml"]
    /// `image: path` (YAML) or `"image": "path"` (JSON). BuiltInSceneCatalogueTests builds every built-in scene
    /// with no file beside it, so a reference this misses fails there.
    static let image = try! NSRegularExpression(pattern: #"["']?\bimage["']?\s*:\s*["']?([^"'\s,}#]+)"#)

    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        let scenes = context.package.directoryURL.appendingPathComponent("fixtures/scenes")
        let output = context.pluginWorkDirectoryURL.appendingPathComponent("BuiltInScenes+Generated.swift")
        var arguments = [output.path]
        var inputs: [URL] = []
        for folder in Self.folders {
            let directory = folder.isEmpty ? scenes : scenes.appendingPathComponent(folder)
            // Sorted by code point, as the catalogue lists them.
            let names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
                .sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
            for name in names where Self.isScene(name) {
                let file = directory.appendingPathComponent(name)
                let text = try String(contentsOf: file, encoding: .utf8)
                arguments += ["--scene", file.path, folder.isEmpty ? name : "\(folder)/\(name)"]
                inputs.append(file)
                for ref in Self.imageReferences(in: text) {
                    let image = ref.hasPrefix("/") ? URL(fileURLWithPath: ref) : directory.appendingPathComponent(ref).standardized
                    arguments += ["--image", ref, image.path]
                    inputs.append(image)
                }
            }
        }
        return [
            .buildCommand(
                displayName: "Compiling the built-in scenes of fixtures/scenes into \(target.name)",
                executable: try context.tool(named: "BuiltInScenesGenerator").url,
                arguments: arguments,
                inputFiles: inputs,
                outputFiles: [output]
            ),
        ]
    }

    /// A file whose extension is a scene format; a name that is only an extension (`.json`) is not one.
    static func isScene(_ name: String) -> Bool {
        let ext = (name as NSString).pathExtension
        return extensions.contains(ext) && name.count > ext.count + 1
    }

    /// The image paths the scene text names, in order (repeats included).
    static func imageReferences(in text: String) -> [String] {
        let whole = NSRange(text.startIndex..., in: text)
        return image.matches(in: text, range: whole).compactMap { match in
            Range(match.range(at: 1), in: text).map { String(text[$0]) }
        }
    }
}
