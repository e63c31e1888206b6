import Foundation
import SpruceFilm
import SpruceRender
import SpruceSnapshotReview
import SpruceVideo

/// Writes the folder of one failed film golden (or bitmap snapshot, `.image`) into the artifacts folder (`SNAPSHOT_ARTIFACTS`, else the temporary
/// folder): `SpruceFilmDiffs/KIND-HEX/` with the expected, the actual (the bytes the golden would hold), the
/// difference, the side-by-side where there is one, and `manifest.json` (`FilmFailureManifest`). The snapshot file is
/// not known to a diffing: the manifest names it once the `.filmArtifacts` diff tool completes it (`PendingFilmFailure`).
enum FilmFailureRecord {
    static var folder: URL {
        FilmFailures(artifacts: URL(plainPath: ProcessInfo.processInfo.environment["SNAPSHOT_ARTIFACTS"] ?? NSTemporaryDirectory())).folder
    }

    /// A failed filmstrip: expected, actual, difference and the side-by-side animation (`FilmArtifacts`).
    static func filmstrip(expected: Bitmap, actual: Filmstrip, message: String) -> URL? {
        write(kind: "filmstrip", message: message, actual: try? actual.bitmap.pngData(),
              firstDifference: FilmComparison.firstDifferingTime(expected: expected, actual: actual)) { dir in
            try FilmArtifacts.write(expected: expected, actual: actual, name: "", to: dir, animation: .apng)
        }
    }

    /// A failed frame: expected, actual, difference and the two side by side in one picture.
    static func frame(_ golden: FrameGolden, expected: Bitmap, actual: Bitmap, message: String) -> URL? {
        let strip = Filmstrip(bitmap: actual, times: [golden.time], cells: [(x: 0, y: 0, width: actual.width, height: actual.height)])
        let still = FilmArtifacts.Animation(fileExtension: "png") { frames, _, target, _ in
            guard let first = frames.first else { return false }
            try first.writePNG(to: target.path)
            return true
        }
        return write(kind: "frame", message: message, actual: try? actual.pngData(), firstDifference: golden.time) { dir in
            try FilmArtifacts.write(expected: expected, actual: strip, name: "", to: dir, animation: still)
        }
    }

    /// A failed bitmap (`.image`): expected, actual and the strategy's difference picture (differing pixels in red).
    static func image(expected: Bitmap, actual: Bitmap, difference: Bitmap, message: String) -> URL? {
        write(kind: "image", message: message, actual: try? actual.pngData(), firstDifference: nil) { dir in
            let files = [("expected.png", expected), ("actual.png", actual), ("difference.png", difference)]
            for (name, bitmap) in files { try bitmap.writePNG(to: dir.appendingPathComponent(name).path) }
            return files.map { dir.appendingPathComponent($0.0) }
        }
    }

    /// A reference PNG that cannot be read: its bytes as they are (`expected.png`) and the actual, which accepting
    /// writes over it; no difference and no side-by-side.
    static func unreadable(kind: String, reference: Data, actual: Data?, message: String) -> URL? {
        write(kind: kind, message: message, actual: actual, firstDifference: nil) { dir in
            let files = [("expected.png", reference)] + (actual.map { [("actual.png", $0)] } ?? [])
            for (name, data) in files { try AtomicFile.write(data, to: dir.appendingPathComponent(name)) }
            return files.map { dir.appendingPathComponent($0.0) }
        }
    }

    /// A failed text golden: expected, actual and the differing lines (`difference.txt`).
    static func text<G: FilmTextGolden>(_ golden: G, expected: String, actual: String, message: String) -> URL? {
        write(kind: golden.kind, message: message, actual: Data(actual.utf8),
              firstDifference: FilmComparison.firstDifferingTime(expectedText: expected, actualText: actual)) { dir in
            let files = [("expected.txt", expected), ("actual.txt", actual), ("difference.txt", differingLines(expected, actual))]
            for (name, text) in files { try AtomicFile.write(Data(text.utf8), to: dir.appendingPathComponent(name)) }
            return files.map { dir.appendingPathComponent($0.0) }
        }
    }

    /// Each differing line as `line N`, `- expected`, `+ actual`; at most `shown` of them. Lines are split and
    /// compared as the verdict compares them (`LineReader`, Unicode scalars): a golden with Windows line endings differs
    /// at every line, and each shows its carriage return, escaped as `\r` as every control character is.
    static func differingLines(_ expected: String, _ actual: String, shown: Int = 500) -> String {
        let e = Array(LineReader(expected)), a = Array(LineReader(actual))
        let differing = (0..<max(e.count, a.count)).filter {
            !($0 < e.count ? e[$0] : "").unicodeScalars.elementsEqual(($0 < a.count ? a[$0] : "").unicodeScalars)
        }
        var out = differing.prefix(shown).map { i in
            "line \(i + 1)\n- \(i < e.count ? SafeText.escaped(String(e[i])) : "(end)")\n+ \(i < a.count ? SafeText.escaped(String(a[i])) : "(end)")\n"
        }.joined()
        if differing.count > shown { out += "… \(differing.count - shown) more differing lines\n" }
        return out
    }

    /// Makes the failure's folder, lets `files` fill it, writes the manifest and leaves the failure for the diff
    /// tool to complete; the folder, or nil when it could not be written (the failure is reported all the same).
    private static func write(kind: String, message: String, actual: Data?, firstDifference: Double?,
                              files: (URL) throws -> [URL]) -> URL? {
        guard let actual, let dir = try? makeFolder(kind: kind) else { return nil }
        do {
            let names = Set(try files(dir).map(\.lastPathComponent))
            let ext = FilmFailureManifest.pathExtensions[kind] ?? "png"
            func named(_ stem: String, _ exts: [String]) -> String? { exts.map { "\(stem).\($0)" }.first { names.contains($0) } }
            let manifest = FilmFailureManifest(
                kind: kind, firstDifference: firstDifference, message: message,
                files: .init(expected: "expected.\(ext)", actual: "actual.\(ext)", difference: named("difference", ["png", "txt"]),
                             sideBySide: named("side-by-side", ["apng", "png"])))
            try AtomicFile.write(try manifest.data(), to: dir.appendingPathComponent(FilmFailureManifest.fileName))
            PendingFilmFailure.leave(PendingFilmFailure(folder: dir, manifest: manifest, actual: actual))
            return dir
        } catch {
            return nil
        }
    }

    /// `KIND-` and 12 hexadecimal digits, made with mkdir(2) so that two runs never share one.
    private static func makeFolder(kind: String) throws -> URL {
        try CreationMode.makeWritableFolder(folder)
        var dir = folder
        for _ in 0..<16 {
            let hex = UUID().uuidString.replacingOccurrences(of: "-", with: "").prefix(12).lowercased()
            dir = folder.appendingPathComponent("\(kind)-\(hex)", isDirectory: true)
            if mkdir(dir.path, CreationMode.ownerFolder) == 0 {
                chmod(dir.path, CreationMode.writableFolder)
                return dir
            }
            if errno != EEXIST { break }
        }
        throw RenderError.write("\(dir.path): \(String(cString: strerror(errno)))")
    }
}
