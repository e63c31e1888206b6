import Foundation
import SnapshotTesting
import SpruceFilm
import SpruceRender

extension Diffing where Value == Filmstrip {
    /// PNG on disk; cells compared one by one with the region rule (`FilmstripGolden.compare`). The message names
    /// the first differing time and the views there, and the failure's folder in the artifacts folder
    /// (`FilmFailureRecord`: expected, actual and difference filmstrips, a side-by-side animated PNG, a manifest).
    public static var filmstrip: Diffing {
        let golden = FilmstripGolden()
        return .golden(golden, unreadable: Filmstrip(bitmap: UndecodableReference.placeholder, times: [], cells: [])) { expected, actual in
            if expected.bitmap === UndecodableReference.placeholder { return unreadable("filmstrip", actual: try? actual.bitmap.pngData()) }
            guard let message = golden.compare(expected: expected, actual: actual) else { return nil }
            return failure(message, FilmFailureRecord.filmstrip(expected: expected.bitmap, actual: actual, message: message))
        }
    }
}

extension Diffing where Value == Bitmap {
    /// A film's frame (`FrameGolden`): PNG on disk, compared with the region rule; a failure is written as a
    /// filmstrip's is, its side-by-side one picture.
    public static func filmFrame(_ golden: FrameGolden) -> Diffing {
        .golden(golden, unreadable: UndecodableReference.placeholder) { expected, actual in
            if expected === UndecodableReference.placeholder { return unreadable("frame", actual: try? actual.pngData()) }
            guard let message = golden.compare(expected: expected, actual: actual) else { return nil }
            return failure(message, FilmFailureRecord.frame(golden, expected: expected, actual: actual, message: message))
        }
    }
}

extension Diffing where Value == String {
    /// A text golden of a film (`TimingGolden`, `MotionGolden`): the message names the first differing line's
    /// time and view, and the failure's folder (expected, actual, the differing lines, a manifest). Bytes that are
    /// not UTF-8 are read with replacement characters, and so differ.
    public static func filmText<G: FilmTextGolden>(_ golden: G) -> Diffing {
        .diff(toData: { Data($0.utf8) }, fromData: { String(decoding: $0, as: UTF8.self) },
              diffV2: { expected, actual in
                  guard let message = golden.compare(expected: expected, actual: actual) else { return nil }
                  return failure(message, FilmFailureRecord.text(golden, expected: expected, actual: actual, message: message))
              })
    }
}

/// The failure of a reference PNG that cannot be read, worded as `render-gif test` words it (`FilmGoldens`), with a
/// failure folder holding the reference's bytes as they are and the actual, so that it can be reviewed and accepted.
private func unreadable(_ kind: String, actual: Data?) -> (String, [DiffAttachment]) {
    let reading = UndecodableReference.take()
    let message = "the reference PNG cannot be read (\(SafeText.escaped(reading?.reason ?? "not a PNG"))); \(FilmGoldens.defaultReplaceHint)"
    return failure(message, reading.flatMap { FilmFailureRecord.unreadable(kind: kind, reference: $0.bytes, actual: actual, message: message) })
}

/// A film (or bitmap) diffing's failure: the message naming the failure's folder, and its pictures as attachments.
func failure(_ message: String, _ folder: URL?) -> (String, [DiffAttachment]) {
    guard let folder else { return (message, []) }
    let files = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
    let attachments: [DiffAttachment] = files.filter { $0.hasSuffix("png") }.compactMap { name in
        (try? Data(contentsOf: folder.appendingPathComponent(name))).map { DiffAttachment.data($0, name: name) }
    }
    return (message + "\nartifacts: \(folder.path)", attachments)
}

extension Snapshotting where Value == Filmstrip, Format == Filmstrip {
    /// A filmstrip stored as its PNG and compared cell by cell with the region rule (`Diffing.filmstrip`);
    /// a failure writes its pictures to the artifacts folder.
    public static var filmstrip: Snapshotting { Snapshotting(pathExtension: "png", diffing: .filmstrip) }
}

extension Snapshotting where Value == Film, Format == Filmstrip {
    /// One PNG of the frames the golden samples, each labelled with its time: the file `render-gif test` reads as
    /// `NAME.filmstrip.png` when named `filmstrip` (`FilmstripGolden()`: 8 frames evenly spaced, its sampling).
    public static func filmstrip(_ golden: FilmstripGolden) -> Snapshotting { .golden(golden, diffing: .filmstrip) }

    /// The frames at `times`.
    public static func filmstrip(at times: [Double]) -> Snapshotting { .filmstrip(FilmstripGolden(.at(times))) }

    /// Frames every `step` seconds from 0 to the end of the film.
    public static func filmstrip(every step: Double) -> Snapshotting { .filmstrip(FilmstripGolden(.every(step))) }
}

extension Snapshotting where Value == Film, Format == Bitmap {
    /// The frame at `time`, compared with the region rule (`FrameGolden`).
    public static func frame(at time: Double) -> Snapshotting { .golden(FrameGolden(at: time), diffing: .filmFrame(FrameGolden(at: time))) }
}

extension Dictionary where Key == String, Value == Snapshotting<Film, Bitmap> {
    /// One PNG per time, named by the time (`FrameGolden.kind`, `t0-200`): `assertSnapshots(of: film, as: .frames(at: [0, 0.2]))`.
    public static func frames(at times: [Double]) -> [String: Snapshotting<Film, Bitmap>] {
        Dictionary(FramesGolden(at: times).frames.map { ($0.kind, Snapshotting<Film, Bitmap>.frame(at: $0.time)) }, uniquingKeysWith: { first, _ in first })
    }
}

extension Snapshotting where Value == Film, Format == String {
    /// Every view's start, duration and settling time, one line each (`TimingGolden`, `NAME.timing.txt`).
    public static var timing: Snapshotting { .golden(TimingGolden(), diffing: .filmText(TimingGolden())) }

    /// Every animated property of every view every `step` seconds (`MotionGolden`, `NAME.motion.txt`), rounded as
    /// `Film.motionReport(every:)` documents.
    public static func motion(every step: Double) -> Snapshotting {
        .golden(MotionGolden(every: step), diffing: .filmText(MotionGolden(every: step)))
    }
}
