import ArgumentParser
import Foundation
import SpruceFilm
import SpruceRender
import SpruceReview
import SpruceScene
import SpruceVideo

/// Still pictures for design reviews, written beside the film or instead of it: a contact sheet
/// (a storyboard of evenly spaced frames) and a timing chart (a bar per view, coloured by start time).
struct ReviewOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Also write a contact sheet (PNG): evenly spaced frames with their times, in a grid "
                               + "under a title naming the scene, sort and animation.", valueName: "file.png"), completion: .file(extensions: ["png"]))
    var sheet: String?

    @OptionGroup var sheetOptions: SheetOptions

    @Option(name: .customLong("timing-chart"), help: ArgumentHelp("Also write a timing chart (PNG): each animated view as a bar over time, coloured by start, "
                               + "beside a map of the layout in the same colours.", valueName: "file.png"), completion: .file(extensions: ["png"]))
    var timingChart: String?

    @OptionGroup var curvesOptions: CurvesOptions

    var isRequested: Bool { sheet != nil || timingChart != nil || curvesOptions.curves != nil }

    /// Flag problems, before anything is rendered.
    func check() throws {
        if sheetOptions.isGiven, sheet == nil { throw CLIError.usage("--sheet-frames, --sheet-every, --sheet-times, --sheet-columns and --sheet-width need --sheet out.png") }
        try sheetOptions.check()
        try curvesOptions.check()
        for (flag, path) in [("--sheet", sheet), ("--timing-chart", timingChart)] {
            if let path, URL(fileURLWithPath: path).pathExtension.lowercased() != "png" {
                throw CLIError.usage("\(flag): writes a PNG, so the path must end in .png, got \"\(path)\"")
            }
        }
    }

    /// What can be known of the outputs before the film is rendered: the sheet's times lie inside the film, and its
    /// size and the timing chart's fit Cairo (a failure after the film was written left the film and exit 70).
    /// Returns the contact sheet, if one was asked for, ready to draw once the film is written.
    func checkAgainst(player: SceneFilm, sceneName: String, cancellation: RenderCancellation) throws -> ContactSheet? {
        if timingChart != nil {
            var chart = TimingChart(film: player.film, title: ReviewTitle.text(name: sceneName, player: player))
            chart.scale = Self.scale(player)
            do { try chart.checkSize() } catch let e as ReviewError { throw CLIError.usage("--timing-chart: \(e)") }
        }
        guard sheet != nil else { return nil }
        try sheetOptions.check(film: player.film)
        return try sheetOptions.sheet(film: player.film, title: ReviewTitle.text(name: sceneName, player: player),
                                      scale: Self.scale(player), cancellation: cancellation)
    }

    static func scale(_ player: SceneFilm) -> CGFloat { CGFloat(min(player.document.canvas.scale, 4)) }

    /// Titles carry the scene file's `name` (else its file name), then the sort and the animation.
    /// `contactSheet` is what `checkAgainst` returned.
    func write(player: SceneFilm, sceneName: String, contactSheet: ContactSheet?, cancellation: RenderCancellation,
               written: WrittenOutputs) throws {
        guard isRequested else { return }
        let title = ReviewTitle.text(name: sceneName, player: player)
        let scale = Self.scale(player)
        if let sheet, let contactSheet {
            RenderPhase.enter("sheet", cancellation: cancellation)
            try save(.contactSheet(contactSheet), of: player.film, to: sheet, flag: "--sheet", cancellation: cancellation)
            written.add(sheet)
        }
        if let timingChart {
            RenderPhase.enter("chart", cancellation: cancellation)
            try save(.timingChart(title: title, scale: scale), of: player.film, to: timingChart, flag: "--timing-chart",
                     cancellation: cancellation)
            written.add(timingChart)
        }
        if let curves = curvesOptions.curves {
            RenderPhase.enter("curves", cancellation: cancellation)
            try save(curvesOptions.output(title: title, scale: scale, cancellation: cancellation), of: player.film, to: curves,
                     flag: "--curves", cancellation: cancellation)
            written.add(curves)
        }
    }

    private func save(_ output: FilmOutput, of film: Film, to path: String, flag: String, cancellation: RenderCancellation) throws {
        try cancellation.throwIfCancelled()
        do { try film.write(to: URL(fileURLWithPath: path), as: output) } catch let cancelled as RenderCancelled { throw cancelled } catch let e as RenderError where e.isWriteFailure {
            throw CLIError(message: "\(flag): \(e)", code: ExitStatus.ofFailedOutput(e))
        } catch {
            throw CLIError(message: "\(flag): \(error)", code: ExitStatus.software)
        }
    }
}

extension RenderError {
    /// The file could not be written (as opposed to a picture that could not be drawn).
    var isWriteFailure: Bool { if case .write = self { return true } else { return false } }

    /// A write the file system stopped midway (`StoppedWrite`), as opposed to a refusal of one target (a FIFO
    /// where a golden goes).
    var isOutOfSpace: Bool {
        guard case .write(let message) = self else { return false }
        return StoppedWrite.reason(in: message) != nil
    }
}
