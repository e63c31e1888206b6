import SpruceScene

extension LimitViolation {
    /// The flag that sets the value: `animationDuration` → `--animation-duration`, the canvas's points
    /// → `--size`, its pixels → `--size/--scale`.
    var flag: String {
        switch key {
        case "width", "height": return "--size"
        case "pixels": return "--size/--scale"
        case "rows/columns": return "--rows/--columns"
        default:
            return "--" + key.reduce(into: "") { out, c in
                if c.isUppercase { out += "-" + c.lowercased() } else { out.append(c) }
            }
        }
    }

    var usage: CLIError { CLIError.usage("\(flag): \(message)") }
}
