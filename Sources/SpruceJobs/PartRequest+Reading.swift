import Foundation

extension PartRequest {
    /// The largest number a part's text may hold (`A..B`, `I/N`).
    public static let largestNumber = 10_000_000

    /// Why the text of a part cannot be read.
    public enum ReadingProblem: Error, Equatable, Sendable {
        /// A keyframe interval without a part to use it.
        case keyframeIntervalAlone
        /// Both a frame range and a segment.
        case twoChoices
        /// Text that is not two whole numbers in 0…`largestNumber` around the separator.
        case notAPair(String)
    }

    /// `A..B` or `I/N`: two whole numbers in 0…`largestNumber`, read as text before they become integers; nil for
    /// anything else.
    public static func numbers(_ text: String, separator: String) -> (Int, Int)? {
        let parts = text.components(separatedBy: separator)
        let numbers = parts.compactMap { part -> Int? in
            guard !part.isEmpty, part.count <= 8, part.allSatisfy(\.isASCII), part.allSatisfy(\.isNumber) else { return nil }
            return Int(part)
        }
        guard parts.count == 2, numbers.count == 2, numbers.allSatisfy({ $0 <= largestNumber }) else { return nil }
        return (numbers[0], numbers[1])
    }

    /// The part that `frames` (`A..B`) or `segment` (`I/N`) asks for, nil when neither does. `check` runs first on
    /// the keyframe interval alone (the part's fit to the output, before the numbers are read), then on the part.
    public static func read(frames: String?, segment: String?, keyframeInterval: Double?,
                            check: (PartRequest) throws -> Void) throws -> PartRequest? {
        guard frames != nil || segment != nil else {
            if keyframeInterval != nil { throw ReadingProblem.keyframeIntervalAlone }
            return nil
        }
        if frames != nil, segment != nil { throw ReadingProblem.twoChoices }
        try check(PartRequest(.frames(0, 0), keyframeInterval: keyframeInterval))
        let text = segment ?? frames ?? ""
        guard let (a, b) = numbers(text, separator: segment != nil ? "/" : "..") else { throw ReadingProblem.notAPair(text) }
        let request = PartRequest(segment != nil ? .segment(a, of: b) : .frames(a, b), keyframeInterval: keyframeInterval)
        try check(request)
        return request
    }
}
