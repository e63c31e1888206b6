import ArgumentParser
import SpruceRender
import SpruceReview
import SpruceScene

/// Still pictures for design reviews, written beside the film or instead of it: a contact sheet
/// (a storyboard of evenly spaced frames) and a timing chart (a bar per view, coloured by start time).
/// `ReviewOutputs` checks and writes them; this names its settings by their flags.
struct ReviewOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Also write a contact sheet (PNG): evenly spaced frames with their times, in a grid "
                               + "under a title naming the scene, sort and animation.", valueName: "file.png"), completion: .file(extensions: ["png"]))
    var sheet: String?

    @OptionGroup var sheetOptions: SheetOptions

    @Option(name: .customLong("timing-chart"), help: ArgumentHelp("Also write a timing chart (PNG): each animated view as a bar over time, coloured by start, "
                               + "beside a map of the layout in the same colours.", valueName: "file.png"), completion: .file(extensions: ["png"]))
    var timingChart: String?

    @OptionGroup var curvesOptions: CurvesOptions

    var outputs: ReviewOutputs {
        var o = ReviewOutputs()
        (o.sheet, o.timingChart, o.curves, o.views) = (sheet, timingChart, curvesOptions.curves, curvesOptions.views)
        let s = sheetOptions
        (o.sheetFrames, o.sheetEvery, o.sheetTimes, o.sheetColumns, o.sheetWidth) = (s.frames, s.every, s.times, s.columns, s.width)
        return o
    }

    var isRequested: Bool { outputs.isRequested }

    /// Flag problems, before anything is rendered.
    func check() throws { try Self.worded { try outputs.validate() } }

    /// What can be known of the outputs before the film is rendered (a failure after the film was written left the
    /// film and exit 70). Returns the contact sheet, if one was asked for, ready to draw once the film is written.
    func checkAgainst(player: SceneFilm, sceneName: String, cancellation: RenderCancellation) throws -> ContactSheet? {
        try Self.worded {
            try outputs.prepare(film: player.film, title: ReviewTitle.text(name: sceneName, player: player), scale: player.reviewScale,
                                cancellation: cancellation)
        }
    }

    /// Titles carry the scene file's `name` (else its file name), then the sort and the animation.
    /// `contactSheet` is what `checkAgainst` returned.
    func write(player: SceneFilm, sceneName: String, contactSheet: ContactSheet?, cancellation: RenderCancellation,
               written: WrittenOutputs) throws {
        let phases: [ReviewOutputs.Setting: String] = [.sheet: "sheet", .timingChart: "chart", .curves: "curves"]
        try Self.worded {
            try outputs.write(film: player.film, title: ReviewTitle.text(name: sceneName, player: player), scale: player.reviewScale,
                              contactSheet: contactSheet, cancellation: cancellation,
                              starting: { RenderPhase.enter(phases[$0] ?? "", cancellation: cancellation) }, wrote: written.add)
        }
    }

    /// `ReviewOutputsError` worded by the flags.
    static func worded<T>(_ body: () throws -> T) throws -> T {
        do { return try body() } catch let e as ReviewOutputsError {
            let flag = flags[e.setting] ?? ""
            switch e.problem {
            case .needs(.sheet): throw CLIError.usage("--sheet-frames, --sheet-every, --sheet-times, --sheet-columns and --sheet-width need --sheet out.png")
            case .needs: throw CLIError.usage("--views chooses the views of --curves, so it needs --curves out.png")
            case .conflict(let other): throw CLIError.usage("\(flag) and \(flags[other] ?? "") both choose the sheet's frames; give one")
            case let .unknownView(id, known):
                throw CLIError.usage(Names.unknown(id, flag: flag, among: known))
            case .value(let reason): throw CLIError.usage("\(flag): \(reason)")
            case .notWritten(let error): throw CLIError(message: "\(flag): \(error)", code: ExitStatus.ioError)
            case .notDrawn(let error): throw CLIError(message: "\(flag): \(error)", code: ExitStatus.software)
            }
        }
    }

    static let flags: [ReviewOutputs.Setting: String] = [
        .sheet: "--sheet", .sheetFrames: "--sheet-frames", .sheetEvery: "--sheet-every", .sheetTimes: "--sheet-times",
        .sheetColumns: "--sheet-columns", .sheetWidth: "--sheet-width", .timingChart: "--timing-chart", .curves: "--curves", .views: "--views",
    ]
}
