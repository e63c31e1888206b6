import Foundation
import SpruceFilm
import SpruceRender
import SpruceScene

/// One scene of the review (a `GoldenReviewItem` of SpruceScene's review model) with what its page shows: its
/// goldens as they were when the review started and what the scene makes now (the bytes the model would accept),
/// its motion goldens read as values, and the posed films drawn from them. Found by the model's `id`, never by a
/// path.
public final class ReviewItem: @unchecked Sendable {
    public enum Kind: String, CaseIterable, Sendable { case filmstrip, timing, motion }

    public let id: String
    public let name: String
    /// Each kind's verdict as the model words it: `matches`, `differs`, `missing`.
    public let verdicts: [Kind: String]
    /// One line per golden that differs or is missing, as `render-gif test` words it.
    public let messages: [String]
    /// The earliest time at which any of its goldens differs (the model's).
    public let firstDifference: Double?
    /// The moments the page plays, one frame each: the motion goldens' sample times (the longer film's).
    public let frameTimes: [Double]

    /// The filmstrip's first page: the golden, and what the scene makes now.
    let expectedStrip: Bitmap?
    let actualStrip: Bitmap?
    /// Where the scene's filmstrip puts its frames and captions now (nil: the film cannot say).
    let stripLayout: FilmstripLayout?
    let timing: (expected: String, actual: String)
    let motion: (expected: MotionGoldenText, actual: MotionGoldenText)
    /// Draws the posed frames; one drawing at a time per item (its cursor moves).
    let poser: PosedFrames

    init(_ item: GoldenReviewItem, film: Film) throws {
        (id, name) = (item.id, item.name)
        let fileName = item.scene.deletingPathExtension().lastPathComponent
        let goldens = FilmGoldens(folder: item.goldensFolder)
        func stored(_ file: String) -> Data? {
            try? RegularFile.contents(of: item.goldensFolder.appendingPathComponent(file).path, maximumBytes: 64 << 20)
        }
        /// The golden's bytes and the bytes accepting would write (the stored ones where the kind matches).
        func pair(_ kind: Kind, _ file: String) -> (expected: Data?, actual: Data?) {
            let old = stored(file)
            let verdict = item.verdicts.first { $0.kind == kind.rawValue }
            return (old, verdict?.changes.first { $0.name == file }?.data ?? old)
        }
        let strip = pair(.filmstrip, goldens.filmstrip.fileName(fileName, page: 0))
        expectedStrip = strip.expected.flatMap { try? Bitmap(pngData: $0) }
        actualStrip = strip.actual.flatMap { try? Bitmap(pngData: $0) }
        stripLayout = try? goldens.filmstrip.layout(of: film)
        let text = { (data: Data?) in data.flatMap { String(data: $0, encoding: .utf8) } ?? "" }
        let timingFiles = pair(.timing, goldens.timing.fileName(fileName)), motionFiles = pair(.motion, goldens.motion.fileName(fileName))
        timing = (text(timingFiles.expected), text(timingFiles.actual))
        motion = (MotionGoldenText(text(motionFiles.expected)), MotionGoldenText(text(motionFiles.actual)))
        var verdicts: [Kind: String] = [:]
        for verdict in item.verdicts { if let kind = Kind(rawValue: verdict.kind) { verdicts[kind] = verdict.state.rawValue } }
        self.verdicts = verdicts
        messages = item.verdicts.compactMap { v in v.state == .missing ? "\(v.kind): no golden yet" : v.message }
        firstDifference = item.firstDifference
        let longer = motion.expected.times.count >= motion.actual.times.count ? motion.expected.times : motion.actual.times
        frameTimes = longer.isEmpty ? [0] : longer
        poser = try PosedFrames(film: film)
    }

    /// The kinds whose goldens differ or are missing.
    var differingKinds: Set<Kind> { Set(verdicts.filter { $0.value != "matches" }.keys) }
}
