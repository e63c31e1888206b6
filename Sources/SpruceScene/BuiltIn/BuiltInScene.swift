import Foundation

/// A scene compiled into the library: the text of its file under `fixtures/scenes`, its one-line description
/// and the bytes of the images it names. Nothing is read from disk, so a copied or installed program has them.
public struct BuiltInScene: Sendable {
    public enum Format: Sendable { case json, yaml }

    /// What `--scene` takes: the file name without extension (`grid`, `profile`).
    public let name: String
    public let description: String
    /// The source file, relative to `fixtures/scenes` (`examples/profile.yaml`).
    public let file: String
    public let format: Format
    /// The file's exact text.
    public let text: String
    /// Image paths as the scene writes them, to their PNG bytes in base64.
    let imagesBase64: [String: String]

    /// The scene as `SceneParser` reads it, with its images attached (`SceneDocument.embeddedImages`).
    public func document() throws -> SceneDocument {
        var doc = try SceneParser.parse(Data(text.utf8), yaml: format == .yaml)
        doc.embeddedImages = images
        return doc
    }

    /// The images the scene names, decoded from base64.
    public var images: [String: Data] {
        imagesBase64.compactMapValues { Data(base64Encoded: $0) }
    }
}

/// The scenes every program built on this package has: the mock-ups (`grid`, `list`, `collection`, `phones`)
/// and the examples of docs/SceneFormat.md. `generated` is written from fixtures/scenes at build time by
/// BuiltInScenesPlugin (Plugins/), which runs BuiltInScenesGenerator.
public enum BuiltInScenes {
    /// In catalogue order: the mock-ups, then the examples, each alphabetically.
    public static var all: [BuiltInScene] { generated }

    public static var names: [String] { generated.map(\.name) }

    public static func named(_ name: String) -> BuiltInScene? {
        generated.first { $0.name == name }
    }
}
