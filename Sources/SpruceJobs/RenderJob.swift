import Foundation
import Spruce
import SpruceFilm
import SpruceLottie
import SpruceRender
import SpruceReview
import SpruceScene
import SpruceVideo

/// One render: a recipe and everything asked of it (`RenderOutputs`). `run` checks every value before anything is
/// written (`RenderJobError`), then writes the film, the review pictures, the Lottie file and, last, the timing
/// file, each atomically, so that a failed render leaves no new timing file either.
public struct RenderJob {
    public var recipe: FilmRecipe
    /// The scene file, when the scene is one (an input no output may overwrite).
    public var sceneFile: URL?
    public var outputs: RenderOutputs
    /// The name the review pictures' titles start with (a scene file's `name`, else its file name).
    public var sceneName: String

    public init(recipe: FilmRecipe, sceneFile: URL?, outputs: RenderOutputs, sceneName: String? = nil) {
        (self.recipe, self.sceneFile, self.outputs) = (recipe, sceneFile, outputs)
        self.sceneName = sceneName ?? recipe.sceneName ?? ""
    }

    /// The steps a job takes, as it enters them.
    public enum Phase: String, Sendable { case draw, encode, lottie, sheet, chart, curves, timing }

    /// What a job tells its caller as it works. Each has a default that does nothing.
    public struct Events {
        public var phase: (Phase) -> Void = { _ in }
        /// The encoder's progress, frame by frame.
        public var progress: (RenderProgress) -> Void = { _ in }
        /// The Spruce Swift code of the film (when `printSwift`), once every value is checked and before anything
        /// is written.
        public var swiftCode: (String) throws -> Void = { _ in }
        /// An output is written and in place.
        public var wrote: (RenderOutput, String) -> Void = { _, _ in }
        /// The Lottie export's keyframe figures, once the file is written.
        public var lottieSummary: (String) -> Void = { _ in }
        public init() {}
    }

    /// The checks `run` makes before it writes anything, without writing: the outputs (`RenderOutputs.validate`),
    /// then the film the recipe makes against them (scene, canvas, files, frame rate, still time, encoder, part).
    /// The review pictures' and the Lottie export's own checks need the film and are `run`'s (`ReviewOutputsError`).
    public func validate() throws {
        try outputs.validate()
        _ = try RenderPlan(self, cancellation: RenderCancellation())
    }

    /// Every check that needs the scene, then every output; see the type's summary.
    public func run(cancellation: RenderCancellation, events: Events = Events()) throws {
        try outputs.validate()
        let plan = try RenderPlan(self, cancellation: cancellation)
        let player = plan.player
        if outputs.printSwift { try events.swiftCode(plan.document.swiftCode()) }
        let review = outputs.review
        let title = ReviewTitle.text(name: sceneName, player: player)
        // What can be known of the review pictures before anything is written (a failure after the film left it).
        let contactSheet = review.isRequested
            ? try review.prepare(film: player.film, title: title, scale: player.reviewScale, cancellation: cancellation) : nil
        try review.checkViews(film: player.film)
        let lottie = try outputs.lottie.map { _ in try Self.lottieExport(player.film, cancellation: cancellation, events: events) }
        if let film = outputs.film, let format = outputs.format {
            try write(player, to: film, as: format, plan: plan, cancellation: cancellation, events: events)
            events.wrote(.film, film)
        }
        if review.isRequested {
            var picture = RenderOutput.sheet
            try review.write(film: player.film, title: title, scale: player.reviewScale, contactSheet: contactSheet,
                             cancellation: cancellation, starting: { setting in
                                 picture = RenderOutput(setting)
                                 events.phase(Phase(picture))
                             }, wrote: { events.wrote(picture, $0) })
        }
        if let path = outputs.lottie, let lottie {
            do { try lottie.write(to: URL(plainPath: path)) } catch { throw RenderJobError.write(.lottie, error) }
            events.wrote(.lottie, path)
            events.lottieSummary(lottie.summary)
        }
        if let timing = outputs.timing {
            events.phase(.timing)
            try cancellation.throwIfCancelled()
            do { try player.film.write(to: URL(plainPath: timing), as: .timingJSON) } catch {
                throw RenderJobError.write(.timing, error)
            }
            events.wrote(.timing, timing)
        }
    }

    /// Made before any output is written (one pass over the film).
    private static func lottieExport(_ film: Film, cancellation: RenderCancellation, events: Events) throws -> LottieExport {
        events.phase(.lottie)
        do { return try LottieExport(film: film, cancellation: cancellation) } catch let e as LottieExportError {
            throw RenderJobError.lottie(e)
        } catch let e as LottieExportSizeError {
            throw RenderJobError.lottie(e)
        }
    }

    private func write(_ player: SceneFilm, to film: String, as format: OutputFormat, plan: RenderPlan,
                       cancellation: RenderCancellation, events: Events) throws {
        let target = URL(plainPath: film, isDirectory: format == .pngSequence)
        if case .png = format {
            // Cancelled while the frame is drawn, the render stops (`RenderCancelled`) and nothing is written.
            events.phase(.draw)
            return try player.film.write(to: target, as: .png(at: outputs.stillTime ?? player.film.stillTime, cancellation: cancellation))
        }
        guard var options = plan.videoOptions else { return }
        events.phase(.encode)
        if let (range, joinable) = plan.part {
            options.joinable = joinable
            return try player.film.write(to: target, as: .part(range, options, progress: events.progress))
        }
        if outputs.encoding.optimize, let gifsicle = GIFOptimizer.locate() {
            _ = try GIFOptimizer.write(to: target, gifsicle: gifsicle, cancellation: options.cancellation) {
                try player.film.write(to: $0, as: .video(options, progress: events.progress))
            }
            return
        }
        try player.film.write(to: target, as: .video(options, progress: events.progress))
    }
}

extension RenderOutput {
    /// The output a review picture's setting writes.
    init(_ setting: ReviewOutputs.Setting) {
        switch setting {
        case .timingChart: self = .timingChart
        case .curves, .views: self = .curves
        default: self = .sheet
        }
    }
}

extension RenderJob.Phase {
    /// The phase in which a review picture is drawn.
    init(_ picture: RenderOutput) {
        switch picture {
        case .timingChart: self = .chart
        case .curves: self = .curves
        default: self = .sheet
        }
    }
}
