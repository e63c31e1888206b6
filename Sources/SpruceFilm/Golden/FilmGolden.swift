import Foundation
import SpruceRender

/// One golden of a film: what it samples, the file it is stored in and how a stored one is compared with what the
/// film makes now. `FilmGoldens` (`render-gif test`) and SpruceSnapshotTesting's strategies store and compare
/// through these same values, so a golden written by either is read by the other.
///
/// The file is `NAME.KIND.EXTENSION` (`grid.timing.txt`), the layout swift-snapshot-testing gives
/// `assertSnapshot(of: film, as: …, named: KIND, testName: NAME)`: `kind` is already what that library keeps of a
/// name (letters, digits, `_` and `-`).
public protocol FilmGolden {
    /// What the golden holds in memory: a `Filmstrip`, a `Bitmap` or a text.
    associatedtype Value
    /// The golden's kind, the middle part of its file name: "filmstrip", "timing", "motion", or a frame's `t0-200`.
    var kind: String { get }
    /// The file's extension, without the dot: "png" or "txt".
    var pathExtension: String { get }
    /// What the film makes now; throws `FilmError` (or `RenderCancelled`) before anything is stored.
    func make(_ film: Film, cancellation: RenderCancellation?) throws -> Value
    /// The bytes stored, and a stored golden read back (throws when the bytes are not such a golden).
    func data(_ value: Value) throws -> Data
    /// A stored golden read back from its bytes; throws when the bytes are not such a golden.
    func value(from data: Data) throws -> Value
    /// nil when `actual` matches `expected`; else a message saying where they first differ, in the terms of the film.
    func compare(expected: Value, actual: Value) -> String?
}

extension FilmGolden {
    /// `NAME.KIND.EXTENSION`.
    public func fileName(_ name: String) -> String { "\(name).\(kind).\(pathExtension)" }
}

/// A golden whose content is text (`TimingGolden`, `MotionGolden`): stored as UTF-8, never larger than
/// `GoldenText.maximumBytes` (what a check reads back), compared line by line.
public protocol FilmTextGolden: FilmGolden where Value == String {
    /// The text, without the size check.
    func text(_ film: Film, cancellation: RenderCancellation?) throws -> String
}

extension FilmTextGolden {
    /// Text goldens are stored as `.txt`.
    public var pathExtension: String { "txt" }

    /// The golden's text; throws ``FilmError/invalid(_:)`` when it would be larger than a check reads back.
    public func make(_ film: Film, cancellation: RenderCancellation?) throws -> String {
        try checked(text(film, cancellation: cancellation))
    }

    /// `text`, unless it is larger than a check reads back.
    func checked(_ text: String) throws -> String {
        guard text.utf8.count <= GoldenText.maximumBytes else {
            throw FilmError.invalid("the \(kind) golden would be \(text.utf8.count) bytes; at most \(GoldenText.maximumBytes), "
                                    + "the most a check reads (fewer views, shorter view names or a shorter film)")
        }
        return text
    }

    /// The text as UTF-8.
    public func data(_ value: String) throws -> Data { Data(value.utf8) }

    /// The stored bytes as text, every byte kept: a byte order mark stays in the first line, as a carriage return
    /// stays in its line, so a golden that holds either differs from the one `record` writes. Throws
    /// ``FilmError/invalid(_:)`` when they are not UTF-8.
    public func value(from data: Data) throws -> String {
        guard let text = String(validating: data, as: UTF8.self) else { throw FilmError.invalid("the \(kind) golden is not UTF-8 text") }
        return text
    }

    /// Nil when the texts match line for line; else a message naming the first differing line's time and view.
    public func compare(expected: String, actual: String) -> String? {
        FilmComparison.compareText(expected: expected, actual: actual, what: "\(kind).\(pathExtension)")
    }

    /// Throws before anything is sampled when the golden would read more than `FilmGoldens.maximumViewSamples`.
    func checkSize(_ film: Film, moments: Int) throws {
        let views = try film.viewCount()
        guard views * moments > FilmGoldens.maximumViewSamples else { return }
        throw FilmError.invalid("the \(kind) golden would read \(views) views at \(moments) moments, "
                                + "\(views * moments) samples; at most \(FilmGoldens.maximumViewSamples) (fewer views or a shorter film)")
    }
}

/// `NAME.timing.txt`: each view's start, duration and settling time (`Film.timingReport`).
public struct TimingGolden: FilmTextGolden, Equatable, Sendable {
    /// The timing golden; it has no parameters.
    public init() {}
    /// "timing".
    public var kind: String { "timing" }

    /// The film's timing report; throws ``FilmError/invalid(_:)`` before sampling when it would read too many view
    /// samples.
    public func text(_ film: Film, cancellation: RenderCancellation?) throws -> String {
        try checkSize(film, moments: film.timingReportTimes().count)
        return try film.timingReport(cancellation: cancellation)
    }
}

/// `NAME.motion.txt`: every animated property every `step` seconds (`Film.motionReport(every:)`).
public struct MotionGolden: FilmTextGolden, Equatable, Sendable {
    /// Seconds between two samples (default 0.05).
    public var step: Double
    /// A motion golden sampling every `step` seconds.
    public init(every step: Double = 0.05) { self.step = step }
    /// "motion".
    public var kind: String { "motion" }

    /// The film's motion report every ``step`` seconds; throws ``FilmError/invalid(_:)`` before sampling when it would
    /// read too many view samples.
    public func text(_ film: Film, cancellation: RenderCancellation?) throws -> String {
        try checkSize(film, moments: film.sampleTimes(every: step).count)
        return try film.motionReport(every: step, cancellation: cancellation)
    }
}
