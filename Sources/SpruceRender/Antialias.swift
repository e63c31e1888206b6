import CCairo

/// How Cairo smooths the edges of shapes. `good` is what every output uses; the others exist to show that
/// golden tests pass when another Cairo or pixman build smooths edges a little differently
/// (docs/Testing.md measures them).
public enum Antialias: String, CaseIterable, Sendable {
    case good, gray, best, fast, `default`

    var cairoValue: cairo_antialias_t {
        switch self {
        case .good: return CAIRO_ANTIALIAS_GOOD
        case .gray: return CAIRO_ANTIALIAS_GRAY
        case .best: return CAIRO_ANTIALIAS_BEST
        case .fast: return CAIRO_ANTIALIAS_FAST
        case .default: return CAIRO_ANTIALIAS_DEFAULT
        }
    }
}
