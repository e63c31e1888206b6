import ArgumentParser
import SpruceProcess
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

    /// `ReviewOutputsError` worded by the flags.
    static func worded<T>(_ body: () throws -> T) throws -> T {
        do { return try body() } catch let e as ReviewOutputsError { throw error(e) }
    }

    /// A review picture's problem in the words of its flag, with the exit status render gives it.
    static func error(_ e: ReviewOutputsError) -> CLIError {
        let flag = flags[e.setting] ?? ""
        switch e.problem {
        case .needs(.sheet): return CLIError.usage("--sheet-frames, --sheet-every, --sheet-times, --sheet-columns and --sheet-width need --sheet out.png")
        case .needs: return CLIError.usage("--views chooses the views of --curves, so it needs --curves out.png")
        case .conflict(let other): return CLIError.usage("\(flag) and \(flags[other] ?? "") both choose the sheet's frames; give one")
        case let .unknownView(id, known): return CLIError.usage(Names.unknown(id, flag: flag, among: known))
        case .value(let reason): return CLIError.usage("\(flag): \(reason)")
        case .notWritten(let error): return CLIError(message: "\(flag): \(error)", code: ExitStatus.ioError)
        case .notDrawn(let error): return CLIError(message: "\(flag): \(error)", code: ExitStatus.software)
        }
    }

    static let flags: [ReviewOutputs.Setting: String] = [
        .sheet: "--sheet", .sheetFrames: "--sheet-frames", .sheetEvery: "--sheet-every", .sheetTimes: "--sheet-times",
        .sheetColumns: "--sheet-columns", .sheetWidth: "--sheet-width", .timingChart: "--timing-chart", .curves: "--curves", .views: "--views",
    ]
}
