import Foundation
import Geometry
import SpruceRender

/// A parsed JSON or YAML value with the path it was found at, so that every accessor can throw an
/// error naming the place. Scene files are walked by hand rather than by `Decodable` for that reason.
struct Node {
    let value: Any
    let path: String

    static let maximumDepth = 64

    func child(_ key: String) -> String { path.isEmpty ? key : "\(path).\(key)" }

    var isNull: Bool { value is NSNull }

    func object(allowed keys: Set<String>) throws -> [String: Node] {
        guard let dict = value as? [String: Any] else { throw SceneError(path, "expected an object, found \(kind)") }
        if path.split(separator: ".").count + path.filter({ $0 == "[" }).count > Node.maximumDepth {
            throw SceneError(path, "nesting deeper than \(Node.maximumDepth) levels")
        }
        // The first unknown key in sorted order: the parsed object keeps no order, and the same file must always
        // get the same message.
        if let k = dict.keys.filter({ !keys.contains($0) }).min() {
            throw SceneError(child(k), Suggest.unknown("key", k, allowed: keys.sorted()))
        }
        var out: [String: Node] = [:]
        for (k, v) in dict { out[k] = Node(value: v, path: child(k)) }
        return out
    }

    func array() throws -> [Node] {
        guard let list = value as? [Any] else { throw SceneError(path, "expected a list, found \(kind)") }
        return list.enumerated().map { Node(value: $1, path: "\(path)[\($0)]") }
    }

    func string() throws -> String {
        guard let s = value as? String else { throw SceneError(path, "expected a string, found \(kind)") }
        return s
    }

    /// A string Cairo can draw (`CairoText`): a label's text, a font's family.
    func drawableString() throws -> String {
        let s = try string()
        if let scalar = CairoText.firstUndrawable(in: s) {
            throw SceneError(path, "holds \(CairoText.name(of: scalar)), which Cairo cannot draw")
        }
        return s
    }

    func number() throws -> Double {
        if isBoolean { throw SceneError(path, "expected a number, found a boolean") }
        let d: Double
        if let n = value as? NSNumber { d = n.doubleValue }
        else if let n = value as? Double { d = n }
        else if let n = value as? Int { d = Double(n) }
        else if let s = value as? String, let n = Checked.decimal(s) { d = n }
        else { throw SceneError(path, "expected a number, found \(kind)") }
        guard d.isFinite else { throw SceneError(path, "must be a finite number") }
        return d
    }

    func nonNegative() throws -> Double {
        let d = try number()
        guard d >= 0 else { throw SceneError(path, "must not be negative") }
        return d
    }

    func integer() throws -> Int {
        let d = try number()
        guard let i = Checked.wholeNumber(d, in: -999_999_999_999_999...999_999_999_999_999) else {
            throw SceneError(path, "expected a whole number, found \(d)")
        }
        return i
    }

    func bool() throws -> Bool {
        guard isBoolean, let b = value as? Bool else { throw SceneError(path, "expected true or false, found \(kind)") }
        return b
    }

    /// On Linux every NSNumber casts to Bool; JSON's true and false arrive as `__NSCFBoolean`.
    /// The readers' own types are told apart by their metatype; only anything else pays for the type's name
    /// (`String(describing:)` demangles it, and `number()` asks this of every number in a scene file).
    var isBoolean: Bool {
        let type = type(of: value)
        if type == Bool.self { return true }
        if type == Double.self || type == Int.self || type == String.self { return false }
        return String(describing: type) == "__NSCFBoolean"
    }

    /// One of `allowed`, compared without case, dashes or underscores; returns the canonical spelling.
    func name(_ kind: String, allowed: [String]) throws -> String {
        let s = try string()
        if let hit = NameMatching.canonical(s, in: allowed) { return hit }
        throw SceneError(path, Suggest.unknown(kind, s, allowed: allowed))
    }

    /// `name(_:allowed:)` over `cases`, each spelled as `named` gives it: the case the text names.
    func choice<Case>(_ kind: String, among cases: [Case], named: (Case) -> String) throws -> Case {
        let names = cases.map(named)
        return cases[names.firstIndex(of: try name(kind, allowed: names))!]
    }

    /// A name of `T`'s cases (`SceneName`).
    func choice<T: SceneName>(_ kind: String, _: T.Type) throws -> T {
        try choice(kind, among: Array(T.allCases), named: \.name)
    }

    var kind: String {
        switch value {
        case is NSNull: return "null"
        case _ where isBoolean: return "a boolean"
        case is String: return "a string"
        case is [Any]: return "a list"
        case is [String: Any]: return "an object"
        case is NSNumber, is Double, is Int: return "a number"
        default: return "a value of type \(type(of: value))"
        }
    }
}
