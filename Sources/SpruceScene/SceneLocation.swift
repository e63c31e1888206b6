import Foundation
import Yams

/// The line of a scene file where the value at a `SceneError` path (`views[1].frame`, `choreography.sort`) is
/// written, found by walking the document as YAML (a superset of the JSON scene files use), whose nodes know where
/// they start. For a key, the line of the key; for a list item, the line the item starts on.
public enum SceneLocation {
    public static func line(of path: String, in text: String) -> Int? {
        let components = Self.components(of: path)
        guard !components.isEmpty, YAMLNestingScan.firstLineDeeper(than: Node.maximumDepth, in: text) == nil,
              var node = (try? Yams.compose(yaml: text)).flatMap({ $0 }) else { return nil }
        var line = node.mark?.line
        for component in components {
            switch (component, node) {
            case (.key(let key), .mapping(let mapping)):
                guard let pair = mapping.first(where: { $0.key.scalar?.string == key }) else { return line }
                (node, line) = (pair.value, pair.key.mark?.line)
            case (.index(let i), .sequence(let sequence)):
                guard sequence.indices.contains(i) else { return line }
                node = sequence[i]
                line = node.mark?.line
            default:
                return line
            }
        }
        return line
    }

    enum Component: Equatable { case key(String), index(Int) }

    /// `views[1].frame` → key views, index 1, key frame.
    static func components(of path: String) -> [Component] {
        var out: [Component] = []
        for part in path.split(separator: ".") {
            let pieces = part.split(separator: "[", omittingEmptySubsequences: false)
            if let key = pieces.first, !key.isEmpty { out.append(.key(String(key))) }
            for index in pieces.dropFirst() {
                guard let i = Int(index.prefix { $0 != "]" }) else { return out }
                out.append(.index(i))
            }
        }
        return out
    }
}
