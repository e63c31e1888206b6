import Foundation
import Yams

/// YAML scene files become the same plain values JSON gives, so one walker reads both.
///
/// The document is composed into Yams' node tree and converted here, instead of `Yams.load`, because
/// Yams' constructor force-unwraps non-string mapping keys (`{[1]: 2}`) and crashes on them.
enum YAMLLoader {
    static func load(_ text: String) throws -> Any {
        let root: Yams.Node?
        do {
            root = try Yams.compose(yaml: text)
        } catch {
            throw SceneError("", "not valid YAML: \(String(describing: error).split(separator: "\n").first ?? "")")
        }
        guard let root else { return NSNull() }
        return try convert(root, path: "", depth: 0)
    }

    static func convert(_ node: Yams.Node, path: String, depth: Int) throws -> Any {
        guard depth <= Node.maximumDepth else { throw SceneError(path, "nesting deeper than \(Node.maximumDepth) levels") }
        switch node {
        case .scalar(let scalar):
            let tag = node.tag
            if tag == Tag(.null) { return NSNull() }
            if tag == Tag(.bool), let b = node.bool { return b }
            if tag == Tag(.int), let i = node.int { return i }
            if tag == Tag(.float), let d = node.float { return d }
            return scalar.string
        case .sequence(let seq):
            return try seq.enumerated().map { try convert($1, path: "\(path)[\($0)]", depth: depth + 1) }
        case .mapping(let map):
            var out: [String: Any] = [:]
            for (key, value) in map {
                guard case .scalar(let k) = key else {
                    throw SceneError(path, "mapping keys must be plain names, found a \(key.sequence != nil ? "list" : "mapping")")
                }
                let name = k.string
                out[name] = try convert(value, path: path.isEmpty ? name : "\(path).\(name)", depth: depth + 1)
            }
            return out
        }
    }
}
