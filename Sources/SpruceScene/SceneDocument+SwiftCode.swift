import Foundation

/// The Swift of a whole scene's choreography, as `render-gif --print-swift` prints it.
extension SceneDocument {
    /// One choreography: a comment line, then `ChoreographySpec.swiftCode()` on a container called `view`.
    /// Several (they start together): one `do { }` block each, in file order, so that their `animations`,
    /// `sortFunction` and `animation` do not clash when the whole output is pasted into one function; each
    /// block animates a variable named after its target's id (`list-phone-screen` → `listPhoneScreen`) and
    /// is labelled with the view whose subviews it animates.
    public func swiftCode() -> String {
        if choreographies.count == 1 {
            var code = "// Spruce: \(choreography.sort.name.rawValue) sort, \(choreography.animationType.rawValue) animation."
            code += " `view` is the view whose subviews animate"
            code += choreography.target.map { " (the scene's \"\(ChoreographySpec.escaped($0))\")." } ?? "."
            return code + "\n" + choreography.swiftCode()
        }
        let names = containerNames()
        var out = "// Spruce: \(choreographies.count) choreographies, started together. Each animates the subviews "
            + "of one view, named after its id.\n"
        for (i, c) in choreographies.enumerated() {
            let container = c.target.map { "\"\(ChoreographySpec.escaped($0))\"" } ?? "the root view"
            out += "// \(i + 1) of \(choreographies.count): the subviews of \(container) (`\(names[i])`): "
                + "\(c.sort.name.rawValue) sort, \(c.animationType.rawValue) animation.\n"
            let body = c.swiftCode(viewName: names[i]).split(separator: "\n").map { "    " + $0 }
            out += "do {\n" + body.joined(separator: "\n") + "\n}\n"
        }
        return out
    }

    /// A Swift name per choreography: the same target gets the same name, two ids that spell the same
    /// name get the choreography's number appended.
    func containerNames() -> [String] {
        var byID: [String?: String] = [:]
        var taken: Set<String> = []
        return choreographies.enumerated().map { i, c in
            if let known = byID[c.target] { return known }
            var name = c.target.map(Self.swiftName(forID:)) ?? "view"
            if taken.contains(name) { name = name.hasPrefix("`") ? "\(name.dropLast().dropFirst())\(i + 1)" : "\(name)\(i + 1)" }
            byID[c.target] = name
            taken.insert(name)
            return name
        }
    }

    /// `list-phone-screen` → `listPhoneScreen`; a name that would start with a digit gets `view` in front, one
    /// that is a Swift keyword gets backticks, one of the generated code's own names gets `View` appended.
    static func swiftName(forID id: String) -> String {
        let words = id.split { !($0.isASCII && ($0.isLetter || $0.isNumber)) }.map(String.init)
        guard let first = words.first else { return "view" }
        var name = first.prefix(1).lowercased() + first.dropFirst()
            + words.dropFirst().map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
        if name.first!.isNumber { name = "view" + name }
        if generatedNames.contains(name) { return name + "View" }
        return keywords.contains(name) ? "`\(name)`" : name
    }

    /// Names the generated code declares or uses inside each block.
    static let generatedNames: Set<String> = [
        "animations", "sortFunction", "baseSortFunction", "animation", "excluded", "view",
    ]

    static let keywords: Set<String> = [
        "any", "as", "associatedtype", "break", "case", "catch", "class", "continue", "default", "defer", "deinit", "do",
        "else", "enum", "extension", "fallthrough", "false", "fileprivate", "for", "func", "guard", "if", "import", "in",
        "init", "inout", "internal", "is", "let", "nil", "operator", "private", "protocol", "public", "repeat",
        "rethrows", "return", "self", "some", "static", "struct", "subscript", "super", "switch", "throw", "throws",
        "true", "try", "typealias", "var", "where", "while",
    ]
}
