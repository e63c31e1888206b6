import Foundation
import SpruceFilm
import SpruceRender

/// One scene whose goldens differ from what it makes now, or are missing: what it makes now (`values`), what its
/// goldens hold, the verdict of each golden kind and where the motion first differs. Found by `id`, a hash of the
/// scene's path that is no path itself; the page's requests name items only so.
public final class ReviewItem: @unchecked Sendable {
    public enum Kind: String, CaseIterable, Sendable { case filmstrip, timing, motion }
    public enum Verdict: String, Sendable { case same, differs, missing }
    public enum State: String, Sendable { case pending, accepted, rejected }

    public let id: String
    public let name: String
    public let scene: URL
    public let folder: URL
    public let verdicts: [Kind: Verdict]
    /// One line per golden that differs, as `render-gif test` words it.
    public let messages: [String]
    /// The first sample time where the motion golden and the film differ (nil: the motion is the same, or has no golden).
    public let firstDifference: Double?

    let film: Film
    let fileName: String
    let values: FilmGoldenValues
    /// The goldens as they were when the review started (nil where there is none).
    let expectedStrip: Bitmap?
    let expectedTiming: String?
    let expectedMotion: String?
    let motion: (expected: MotionGoldenText, actual: MotionGoldenText)
    /// The moments the page plays, one frame each: the motion goldens' sample times (the longer film's).
    public let frameTimes: [Double]
    /// Draws the posed frames; one drawing at a time per item (its cursor moves).
    let poser: PosedFrames

    private let lock = NSLock()
    private var stateValue = State.pending
    private var acceptedKinds: Set<Kind> = []

    init(id: String, name: String, scene: URL, folder: URL, film: Film, goldens: FilmGoldens) throws {
        (self.id, self.name, self.scene, self.folder, self.film) = (id, name, scene, folder, film)
        let fileName = scene.deletingPathExtension().lastPathComponent
        let values = try FilmGoldenValues(film: film, filmstrip: goldens.filmstrip, texts: [goldens.timing, goldens.motion], cancellation: nil)
        let read = { (file: String) -> Data? in try? RegularFile.contents(of: folder.appendingPathComponent(file).path, maximumBytes: 64 << 20) }
        let expectedStrip = read(goldens.filmstrip.fileName(fileName, page: 0)).flatMap { try? Bitmap(pngData: $0) }
        let expectedTiming = read(goldens.timing.fileName(fileName)).flatMap { String(data: $0, encoding: .utf8) }
        let expectedMotion = read(goldens.motion.fileName(fileName)).flatMap { String(data: $0, encoding: .utf8) }
        let texts = Dictionary(uniqueKeysWithValues: values.texts.map { ($0.golden.kind, $0.text) })
        var verdicts: [Kind: Verdict] = [:], messages: [String] = []
        func judge(_ kind: Kind, _ message: String??) {
            guard let message else { verdicts[kind] = .missing; messages.append("\(kind.rawValue): no golden yet"); return }
            if let message { verdicts[kind] = .differs; messages.append(message) } else { verdicts[kind] = .same }
        }
        judge(.filmstrip, expectedStrip.map { strip in
            goldens.filmstrip.compare(expected: Filmstrip(bitmap: strip, times: [], cells: []), actual: values.pages[0]).map { "filmstrip: " + $0 }
        })
        judge(.timing, expectedTiming.map { goldens.timing.compare(expected: $0, actual: texts["timing"] ?? "") })
        judge(.motion, expectedMotion.map { goldens.motion.compare(expected: $0, actual: texts["motion"] ?? "") })
        let motion = (expected: MotionGoldenText(expectedMotion ?? ""), actual: MotionGoldenText(texts["motion"] ?? ""))
        let longer = motion.expected.times.count >= motion.actual.times.count ? motion.expected.times : motion.actual.times
        (self.fileName, self.values, self.expectedStrip, self.expectedTiming, self.expectedMotion) = (fileName, values, expectedStrip, expectedTiming, expectedMotion)
        (self.verdicts, self.messages, self.motion) = (verdicts, messages, motion)
        firstDifference = expectedMotion == nil ? nil : motion.expected.firstDifference(from: motion.actual)
        frameTimes = longer.isEmpty ? [0] : longer
        poser = try PosedFrames(film: film)
    }

    public var differs: Bool { verdicts.values.contains { $0 != .same } }

    public var state: State { lock.lock(); defer { lock.unlock() }; return stateValue }

    /// Worst first: more goldens that differ, then missing ones, then an earlier first difference.
    var severity: (Int, Int, Double) {
        (verdicts.values.filter { $0 == .differs }.count, verdicts.values.filter { $0 == .missing }.count, -(firstDifference ?? .infinity))
    }

    /// The bytes each golden of `kinds` would hold now, and the file each goes to (in `folder`, named by the scene).
    func files(_ kinds: Set<Kind>) throws -> [(data: Data, target: URL)] {
        var out: [(data: Data, target: URL)] = []
        let goldens = FilmGoldens(folder: folder)
        for kind in Kind.allCases where kinds.contains(kind) {
            switch kind {
            case .filmstrip:
                for (page, strip) in values.pages.enumerated() {
                    out.append((try goldens.filmstrip.data(strip), folder.appendingPathComponent(goldens.filmstrip.fileName(fileName, page: page))))
                }
            case .timing, .motion:
                guard let made = values.texts.first(where: { $0.golden.kind == kind.rawValue }) else { continue }
                out.append((try made.golden.data(made.text), folder.appendingPathComponent(made.golden.fileName(fileName))))
            }
        }
        return out
    }

    /// Writes the goldens of `kinds` (all or none, atomically) and marks the item accepted once all its differing
    /// kinds are.
    func accept(_ kinds: Set<Kind>) throws {
        lock.lock(); defer { lock.unlock() }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try AtomicFile.writeTogether(try files(kinds))
        acceptedKinds.formUnion(kinds)
        if verdicts.filter({ $0.value != .same }).keys.allSatisfy(acceptedKinds.contains) { stateValue = .accepted }
    }

    func reject() { lock.lock(); stateValue = .rejected; lock.unlock() }

    var accepted: Set<Kind> { lock.lock(); defer { lock.unlock() }; return acceptedKinds }
}
