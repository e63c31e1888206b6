import ArgumentParser
import Foundation
import Geometry
import SpruceFilm
import SpruceRender
import SpruceReview
import SpruceScene
import SpruceVideo

/// How a contact sheet samples the film and lays it out. Numbers arrive as text or Double and are
/// range-checked before they become integers.
struct SheetOptions: ParsableArguments {
    @Option(name: .customLong("sheet-frames"),
            help: ArgumentHelp("Frames on the contact sheet, 2…200, spread over where something moves (the entrance, the exit), "
                               + "not the holds (default \(ContactSheet.defaultFrames)).", valueName: "n"), transform: DecimalArgument.parse)
    var frames: Double?

    @Option(name: .customLong("sheet-every"),
            help: ArgumentHelp("Instead: a frame every SECONDS through each part where something moves.", valueName: "seconds"), transform: DecimalArgument.parse)
    var every: Double?

    @Option(name: .customLong("sheet-times"),
            help: ArgumentHelp("Instead: exactly these moments of the film, e.g. 0,0.1,0.25 (seconds, 1…200 of them).",
                               valueName: "t1,t2,…"))
    var times: String?

    @Option(name: .customLong("sheet-columns"),
            help: ArgumentHelp("Thumbnails per row, 1…200 (default: rows of up to 6, as even as possible).", valueName: "n"), transform: DecimalArgument.parse)
    var columns: Double?

    @Option(name: .customLong("sheet-width"),
            help: ArgumentHelp("Width of the sheet in pixels, 320…16384 (default \(Int(ContactSheet.defaultWidth)) points at the "
                               + "scene's scale); the thumbnails grow to fill it and the title wraps to fit it.", valueName: "pixels"), transform: DecimalArgument.parse)
    var width: Double?

    var isGiven: Bool { frames != nil || every != nil || times != nil || columns != nil || width != nil }

    /// Flag problems that need no film: conflicts and ranges.
    func check() throws {
        let given = [("--sheet-frames", frames != nil), ("--sheet-every", every != nil), ("--sheet-times", times != nil)].filter(\.1)
        if given.count > 1 { throw CLIError.usage("\(given[0].0) and \(given[1].0) both choose the sheet's frames; give one") }
        _ = try sampling()
        if let columns { _ = try Check.whole(columns, in: 1...SheetSampling.maximumFrames, "--sheet-columns") }
        if let width { _ = try Check.whole(width, in: 320...16384, "--sheet-width") }
    }

    func sampling() throws -> SheetSampling {
        if let frames { return .motion(count: try Check.whole(frames, in: 2...SheetSampling.maximumFrames, "--sheet-frames")) }
        if let every {
            guard every.isFinite, every > 0, every <= 3600 else { throw CLIError.usage("--sheet-every: must be seconds in (0, 3600], got \(every)") }
            return .every(seconds: every)
        }
        if let times {
            let parts = times.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            guard (1...SheetSampling.maximumFrames).contains(parts.count) else {
                throw CLIError.usage("--sheet-times: 1…\(SheetSampling.maximumFrames) times, got \(parts.count)")
            }
            return .times(try parts.map { part in
                guard let t = Checked.decimal(part), t.isFinite, t >= 0 else {
                    throw CLIError.usage("--sheet-times: \"\(part)\" is not a time in seconds ≥ 0")
                }
                return t
            })
        }
        return .motion(count: ContactSheet.defaultFrames)
    }

    /// The chosen moments lie inside the film (before anything is rendered).
    func check(film: Film) throws {
        do { try sampling().validate(duration: film.duration) } catch let e as ReviewError {
            throw CLIError.usage("--sheet-times: \(e)")
        }
    }

    /// The sheet, made before the film is rendered and drawn after it: choosing the moments reads the film's motion
    /// (no drawing), once; then the layout says how many pixels the sheet and its thumbnails would take, and a sheet
    /// too large for Cairo is refused before any output is written.
    func sheet(film: Film, title: String, scale: CGFloat, cancellation: RenderCancellation) throws -> ContactSheet {
        var sheet: ContactSheet
        do {
            sheet = try ContactSheet(film: film, sampling: try sampling(), columns: try sheetColumns(), title: title, cancellation: cancellation)
        } catch let e as ReviewError where every != nil {
            // Too many frames for the step, or no motion to step through: the flag's problem, found once the motion is read.
            throw CLIError.usage("--sheet-every: \(e)")
        }
        sheet.width = try sheetWidth(scale: scale)
        sheet.scale = scale
        do { try sheet.checkSize() } catch let e as ReviewError { throw CLIError.usage("--sheet: \(e)") }
        return sheet
    }

    private func sheetColumns() throws -> Int? { try columns.map { try Check.whole($0, in: 1...SheetSampling.maximumFrames, "--sheet-columns") } }

    private func sheetWidth(scale: CGFloat) throws -> CGFloat {
        try width.map { CGFloat(try Check.whole($0, in: 320...16384, "--sheet-width")) / scale } ?? ContactSheet.defaultWidth
    }
}

extension Check {
    /// A whole number in `range`, checked as a Double first (so 1e300 or 2.5 is a one-line usage error).
    static func whole(_ v: Double, in range: ClosedRange<Int>, _ flag: String) throws -> Int {
        guard v.isFinite, v == v.rounded(), v >= Double(range.lowerBound), v <= Double(range.upperBound) else {
            throw CLIError.usage("\(flag): must be a whole number \(range.lowerBound)…\(range.upperBound), got \(String(format: "%g", v))")
        }
        return Int(v)
    }
}
