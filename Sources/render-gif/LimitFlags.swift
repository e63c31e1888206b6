import SpruceFilm
import SpruceScene

/// The flags of the recipe's fields: `animationDuration` → `--animation-duration`, the canvas's points → `--size`,
/// its pixels → `--size/--scale`; the recipe's problems worded with them.
enum FieldFlags {
    static func flag(_ field: String) -> String {
        switch field {
        case "width", "height": return "--size"
        case "pixels": return "--size/--scale"
        case "rows/columns": return "--rows/--columns"
        default:
            return "--" + field.reduce(into: "") { out, c in
                if c.isUppercase { out += "-" + c.lowercased() } else { out.append(c) }
            }
        }
    }

    /// The first of the overrides' own problems (`FilmOverrides.problems`), named by its flag.
    static func check(_ o: FilmOverrides) throws {
        if let bad = o.problems.first { throw bad.usage }
    }

    /// `body`, its texts that do not read (`OverrideTextProblem`) a usage error named by the flag.
    static func reading<T>(_ body: () throws -> T) throws -> T {
        do { return try body() } catch let e as OverrideTextProblem {
            switch e {
            case .unknown(let field, let value, let allowed): throw CLIError.usage(Names.unknown(value, flag: flag(field), allowed: allowed))
            case .malformed(let field, let message): throw CLIError.usage("\(flag(field)): \(message)")
            }
        }
    }
}

extension LimitViolation {
    var usage: CLIError { CLIError.usage("\(FieldFlags.flag(key)): \(message)") }
}

extension IgnoredOverride {
    var usage: CLIError {
        switch self {
        case .sortParameter(let p, let sort):
            return CLIError.usage("\(FieldFlags.flag(p.name.rawValue)) has no effect with --sort \(sort.rawValue); it applies to \(p.sortsTakingIt)")
        case .springField(let field):
            return CLIError.usage("\(FieldFlags.flag(field)) has no effect with --animation standard; it applies to --animation spring")
        case .hold(let loop):
            let holding = FilmLoopShape.Name.holding.map(\.rawValue).joined(separator: ", ")
            return CLIError.usage("--hold has no effect with --loop \(loop.rawValue); it applies to \(holding)")
        }
    }
}
