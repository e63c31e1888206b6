import Foundation
import Yams

/// YAML scene files become the same plain values JSON gives, so one walker reads both.
///
/// The document is composed into Yams' node tree and converted here, instead of `Yams.load`, because
/// Yams' constructor force-unwraps non-string mapping keys (`{[1]: 2}`) and crashes on them. The text is
/// bounded before Yams recurses into it (`YAMLNestingScan`), and the conversion, which is where aliases
/// (`*name`) are expanded, counts every value it makes: an alias bomb stops at
/// `SceneLimits.maximumYAMLValues` instead of growing to gigabytes. Repeated keys are errors.
enum YAMLLoader {
    static func load(_ text: String) throws -> Any {
        if let line = YAMLNestingScan.firstLineDeeper(than: Node.maximumDepth, in: text) {
            throw SceneError("", "nesting deeper than \(Node.maximumDepth) levels (line \(line))")
        }
        let root: Yams.Node?
        do {
            root = try Yams.compose(yaml: text)
        } catch {
            throw SceneError("", "not valid YAML: \(String(describing: error).split(separator: "\n").first ?? "")")
        }
        guard let root else { return NSNull() }
        var converter = Converter()
        return try converter.convert(root, path: "", depth: 0)
    }

    struct Converter {
        var values = 0

        mutating func convert(_ node: Yams.Node, path: String, depth: Int) throws -> Any {
            guard depth <= Node.maximumDepth else { throw SceneError(path, "nesting deeper than \(Node.maximumDepth) levels") }
            values += 1
            guard values <= SceneLimits.maximumYAMLValues else {
                throw SceneError(path, "the document expands to more than \(SceneLimits.maximumYAMLValues) values "
                                 + "(aliases repeated inside aliases?)")
            }
            switch node {
            case .scalar(let scalar):
                let tag = node.tag
                if tag == Tag(.null) { return NSNull() }
                if tag == Tag(.bool), let b = node.bool { return b }
                if tag == Tag(.int), let i = node.int { return i }
                if tag == Tag(.float), let d = node.float { return d }
                return scalar.string
            case .sequence(let seq):
                var out: [Any] = []
                for (i, item) in seq.enumerated() { out.append(try convert(item, path: "\(path)[\(i)]", depth: depth + 1)) }
                return out
            case .mapping(let map):
                var out: [String: Any] = [:]
                var firstMarks: [String: Yams.Mark?] = [:]
                for (key, value) in map {
                    guard case .scalar(let k) = key else {
                        throw SceneError(path, "mapping keys must be plain names, found a \(key.sequence != nil ? "list" : "mapping")")
                    }
                    let name = k.string
                    let child = path.isEmpty ? name : "\(path).\(name)"
                    if let first = firstMarks[name] {
                        throw SceneError(child, "duplicate key \"\(name)\"\(Self.at(key.mark)) (first\(Self.at(first)))")
                    }
                    firstMarks[name] = key.mark
                    out[name] = try convert(value, path: child, depth: depth + 1)
                }
                return out
            }
        }

        static func at(_ mark: Yams.Mark?) -> String {
            mark.map { " at line \($0.line), column \($0.column)" } ?? ""
        }
    }
}
