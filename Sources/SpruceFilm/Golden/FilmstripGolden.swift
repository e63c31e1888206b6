import Foundation
import SpruceRender

/// `NAME.filmstrip.png`: the frames at the sampled times, each over its time (`Filmstrip`), compared region by
/// region (`FilmComparison`). A strip larger than one picture the program reads back is stored in pages,
/// `NAME.filmstrip.2.png` … (`FilmstripLayout`); `make` is the one-page strip, `pages` every page.
public struct FilmstripGolden: FilmGolden, Equatable, Sendable {
    /// Which frames the strip shows.
    public enum Sampling: Equatable, Sendable {
        /// `count` frames evenly spaced from the first frame to the last, both included (`render-gif test`: 8).
        case evenly(Int)
        /// The frames at these times, in seconds.
        case at([Double])
        /// `0, step, 2·step, …` and the end of the film (`Film.sampleTimes(every:)`).
        case every(Double)
    }

    /// Which frames the strip shows.
    public var sampling: Sampling
    /// A filmstrip golden sampling `sampling` (default 8 frames evenly spaced, first and last included).
    public init(_ sampling: Sampling = .evenly(8)) { self.sampling = sampling }

    /// "filmstrip".
    public var kind: String { "filmstrip" }
    /// "png".
    public var pathExtension: String { "png" }

    /// The film times the strip samples, in seconds; `.evenly` takes at least 2 frames, and `.every` throws
    /// ``FilmError`` for a step that is not finite and > 0 or that gives more than 1000 samples.
    public func times(of film: Film) throws -> [Double] {
        switch sampling {
        case .evenly(let frames):
            let n = max(2, frames), last = film.frameCount - 1
            return (0..<n).map { film.time(ofFrame: Int((Double($0) * Double(last) / Double(n - 1)).rounded())) }
        case .at(let times): return times
        case .every(let step): return try film.sampleTimes(every: step)
        }
    }

    /// The one-page strip; throws `FilmError.invalid` when it takes more than one page (`pages` makes those).
    public func make(_ film: Film, cancellation: RenderCancellation?) throws -> Filmstrip {
        try Filmstrip(film: film, times: times(of: film), cancellation: cancellation)
    }

    /// The pages' layout for `film`: the frame size at the canvas scale and the number of times sampled, as `pages`
    /// lays them out.
    public func layout(of film: Film) throws -> FilmstripLayout {
        let renderer = try film.makeRenderer()
        return FilmstripLayout(frameWidth: renderer.pixelWidth, frameHeight: renderer.pixelHeight, frameCount: try times(of: film).count)
    }

    /// Every page of the strip, the first stored as `fileName(name)`, page `p` as `fileName(name, page: p)`.
    public func pages(_ film: Film, cancellation: RenderCancellation?) throws -> [Filmstrip] {
        try Filmstrip.pages(film: film, times: times(of: film), cancellation: cancellation)
    }

    /// The file name of page `page` (0-based) of the strip of `name`: `NAME.filmstrip.png`, then `NAME.filmstrip.2.png`
    /// ….
    public func fileName(_ name: String, page: Int) -> String { FilmstripLayout.fileName(name, page: page) }

    /// The strip's picture as PNG.
    public func data(_ value: Filmstrip) throws -> Data { try value.bitmap.pngData() }

    /// A stored strip: its picture only (times and cells follow from the film it is compared with).
    public func value(from data: Data) throws -> Filmstrip {
        Filmstrip(bitmap: try Bitmap(pngData: data), times: [], cells: [])
    }

    /// Names the first differing time and the views there when `actual` was made from a film.
    public func compare(expected: Filmstrip, actual: Filmstrip) -> String? {
        FilmComparison.compare(expected: expected.bitmap, actual: actual, film: actual.film)
    }
}

/// `NAME.t0-200.png`: the frame at one time, compared with the region rule (`ImageComparison.default`).
public struct FrameGolden: FilmGolden, Equatable, Sendable {
    /// The film time of the frame, in seconds.
    public var time: Double
    /// The golden of the frame at `time` seconds.
    public init(at time: Double) { self.time = time }

    /// `t` and the time in milliseconds, its point written `-`: `t0-200`.
    public var kind: String { "t" + Film.label(time).replacingOccurrences(of: ".", with: "-") }
    /// "png".
    public var pathExtension: String { "png" }

    /// The frame at ``time``; throws ``FilmError`` for a time outside the film and `RenderCancelled` when cancelled.
    public func make(_ film: Film, cancellation: RenderCancellation?) throws -> Bitmap {
        try film.frame(at: time, cancellation: cancellation)
    }

    /// The frame as PNG.
    public func data(_ value: Bitmap) throws -> Data { try value.pngData() }
    /// A stored frame decoded from PNG; throws when the bytes are not a PNG.
    public func value(from data: Data) throws -> Bitmap { try Bitmap(pngData: data) }

    /// Nil when the frames match under `ImageComparison.default`; else the time and a summary of the difference.
    public func compare(expected: Bitmap, actual: Bitmap) -> String? {
        let difference = ImageComparison.default.compare(expected, actual)
        return difference.matches ? nil : "the frame at t=\(Film.label(time)) s differs: \(difference.summary)"
    }
}

/// The frames at several times, one `FrameGolden` (one file) each.
public struct FramesGolden: Equatable, Sendable {
    /// The film times of the frames, in seconds.
    public var times: [Double]
    /// One frame golden for each of `times`.
    public init(at times: [Double]) { self.times = times }
    /// The frame goldens, one per time, in order.
    public var frames: [FrameGolden] { times.map(FrameGolden.init(at:)) }
}
