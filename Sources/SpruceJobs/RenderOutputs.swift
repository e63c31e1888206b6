import Foundation
import SpruceReview
import SpruceRender
import SpruceScene
import SpruceVideo

/// One file a render writes.
public enum RenderOutput: Hashable, Sendable, CaseIterable {
    /// The film itself: a video, a still PNG or a folder of frames.
    case film
    /// The per-view start/end timings (JSON), written last.
    case timing
    /// The film as a Lottie file.
    case lottie
    /// A contact sheet, a timing chart, motion curves (pictures for design reviews).
    case sheet, timingChart, curves
}

/// Everything a render is asked to write, apart from the recipe: what `RenderJob` checks and writes.
public struct RenderOutputs {
    /// The film's file (a video, a still PNG, a folder of frames) and its format: the front end reads the format
    /// from the name, or a choice of its own.
    public var film: String?
    public var format: OutputFormat?
    public var encoding = EncodingSettings()
    /// Sets the canvas's scale and the frame rate, unless the recipe sets them.
    public var quality: QualityPreset?
    /// For a PNG film: the moment to draw, in seconds (default: the film's `stillTime`).
    public var stillTime: Double?
    /// Only this part of the film, encoded to be joined.
    public var part: PartRequest?
    public var timing: String?
    public var lottie: String?
    /// The contact sheet, timing chart and motion curves, with their settings (`ReviewOutputs`).
    public var review = ReviewOutputs()
    /// The Spruce Swift code that plays the film is handed to `RenderJob.Events.swiftCode`.
    public var printSwift = false
    /// How messages name each output (a front end gives its own words, e.g. its flags); by default a plain name.
    public var labels: [RenderOutput: String] = [.film: "the film", .timing: "the timing file", .lottie: "the Lottie file",
                                                 .sheet: "the contact sheet", .timingChart: "the timing chart",
                                                 .curves: "the motion curves"]

    public init() {}

    public func label(_ output: RenderOutput) -> String { labels[output] ?? "\(output)" }

    /// Every file written, in the order they are written (the timing file last), with its label; nil paths are
    /// outputs not asked for.
    public var files: [(output: RenderOutput, path: String?)] {
        [(.film, film), (.timing, timing), (.lottie, lottie), (.sheet, review.sheet), (.timingChart, review.timingChart),
         (.curves, review.curves)]
    }

    /// The files asked for, each with its label (what `OutputPlan` and a batch check them by).
    public var labelledFiles: [(label: String, path: String)] {
        files.compactMap { output, path in path.map { (label(output), $0) } }
    }

    /// An output given an empty name, `.` or `..` names nothing to create (`OutputPlan.checkNames`): the first
    /// check of `validate()`, which a front end may make before it reads a format from a name.
    public func checkNames() throws {
        try OutputPlan.checkNames(files.map { (label($0.output), $0.path) })
    }

    /// Whether anything at all is asked for.
    public var isEmpty: Bool { files.allSatisfy { $0.path == nil } && !printSwift }

    /// What can be checked before the scene is read, in this order: each output's name, that something is asked
    /// for, the still's time (a PNG film only, in range), the part (a joinable film, its keyframe interval, its index).
    public func validate() throws {
        try checkNames()
        guard !isEmpty else { throw RenderJobError.nothingRequested }
        let format = film == nil ? nil : self.format
        if let stillTime {
            guard case .some(.png) = format else { throw RenderJobError.stillNeedsPNG }
            if let bad = LimitViolation.seconds("stillTime", stillTime) { throw RenderJobError.stillTime(bad) }
        }
        if let part {
            do { try part.check(format: format, path: film, optimize: encoding.optimize) } catch let p as PartRequest.Problem {
                throw RenderJobError.part(p)
            }
        }
    }
}
