import Foundation
import Spruce
import SpruceFilm
import SpruceRender
import SpruceScene
import SpruceVideo

/// A job's film, made and checked against everything asked of it before anything is written: the recipe's scene,
/// the canvas the quality preset scales, the files read and written (`OutputPlan`), the frame rate the format can
/// play, the still's time, the encoder settings and the part.
struct RenderPlan {
    let document: SceneDocument
    let player: SceneFilm
    let videoOptions: VideoOptions?
    let part: (FrameRange, JoinableEncoding)?

    init(_ job: RenderJob, cancellation: RenderCancellation) throws {
        let outputs = job.outputs
        let recipe = job.recipe
        var document = try Self.document(recipe)
        let format = outputs.film == nil ? nil : outputs.format
        if recipe.overrides.scale == nil, let quality = outputs.quality {
            document.canvas.scale = quality.scale(canvasWidth: document.canvas.width)
        }
        if let bad = document.canvas.limitViolation { throw RenderJobError.canvas(bad) }
        let pixels = (document.canvas.width * document.canvas.scale, document.canvas.height * document.canvas.scale)
        if let format, format != .png(frame: 0),
           let problem = EncoderLimits.problem(width: pixels.0.rounded(), height: pixels.1.rounded(), format: format) {
            throw RenderJobError.encoderLimit(problem)
        }
        try Self.files(job, document: document).check()
        let fps = try Self.framesPerSecond(recipe, document: document, quality: outputs.quality, format: format)
        let transparent = document.canvas.background == nil
        if transparent, format == .mp4, recipe.overrides.background != nil { throw RenderJobError.noAlpha(.mp4) }

        do { player = try SceneFilm(document: document, framesPerSecond: fps) } catch { throw RenderJobError.film(error) }
        var videoOptions: VideoOptions?
        if let format {
            if case .png = format {
                let time = outputs.stillTime ?? player.film.stillTime
                guard time <= player.duration else { throw RenderJobError.stillAfterEnd(time: time, duration: player.duration) }
            } else {
                do {
                    videoOptions = try outputs.encoding.videoOptions(for: format, transparent: transparent, cancellation: cancellation)
                } catch let p as EncodingSettings.Problem {
                    throw RenderJobError.encoding(p)
                }
            }
        }
        if let request = outputs.part, let format {
            do { part = try request.part(of: player.film, format: format) } catch let p as PartRequest.Problem { throw RenderJobError.part(p) }
        } else {
            part = nil
        }
        (self.document, self.videoOptions) = (document, videoOptions)
    }

    /// The recipe's scene, with every excluded view one the scene has.
    static func document(_ recipe: FilmRecipe) throws -> SceneDocument {
        let document: SceneDocument
        do { document = try recipe.document() } catch let bad as RecipeProblem { throw RenderJobError.recipe(bad) }
        guard recipe.overrides.exclude != nil, !document.choreography.exclude.isEmpty else { return document }
        let root: View
        do { root = try SceneBuilder(document).makeRoot() } catch { throw RenderJobError.scene(error) }
        var ids: [String] = []
        func walk(_ v: View) { if let id = v.id { ids.append(id) }; v.subviews.forEach(walk) }
        walk(root)
        if let id = document.choreography.exclude.first(where: { !ids.contains($0) }) {
            throw RenderJobError.unknownExcludedView(id, known: ids)
        }
        return document
    }

    /// Every file the job writes, and the scene file and images it reads.
    static func files(_ job: RenderJob, document: SceneDocument) -> OutputPlan {
        var plan = OutputPlan()
        for (output, path) in job.outputs.files {
            plan.output(job.outputs.label(output), path, isDirectory: output == .film && job.outputs.format == .pngSequence)
        }
        if let url = job.sceneFile { plan.input("the scene file", url.path) }
        for (place, url) in document.imageInputs { plan.input("the image of \(place)", url.path) }
        return plan
    }

    /// The recipe's rate, else the quality preset's, else the scene's, else the output's default
    /// (`FrameRatePolicy`), made exact for a format whose delays are whole ticks of a clock (GIF, WebP).
    static func framesPerSecond(_ recipe: FilmRecipe, document: SceneDocument, quality: QualityPreset?, format: OutputFormat?) throws -> Double {
        let policy = format?.frameRatePolicy ?? .video
        var fps = recipe.framesPerSecond(policy)
        var source: RenderJobError.FrameRateSource = document.timeline.fps != nil && recipe.overrides.fps == nil ? .scene : .recipe
        if recipe.overrides.fps == nil, let quality {
            fps = quality.framesPerSecond(policy)
            source = .quality(quality)
        }
        guard let format, let clock = format.delayClock else { return fps }
        guard fps.isFinite, fps > 0, let exact = clock.exactRate(fps) else { throw RenderJobError.frameRate(fps, format: format, source: source) }
        return exact
    }
}
