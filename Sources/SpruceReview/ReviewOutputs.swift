import Foundation
import Geometry
import SpruceFilm
import SpruceRender

/// The review pictures asked for beside a film, or instead of it: a contact sheet (its moments and layout as
/// given), a timing chart and a motion curves chart, each written to its path. Numbers arrive as given (Double,
/// text) and are range-checked here before they become integers. `validate` checks what needs no film, `prepare`
/// and `checkViews` what needs the film before anything is written, `write` writes the pictures;
/// each refusal is a `ReviewOutputsError` naming its `Setting`.
public struct ReviewOutputs {
    /// What can be asked for, as `ReviewOutputsError` names it.
    public enum Setting: String, Sendable, CaseIterable {
        case sheet = "contact sheet", sheetFrames = "contact sheet frames", sheetEvery = "contact sheet step",
             sheetTimes = "contact sheet times", sheetColumns = "contact sheet columns", sheetWidth = "contact sheet width",
             timingChart = "timing chart", curves = "motion curves", views = "motion curves views"
    }

    public var sheet: String?
    /// Frames spread over the motion, 2…200; or a frame every `sheetEvery` seconds of it; or exactly the moments of
    /// `sheetTimes` ("0,0.1,0.25"). At most one of the three.
    public var sheetFrames: Double?
    public var sheetEvery: Double?
    public var sheetTimes: String?
    /// Thumbnails per row, 1…200; the sheet's width in pixels, 320…16384.
    public var sheetColumns: Double?
    public var sheetWidth: Double?
    public var timingChart: String?
    /// PNG, or SVG when the path ends in .svg; `views`: the ids it plots, comma-separated (nil: every animated view).
    public var curves: String?
    public var views: String?

    public init() {}

    public static let widthRange = 320...16384

    public var isRequested: Bool { sheet != nil || timingChart != nil || curves != nil }
    public var sheetSettingsGiven: Bool {
        sheetFrames != nil || sheetEvery != nil || sheetTimes != nil || sheetColumns != nil || sheetWidth != nil
    }

    public var viewList: [String]? {
        views.map { $0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty } }
    }

    /// What needs no film: settings without their picture, conflicts, ranges and file extensions.
    public func validate() throws {
        let sheetSettings = [(Setting.sheetFrames, sheetFrames != nil), (.sheetEvery, sheetEvery != nil), (.sheetTimes, sheetTimes != nil),
                             (.sheetColumns, sheetColumns != nil), (.sheetWidth, sheetWidth != nil)]
        if sheet == nil, let (setting, _) = sheetSettings.first(where: \.1) { throw ReviewOutputsError(setting, .needs(.sheet)) }
        let given = sheetSettings.prefix(3).filter(\.1)
        if given.count > 1 { throw ReviewOutputsError(given[0].0, .conflict(given[1].0)) }
        _ = try sampling()
        _ = try columns()
        if let sheetWidth { _ = try Self.whole(sheetWidth, in: Self.widthRange, .sheetWidth) }
        if views != nil, curves == nil { throw ReviewOutputsError(.views, .needs(.curves)) }
        if let views, viewList?.isEmpty != false { throw ReviewOutputsError(.views, .value("no view ids in \"\(views)\"")) }
        if let curves, !["png", "svg"].contains(URL(plainPath: curves).pathExtension.lowercased()) {
            throw ReviewOutputsError(.curves, .value("writes PNG or SVG, so the path must end in .png or .svg, got \"\(curves)\""))
        }
        for (setting, path) in [(Setting.sheet, sheet), (.timingChart, timingChart)] {
            if let path, URL(plainPath: path).pathExtension.lowercased() != "png" {
                throw ReviewOutputsError(setting, .value("writes a PNG, so the path must end in .png, got \"\(path)\""))
            }
        }
    }

    /// The moments the sheet shows (by default `ContactSheet.defaultFrames` frames of the motion).
    public func sampling() throws -> SheetSampling {
        if let sheetFrames { return .motion(count: try Self.whole(sheetFrames, in: 2...SheetSampling.maximumFrames, .sheetFrames)) }
        if let every = sheetEvery {
            guard every.isFinite, every > 0, every <= 3600 else {
                throw ReviewOutputsError(.sheetEvery, .value("must be seconds in (0, 3600], got \(every)"))
            }
            return .every(seconds: every)
        }
        if let sheetTimes {
            let parts = sheetTimes.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            guard (1...SheetSampling.maximumFrames).contains(parts.count) else {
                throw ReviewOutputsError(.sheetTimes, .value("1…\(SheetSampling.maximumFrames) times, got \(parts.count)"))
            }
            return .times(try parts.map { part in
                guard let t = Checked.decimal(part), t.isFinite, t >= 0 else {
                    throw ReviewOutputsError(.sheetTimes, .value("\"\(part)\" is not a time in seconds ≥ 0"))
                }
                return t
            })
        }
        return .motion(count: ContactSheet.defaultFrames)
    }

    /// What can be known of the pictures before the film is written: the sheet's moments lie inside the film, and
    /// its size and the timing chart's fit Cairo. Returns the contact sheet, if one was asked for, its moments chosen
    /// (reading the film's motion once, no drawing), ready to draw once the film is written.
    public func prepare(film: Film, title: String, scale: CGFloat, cancellation: RenderCancellation?) throws -> ContactSheet? {
        if timingChart != nil {
            var chart = TimingChart(film: film, title: title)
            chart.scale = scale
            do { try chart.checkSize() } catch let e as ReviewError { throw ReviewOutputsError(.timingChart, .value("\(e)")) }
        }
        guard sheet != nil else { return nil }
        let sampling = try sampling()
        do { try sampling.validate(duration: film.duration) } catch let e as ReviewError {
            throw ReviewOutputsError(.sheetTimes, .value("\(e)"))
        }
        var made: ContactSheet
        do {
            made = try ContactSheet(film: film, sampling: sampling, columns: try columns(), title: title, cancellation: cancellation)
        } catch let e as ReviewError where sheetEvery != nil {
            // Too many frames for the step, or no motion to step through: found once the motion is read.
            throw ReviewOutputsError(.sheetEvery, .value("\(e)"))
        }
        made.width = try sheetWidth.map { CGFloat(try Self.whole($0, in: Self.widthRange, .sheetWidth)) / scale } ?? ContactSheet.defaultWidth
        made.scale = scale
        do { try made.checkSize() } catch let e as ReviewError { throw ReviewOutputsError(.sheet, .value("\(e)")) }
        return made
    }

    /// The views of the motion curves are animated views of the film.
    public func checkViews(film: Film) throws {
        guard curves != nil, let ids = viewList else { return }
        let known = film.timings.map(\.view)
        for id in ids where !known.contains(id) { throw ReviewOutputsError(.views, .unknownView(id, known: known)) }
    }

    /// Writes each picture asked for, in order: the sheet (`contactSheet`, what `prepare` returned), the timing chart,
    /// the motion curves. `starting` is told of each before it is drawn, `wrote` of each path written.
    public func write(film: Film, title: String, scale: CGFloat, contactSheet: ContactSheet?, cancellation: RenderCancellation,
                      starting: (Setting) -> Void = { _ in }, wrote: (String) -> Void = { _ in }) throws {
        var pictures: [(Setting, String, FilmOutput)] = []
        if let sheet, let contactSheet { pictures.append((.sheet, sheet, .contactSheet(contactSheet))) }
        if let timingChart { pictures.append((.timingChart, timingChart, .timingChart(title: title, scale: scale))) }
        if let curves {
            pictures.append((.curves, curves, .motionCurves(views: viewList, title: title, scale: scale, cancellation: cancellation)))
        }
        for (setting, path, output) in pictures {
            starting(setting)
            try cancellation.throwIfCancelled()
            do { try film.write(to: URL(plainPath: path), as: output) } catch let cancelled as RenderCancelled {
                throw cancelled
            } catch let e as RenderError where e.isWriteFailure {
                throw ReviewOutputsError(setting, .notWritten(e))
            } catch {
                throw ReviewOutputsError(setting, .notDrawn(error))
            }
            wrote(path)
        }
    }

    private func columns() throws -> Int? {
        try sheetColumns.map { try Self.whole($0, in: 1...SheetSampling.maximumFrames, .sheetColumns) }
    }

    /// A whole number in `range`, checked as a Double first (so 1e300 or 2.5 is refused, not trapped on).
    static func whole(_ v: Double, in range: ClosedRange<Int>, _ setting: Setting) throws -> Int {
        guard let n = Checked.wholeNumber(v, in: range) else {
            throw ReviewOutputsError(setting, .value("must be a whole number \(range.lowerBound)…\(range.upperBound), got \(Checked.text(v))"))
        }
        return n
    }
}

/// A review picture that cannot be made as asked: which setting, and why.
public struct ReviewOutputsError: Error, CustomStringConvertible {
    public enum Problem {
        /// A value out of range, of the wrong kind, or one the film cannot give: the reason.
        case value(String)
        /// Two settings that both choose the contact sheet's moments.
        case conflict(ReviewOutputs.Setting)
        /// A setting of a picture that was not asked for.
        case needs(ReviewOutputs.Setting)
        /// A view the film does not animate, and the views it does.
        case unknownView(String, known: [String])
        /// The picture was drawn and could not be written (a full disk), or could not be drawn.
        case notWritten(RenderError)
        case notDrawn(Error)
    }

    public let setting: ReviewOutputs.Setting
    public let problem: Problem

    public init(_ setting: ReviewOutputs.Setting, _ problem: Problem) { (self.setting, self.problem) = (setting, problem) }

    /// The reason, after the setting's name in `description`.
    public var reason: String {
        switch problem {
        case .value(let reason): reason
        case .conflict(let other): "it and the \(other.rawValue) both choose the sheet's frames; give one"
        case .needs(let picture): "it needs the \(picture.rawValue)"
        case let .unknownView(id, known):
            "no animated view \"\(id)\" (animated views: \((known.prefix(12) + (known.count > 12 ? ["…"] : [])).joined(separator: ", ")))"
        case .notWritten(let e): "\(e)"
        case .notDrawn(let e): "\(e)"
        }
    }

    public var description: String { "\(setting.rawValue): \(reason)" }
}
