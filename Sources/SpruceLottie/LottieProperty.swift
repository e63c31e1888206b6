import Advance
import Foundation

/// A Lottie property (`{"a": 0, "k": value}` or `{"a": 1, "k": [keyframes]}`) from a value per frame, with
/// the keyframes `KeyframeFitter` chooses, and the count that goes into the export report.
struct LottieProperty {
    let json: LottieJSON
    /// Keyframes written (0 for a static value).
    let keyframes: Int

    /// `scalar`: written as a number when static (rotation, opacity, widths), as Bodymovin does.
    init(_ samples: [[Double]], tolerance: Double, scalar: Bool = false) {
        let fitter = KeyframeFitter(tolerance: tolerance)
        guard let keys = fitter.fit(samples) else {
            let v = samples.first ?? [0]
            json = .object([("a", .number(0)), ("k", scalar ? .number(v[0]) : .numbers(v))])
            keyframes = 0
            return
        }
        json = .object([("a", .number(1)), ("k", .array(keys.map(Self.keyframe)))])
        keyframes = keys.count
    }

    /// A value that never changes.
    init(constant value: [Double], scalar: Bool = false) {
        json = .object([("a", .number(0)), ("k", scalar ? .number(value[0]) : .numbers(value))])
        keyframes = 0
    }

    private static func keyframe(_ k: Keyframe) -> LottieJSON {
        var members: [(String, LottieJSON)] = [("t", .number(Double(k.frame))), ("s", .numbers(k.value))]
        if let e = k.easing {
            members.append(("o", .object([("x", .number(e.first.x)), ("y", .number(e.first.y))])))
            members.append(("i", .object([("x", .number(e.second.x)), ("y", .number(e.second.y))])))
        }
        return .object(members)
    }
}
