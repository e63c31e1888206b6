import Foundation
import Geometry

/// Timing functions by name, for the CLI and scene files.
extension TimingFunction {
    /// Every name `init(name:)` accepts besides `cubic-bezier(…)`, in camelCase. Matching ignores case,
    /// hyphens, underscores and spaces, so "ease-out-back", "ease_out_back" and "easeOutBack" agree.
    /// "easeInOut" is an alias of "easeInEaseOut".
    public static var allNames: [String] {
        ["linear", "ease", "easeIn", "easeOut", "easeInEaseOut", "easeInOut", "swiftOut"]
            + Easing.allCases.map(\.rawValue)
    }

    /// What a `cubic-bezier(…)` name must hold, for the message when `init(name:)` refuses one; nil for any other name.
    public static func cubicBezierRule(for name: String) -> String? {
        guard name.lowercased().hasPrefix("cubic-bezier(") else { return nil }
        return "cubic-bezier(x1,y1,x2,y2) needs four numbers, x1 and x2 within 0…1, y1 and y2 within \(controlYRange)"
    }

    /// The function with this name (see `allNames`), or a custom curve written
    /// `cubic-bezier(x1, y1, x2, y2)`; nil when the name is unknown or the curve invalid.
    public init?(name: String) {
        let key = Self.normalized(name)
        if key.hasPrefix("cubicbezier(") && key.hasSuffix(")") {
            let numbers = key.dropFirst("cubicbezier(".count).dropLast().split(separator: ",").compactMap { Checked.decimal($0) }
            guard numbers.count == 4,
                  let f = try? TimingFunction.validated(x1: numbers[0], y1: numbers[1], x2: numbers[2], y2: numbers[3])
            else { return nil }
            self = f
            return
        }
        guard let f = Self.byName[key] else { return nil }
        self = f
    }

    /// The canonical name of this function, if it has one (custom beziers have none).
    public var name: String? {
        switch self {
        case .linear: return "linear"
        case .easing(let e): return e.rawValue
        case .bezier:
            return ["easeIn", "easeOut", "easeInEaseOut", "swiftOut", "ease"].first { Self.byName[Self.normalized($0)] == self }
        }
    }

    private static let byName: [String: TimingFunction] = {
        var table: [String: TimingFunction] = [
            "linear": .linear, "ease": .ease, "easein": .easeIn, "easeout": .easeOut,
            "easeineaseout": .easeInEaseOut, "easeinout": .easeInOut, "swiftout": .swiftOut,
        ]
        for e in Easing.allCases { table[normalized(e.rawValue)] = .easing(e) }
        return table
    }()

    private static func normalized(_ name: String) -> String {
        String(name.lowercased().filter { $0 != "-" && $0 != "_" && $0 != " " })
    }
}
