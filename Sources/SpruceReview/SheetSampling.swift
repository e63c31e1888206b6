import Foundation
import SpruceFilm
import SpruceRender

/// Which moments of a film a contact sheet shows.
public enum SheetSampling: Equatable {
    /// `count` frames spread over the parts of the film where something moves (the entrance, the exit),
    /// in proportion to how long each lasts; the holds are left out. A film that never moves is sampled
    /// evenly from start to end.
    case motion(count: Int)
    /// A frame every `seconds` through each part where something moves, from the still frame before it.
    case every(seconds: Double)
    /// Exactly these film times (seconds), in this order.
    case times([Double])

    public static let maximumFrames = 200

    /// The moments chosen and the words a sheet's subtitle uses for them.
    public struct Choice: Equatable {
        public var times: [Double]
        public var description: String
    }

    /// Checks the numbers before any frame is stepped: counts 2…200, a positive step, times inside the film.
    public func validate(duration: Double) throws {
        switch self {
        case .motion(let count):
            guard (2...Self.maximumFrames).contains(count) else {
                throw ReviewError.sampling("contact sheet frames must be 2…\(Self.maximumFrames), got \(count)")
            }
        case .every(let step):
            guard step.isFinite, step > 0 else { throw ReviewError.sampling("contact sheet step must be a positive number of seconds, got \(step)") }
        case .times(let times):
            guard (1...Self.maximumFrames).contains(times.count) else {
                throw ReviewError.sampling("contact sheet times: 1…\(Self.maximumFrames) of them, got \(times.count)")
            }
            for t in times where !(t.isFinite && t >= 0 && t <= duration + 1e-9) {
                throw ReviewError.sampling("contact sheet time \(t) s is outside the film (0…\(reviewNumber(duration)) s)")
            }
        }
    }

    /// The moments of `film` this sampling picks (motion is found by reading every frame, see `FilmMotion`).
    public func choose(in film: Film, cancellation: RenderCancellation? = nil) throws -> Choice {
        try validate(duration: film.duration)
        if case .times(let times) = self {
            return Choice(times: times, description: "\(times.count) chosen moments")
        }
        let motion = try FilmMotion(film: film, cancellation: cancellation)
        let spans = motion.spans
        let names = spans.map { Self.name(of: $0, in: film) }
        let parts = zip(names, spans).map { "\($0) \(Self.range($1, film))" }.joined(separator: ", ")
        switch self {
        case .motion(let count):
            guard !spans.isEmpty else {
                let last = film.frameCount - 1
                let frames = Self.spread(count, over: 0, last)
                return Choice(times: frames.map(film.time(ofFrame:)), description: "\(frames.count) evenly spaced frames (nothing moves)")
            }
            let counts = Self.share(count, among: spans.map { $0.last - $0.first })
            var frames: [Int] = []
            for (span, n) in zip(spans, counts) { frames += Self.spread(n, over: span.first, span.last) }
            frames = Self.unique(frames)
            return Choice(times: frames.map(film.time(ofFrame:)), description: "\(frames.count) frames of the motion: \(parts)")
        case .every(let step):
            var frames: [Int] = []
            for span in spans {
                // A step under a frame takes every frame of the span; counting steps would take up to 1/step turns
                // for the same frames (1e17 for --sheet-every 1e-17).
                if step * film.framesPerSecond < 1 {
                    for frame in stride(from: span.first, through: span.last, by: 1) where frames.count <= Self.maximumFrames {
                        if frames.last != frame { frames.append(frame) }
                    }
                    continue
                }
                var k = 0
                while true {
                    let t = film.time(ofFrame: span.first) + Double(k) * step
                    let frame = Int((t * film.framesPerSecond).rounded())
                    if frame > span.last { break }
                    if frames.last != frame { frames.append(frame) }
                    k += 1
                    if frames.count > Self.maximumFrames { break }
                }
            }
            frames = Self.unique(frames)
            guard frames.count <= Self.maximumFrames else {
                throw ReviewError.sampling("a frame every \(reviewNumber(step)) s of the motion is more than \(Self.maximumFrames) frames; take a longer step")
            }
            guard !frames.isEmpty else { throw ReviewError.sampling("nothing moves in this film, so there is no motion to sample every \(reviewNumber(step)) s") }
            return Choice(times: frames.map(film.time(ofFrame:)),
                          description: "every \(reviewNumber(step)) s of the motion (\(frames.count) frames): \(parts)")
        case .times: fatalError("handled above")
        }
    }

    /// Entrance before the in-phase is at rest, exit from the out-phase or the reversed part on.
    static func name(of span: Span, in film: Film) -> String {
        let p = film.phases
        let start = film.time(ofFrame: span.first)
        let exitFrom = [p.animateOut, p.reverseFrom].compactMap { $0 }.min()
        if let exitFrom, start >= exitFrom - 0.5 / film.framesPerSecond { return "exit" }
        return start < p.inEnd ? "entrance" : "motion"
    }

    typealias Span = FilmMotion.Span

    static func range(_ span: Span, _ film: Film) -> String {
        String(format: "%.2f–%.2f s", film.time(ofFrame: span.first), film.time(ofFrame: span.last))
    }

    /// `n` frame numbers from `first` to `last` inclusive, as evenly spaced as whole frames allow.
    static func spread(_ n: Int, over first: Int, _ last: Int) -> [Int] {
        guard n > 1 else { return [first] }
        return (0..<n).map { first + Int((Double($0) * Double(last - first) / Double(n - 1)).rounded()) }
    }

    /// `total` split in proportion to `lengths` (largest remainders), at least 2 each while there are enough.
    static func share(_ total: Int, among lengths: [Int]) -> [Int] {
        let floor = total >= 2 * lengths.count ? 2 : 1
        let sum = Double(max(1, lengths.reduce(0, +)))
        let spare = max(0, total - floor * lengths.count)
        let exact = lengths.map { Double(spare) * Double($0) / sum }
        var counts = exact.map { floor + Int($0) }
        let byRemainder = exact.indices.sorted { (exact[$0] - exact[$0].rounded(.down), -$0) > (exact[$1] - exact[$1].rounded(.down), -$1) }
        var left = total - counts.reduce(0, +)
        for i in byRemainder where left > 0 { counts[i] += 1; left -= 1 }
        return counts
    }

    static func unique(_ frames: [Int]) -> [Int] {
        var seen = Set<Int>()
        return frames.filter { seen.insert($0).inserted }
    }
}
