import Foundation

/// JSON or YAML read into plain values (`[String: Any]`, `[Any]`, `String`, `Int`, `Double`, `Bool`, `NSNull`) by the
/// scene files' own bounded readers: nesting limited before anything recurses, repeated keys refused, YAML aliases
/// counted. For other documents the tools read, such as `render-gif batch` manifests.
public enum StructuredText {
    /// `yaml`: read as YAML (JSON is YAML too); otherwise as strict JSON. Errors are `SceneError`s naming the place.
    public static func read(_ data: Data, yaml: Bool) throws -> Any {
        guard yaml else { return try JSONReader.read(data) }
        guard let text = String(data: data, encoding: .utf8) else { throw SceneError("", "not UTF-8 text") }
        return try YAMLLoader.load(text)
    }
}
