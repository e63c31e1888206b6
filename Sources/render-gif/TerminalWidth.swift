import Foundation

/// The width help is wrapped to. argument-parser takes any whole number in `COLUMNS`: 0 or a negative width wrapped
/// every description away, and the most negative one overflowed and crashed `--help`. A `COLUMNS` that is not a
/// width from 1 to 10,000 is set aside, as `ls` sets aside one that is not positive; help then takes the terminal's
/// own width, or 80 columns off a terminal.
enum TerminalWidth {
    static let widths = 1...10_000

    /// Removes an unusable `COLUMNS` from this process's environment; called before anything is parsed or printed,
    /// while the process has one thread.
    static func setAsideUnusableColumns() {
        guard let value = getenv("COLUMNS"), value.pointee != 0 else { return }
        if let width = Int(String(cString: value)), widths.contains(width) { return }
        unsetenv("COLUMNS")
    }
}
