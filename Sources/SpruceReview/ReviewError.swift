import Foundation

/// A review picture or a comparison that cannot be made of the films and settings given, in one line
/// (`description`).
public enum ReviewError: Error, Equatable, CustomStringConvertible {
    /// A contact sheet's sampling or columns out of range, or moments the film cannot give (outside it, more than a
    /// sheet holds, motion where nothing moves).
    case sampling(String)
    /// A picture with more pixels than Cairo draws, or thumbnails without a pixel: the message says what to change.
    case tooLarge(String)
    /// Motion curves of a view the film does not animate; `animated`: the ids of the views it does.
    case unknownView(String, animated: [String])
    /// A timing chart too narrow for its bars beside its layout map.
    case chartTooNarrow(width: CGFloat)
    /// Two films played on one clock at different frame rates.
    case differentFrameRates(a: Double, b: Double)
    /// The difference of two films of different sizes (in pixels).
    case differentSizes(a: CGSize, b: CGSize)
    /// A film whose frames cannot be redrawn in place, only what changed (every `Film` can).
    case notIncremental

    public var description: String {
        switch self {
        case .sampling(let message), .tooLarge(let message): return message
        case let .unknownView(view, animated):
            let list = animated.prefix(12).joined(separator: ", ") + (animated.count > 12 ? ", …" : "")
            return "motion curves: no animated view \"\(view)\" (animated views: \(list))"
        case .chartTooNarrow(let width): return "timing chart width \(width) is too small"
        case let .differentFrameRates(a, b):
            return "A plays at \(reviewNumber(a)) fps and B at \(reviewNumber(b)) fps; compare needs one frame rate"
        case let .differentSizes(a, b): return "a difference pane needs films of one size; \(Self.sizes(a, b))"
        case .notIncremental: return "the film's frames cannot be drawn incrementally"
        }
    }

    /// The two sizes of `differentSizes` in pixels: "A is 464×464, B 232×232".
    public static func sizes(_ a: CGSize, _ b: CGSize) -> String {
        "A is \(Int(a.width))×\(Int(a.height)), B \(Int(b.width))×\(Int(b.height))"
    }
}

extension ReviewError: LocalizedError {
    public var errorDescription: String? { description }
}
