import Foundation
import Yams

/// YAML scene files become the same plain values JSON gives, so one walker reads both.
///
/// The document is composed into Yams' node tree and converted here, instead of `Yams.load`, because
/// Yams' constructor force-unwraps non-string mapping keys (`{[1]: 2}`) and crashes on them. The text is
/// bounded before Yams recurses into it (`YAMLNestingScan`), and the conversion, which is where aliases
/// (`*name`) are expanded, counts every value it makes: an alias bomb stops at
/// `SceneLimits.maximumDocumentValues` instead of growing to gigabytes. Repeated keys are errors.
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
        return try converter.convert(root, depth: 0)
    }

    /// Converts while counting; the path of the value at hand is kept as components and spelled out only
    /// for an error, so an alias bomb costs little per value until the budget stops it.
    struct Converter {
        var values = 0
        enum Component { case key(String), index(Int) }
        var components: [Component] = []

        var path: String {
            components.reduce("") { p, c in
                switch c {
                case .index(let i): return p + "[\(i)]"
                case .key(let k): return p.isEmpty ? k : p + "." + k
                }
            }
        }

        mutating func convert(_ node: Yams.Node, depth: Int) throws -> Any {
            guard depth <= Node.maximumDepth else { throw SceneError(path, "nesting deeper than \(Node.maximumDepth) levels") }
            values += 1
            guard values <= SceneLimits.maximumDocumentValues else {
                throw SceneError(path, "the document holds more than \(SceneLimits.maximumDocumentValues) values "
                                 + "(at most \(SceneLimits.maximumViews) views; or aliases repeated inside aliases?)")
            }
            switch node {
            case .scalar(let scalar):
                // YAML 1.1 reads `031` as octal 25, `0x19` as hex, `1:30` as 90 and `1_0` as 10: a scene's numbers are
                // decimal, as in JSON, and anything else is refused rather than silently read another way.
                if node.tag == Tag(.int) || node.tag == Tag(.float), !Self.isDecimal(scalar.string) {
                    throw SceneError(path, "write numbers in decimal, as in JSON: YAML would read \"\(scalar.string)\" as "
                                     + "\(Self.value(of: node, scalar))")
                }
                // Aliases repeat the same scalars: each distinct one is resolved (tag, number parsing) once.
                let key = ScalarKey(text: scalar.string, tag: scalar.tag.description, style: scalar.style.rawValue)
                if let known = scalars[key] { return known }
                let value = Self.value(of: node, scalar)
                scalars[key] = value
                return value
            case .sequence(let seq):
                var out: [Any] = []
                for (i, item) in seq.enumerated() {
                    components.append(.index(i))
                    out.append(try convert(item, depth: depth + 1))
                    components.removeLast()
                }
                return out
            case .mapping(let map):
                var out: [String: Any] = [:]
                var firstMarks: [String: Yams.Mark?] = [:]
                for (key, value) in map {
                    guard case .scalar(let k) = key else {
                        throw SceneError(path, "mapping keys must be plain names, found a \(key.sequence != nil ? "list" : "mapping")")
                    }
                    let name = k.string
                    components.append(.key(name))
                    if let first = firstMarks[name] {
                        throw SceneError(path, "duplicate key \"\(name)\"\(Self.at(key.mark)) (first\(Self.at(first)))")
                    }
                    firstMarks[name] = key.mark
                    out[name] = try convert(value, depth: depth + 1)
                    components.removeLast()
                }
                return out
            }
        }

        struct ScalarKey: Hashable { let text: String, tag: String, style: UInt32 }
        var scalars: [ScalarKey: Any] = [:]

        static func value(of node: Yams.Node, _ scalar: Yams.Node.Scalar) -> Any {
            let tag = node.tag
            if tag == Tag(.null) { return NSNull() }
            if tag == Tag(.bool), let b = node.bool { return b }
            if tag == Tag(.int), let i = node.int { return i }
            if tag == Tag(.float), let d = node.float { return d }
            return scalar.string
        }

        /// `12`, `-3`, `0.5`, `1e-3`, `.5`, and YAML's `.inf` and `.nan` (which the range checks then refuse as not
        /// finite, the better message); not `031`, `0x19`, `0o7`, `1:30`, `1_000`.
        static func isDecimal(_ text: String) -> Bool {
            text.range(of: #"^[-+]?(0|[1-9][0-9]*)(\.[0-9]*)?([eE][-+]?[0-9]+)?$|^[-+]?\.[0-9]+([eE][-+]?[0-9]+)?$|^[-+]?\.(inf|Inf|INF)$|^\.(nan|NaN|NAN)$"#,
                       options: .regularExpression) != nil
        }

        static func at(_ mark: Yams.Mark?) -> String {
            mark.map { " at line \($0.line), column \($0.column)" } ?? ""
        }
    }
}
