import Foundation
import Geometry
import SpruceJobs
import SpruceProcess
import SpruceRender
import SpruceReview
import SpruceScene
import SpruceVideo

extension Render {
    /// What the flags ask the render to write, read but not yet checked, each output labelled by its flag (a
    /// Lottie `--out x.json` as `--out`); `batch` plans its items with it.
    func requestedOutputs() throws -> RenderOutputs {
        var outputs = RenderOutputs()
        (outputs.film, outputs.lottie) = try lottieOptions.split(out: out, format: encoding.format)
        (outputs.timing, outputs.review) = (timing, review.outputs)
        outputs.printSwift = printSwift
        outputs.labels = [.film: "--out", .timing: "--timing", .lottie: lottieOptions.lottie == nil ? "--out" : "--lottie",
                          .sheet: "--sheet", .timingChart: "--timing-chart", .curves: "--curves"]
        outputs.format = outputs.film.flatMap { try? encoding.outputFormat(for: $0) }
        return outputs
    }

    /// What the flags ask the render to write (`RenderOutputs`), the first problem found in this order: the output
    /// names, the review flags, that something is asked for, the format, the still, the part, the encoder flags.
    /// The quality preset is read once the scene is.
    func outputs() throws -> RenderOutputs {
        var outputs = try requestedOutputs()
        // Before a format is read from a name: `--out ''` names nothing.
        try outputs.checkNames()
        try review.check()
        outputs.format = try outputs.film.map { try encoding.outputFormat(for: $0) }
        outputs.encoding = encoding.settings
        outputs.stillTime = at
        do { try outputs.validate() } catch { throw self.error(error, scene: nil) }
        // The part last, as its flags are read: their fit to the output before their numbers.
        outputs.part = try parts.request { part in
            var asked = outputs
            asked.part = part
            do { try asked.validate() } catch { throw self.error(error, scene: nil) }
        }
        if outputs.film == nil, encoding.format != nil || encoding.crf != nil || encoding.preset != nil {
            throw CLIError.usage("--format, --crf and --preset need an --out to encode")
        }
        return outputs
    }

    /// The job's steps as phases (`RenderPhase`), its progress on the bar, its Swift code on standard output and
    /// its finished outputs for the interruption message.
    func events(_ cancellation: RenderCancellation, bar: TerminalProgressBar, written: WrittenOutputs) -> RenderJob.Events {
        var events = RenderJob.Events()
        events.phase = { RenderPhase.enter($0.rawValue, cancellation: cancellation) }
        events.progress = RenderPhase.onFirstProgress("encode-frames", cancellation: cancellation, then: bar.update)
        events.swiftCode = { code in
            StandardStreams.print("// render-gif \(SpruceForLinux.version) --print-swift")
            StandardStreams.print(code, terminator: "")
            try StandardStreams.flushOutput()
        }
        events.wrote = { output, path in
            if output == .film { bar.finish() }
            if output != .timing { written.add(path) }
        }
        events.lottieSummary = { bar.note("render-gif: lottie: \($0)") }
        return events
    }

    /// A job's error in the words of the flags, with the exit status render gives it; `scene` is the scene the job
    /// was made of (nil before it was read). Errors of the libraries underneath pass through to `RenderGif.run`.
    func error(_ error: Error, scene: SceneLocator.Located?) -> Error {
        if let e = error as? ReviewOutputsError { return ReviewOptions.error(e) }
        guard let e = error as? RenderJobError else { return error }
        let labels = (try? requestedOutputs().labels) ?? [:]
        switch e {
        case .nothingRequested:
            return CLIError.usage("--out is required (or ask only for --print-swift, --timing, --sheet, --timing-chart, --curves or --lottie); e.g. --out demo.gif")
        case .stillNeedsPNG:
            if encoding.animated { return CLIError.usage("--at draws one frame, a still .png: leave out --animated (an animated PNG is the whole film)") }
            return CLIError.usage("--at draws one frame, so it needs a .png output (--out still.png)")
        case .stillTime(let bad): return CLIError.usage("--at: \(bad.message)")
        case .stillAfterEnd(let time, let duration):
            return CLIError.usage("--at \(Checked.text(time)) is after the end of the film (\(Checked.text(duration)) s)")
        case .part(let problem): return parts.usage(problem)
        case .recipe(let bad): return bad.usage
        case .unknownExcludedView(let id, let ids):
            return CLIError.usage(Names.unknown(id, flag: "--exclude", among: ids))
        case .scene(let error as RenderError): return error  // memory refused, mapped by RenderGif.run as every RenderError
        case .scene(let error): return CLIError(message: "scene: \(error)", code: ExitStatus.dataError)
        case .canvas(let bad): return bad.usage
        case .encoderLimit(let problem): return CLIError.usage("--size/--scale: \(problem)")
        case .frameRate(let fps, let format, .quality(let quality)):
            return EncodingOptions.rateError(fps, format: format, source: "--quality \(quality.rawValue)")
        case .frameRate(let fps, let format, let source):
            return EncodingOptions.rateError(fps, format: format, source: source == .scene ? "the scene's timeline.fps" : "--fps")
        case .noAlpha:
            return EncodingOptions.noAlpha("--background transparent")
        case .film(let error):
            return playerError(error, sceneFile: scene?.url)
        case .encoding(let problem): return EncodingOptions.error(problem)
        case .lottie(let error): return CLIError(message: "\(labels[.lottie] ?? "--lottie"): \(error)", code: ExitStatus.dataError)
        case .write(let output, let error):
            return CLIError(message: "\(labels[output] ?? "--out"): \(error)", code: ExitStatus.ofFailedOutput(error))
        }
    }
}
