import Foundation
import SpruceRender

/// The failed film goldens in an artifacts folder (`SNAPSHOT_ARTIFACTS`, else the temporary folder, of the test run):
/// each in its own folder `ARTIFACTS/SpruceFilmDiffs/ID/` with `manifest.json` (`FilmFailureManifest`) and the files
/// it names. `list` reads them, bounded and without trusting them; `accept` writes one failure's actual into the
/// snapshot file it was compared with. Rejecting a failure is leaving it: nothing here changes a golden otherwise.
public struct FilmFailures: Sendable {
    /// The folder of the artifacts folder that holds one folder per failure.
    public static let folderName = "SpruceFilmDiffs"
    /// At most this many failure folders are read by `list` (in name order), and manifests of at most this size.
    public static let maximumFailures = 1000
    public static let maximumManifestBytes = 64 << 10
    /// The largest actual or snapshot file read (a text golden is at most 64 MiB; a PNG strip of the largest
    /// picture the program reads back fits too).
    public static let maximumGoldenBytes = 256 << 20

    /// The artifacts folder (the one `SNAPSHOT_ARTIFACTS` names).
    public var artifacts: URL
    public init(artifacts: URL) { self.artifacts = artifacts }

    /// `ARTIFACTS/SpruceFilmDiffs`.
    public var folder: URL { artifacts.appendingPathComponent(Self.folderName, isDirectory: true) }

    /// Every failure found, in name order; a folder whose manifest is missing, too large or not one this library
    /// writes is skipped, with its reason. A missing artifacts folder has no failures.
    public func list() -> FilmFailureList {
        var list = FilmFailureList()
        guard FileKind.of(folder.path, followLinks: false) == .directory,
              let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return list }
        let sorted = names.sorted()
        list.truncated = sorted.count > Self.maximumFailures
        for name in sorted.prefix(Self.maximumFailures) {
            do { list.failures.append(try failure(id: name)) } catch let error as FilmFailureError {
                list.skipped.append(.init(name: SafeText.escaped(name), reason: error.reason))
            } catch {
                list.skipped.append(.init(name: SafeText.escaped(name), reason: "\(error)"))
            }
        }
        return list
    }

    /// The failure with identifier `id`, read and checked now.
    public func failure(id: String) throws -> FilmFailure {
        guard Self.isIdentifier(id) else { throw FilmFailureError.noSuchFailure(id: id) }
        let dir = folder.appendingPathComponent(id, isDirectory: true)
        switch FileKind.of(dir.path, followLinks: false) {
        case .directory: break
        case .missing: throw FilmFailureError.noSuchFailure(id: id)
        case let kind: throw FilmFailureError.malformed(id: id, reason: "\(kind.article), not a folder")
        }
        let manifestURL = dir.appendingPathComponent(FilmFailureManifest.fileName)
        let manifest = try Self.readManifest(manifestURL, id: id)
        try Self.check(manifest, in: dir, id: id)
        return FilmFailure(id: id, manifest: manifest, folder: dir)
    }

    /// Letters, digits, `-` and `_`, 1 to 64 of them: a folder name that cannot step out of `folder`.
    static func isIdentifier(_ id: String) -> Bool {
        (1...64).contains(id.utf8.count) && id.utf8.allSatisfy { c in
            (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5A) || (c >= 0x61 && c <= 0x7A) || c == 0x2D || c == 0x5F
        }
    }

    static func readManifest(_ url: URL, id: String) throws -> FilmFailureManifest {
        guard FileKind.of(url.path, followLinks: false) == .regular else {
            let kind = FileKind.of(url.path, followLinks: false)
            throw FilmFailureError.malformed(id: id, reason: kind == .missing ? "no manifest.json" : "manifest.json is \(kind.article)")
        }
        let data: Data
        do { data = try RegularFile.contents(of: url.path, maximumBytes: maximumManifestBytes) } catch let problem as RegularFile.Problem {
            throw FilmFailureError.malformed(id: id, reason: "manifest.json: \(problem.words)")
        }
        guard data.count <= maximumManifestBytes else {
            throw FilmFailureError.malformed(id: id, reason: "manifest.json: more than \(maximumManifestBytes) bytes")
        }
        do { return try JSONDecoder().decode(FilmFailureManifest.self, from: data) } catch {
            throw FilmFailureError.malformed(id: id, reason: "manifest.json is not a film failure manifest")
        }
    }

    /// The fields a page shows or `accept` uses: a known format and kind, plain file names that are regular files
    /// in the folder, an actual of the kind's extension, and an absolute snapshot path.
    static func check(_ manifest: FilmFailureManifest, in dir: URL, id: String) throws {
        func fail(_ reason: String) -> FilmFailureError { .malformed(id: id, reason: reason) }
        guard manifest.format == FilmFailureManifest.currentFormat else { throw fail("manifest format \(manifest.format), not \(FilmFailureManifest.currentFormat)") }
        guard let ext = FilmFailureManifest.pathExtensions[manifest.kind] else { throw fail("unknown kind \(SafeText.escaped(manifest.kind))") }
        for name in manifest.files.all {
            guard isPlainName(name) else { throw fail("the file name \(SafeText.escaped(name)) is not a plain name") }
            let kind = FileKind.of(dir.appendingPathComponent(name).path, followLinks: false)
            guard kind == .regular else { throw fail("\(SafeText.escaped(name)) is \(kind == .missing ? "missing" : kind.article)") }
        }
        guard (manifest.files.actual as NSString).pathExtension == ext else { throw fail("the actual is not a .\(ext) file") }
        if let snapshot = manifest.snapshot, !snapshot.hasPrefix("/") {
            throw fail("the snapshot path \(SafeText.escaped(snapshot)) is not absolute")
        }
    }

    /// A name of a file in the same folder: no separator, not `.` or `..`, no control character.
    static func isPlainName(_ name: String) -> Bool {
        !name.isEmpty && name.utf8.count <= 255 && name != "." && name != ".." && !name.contains("/")
            && !name.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F }
    }
}

extension FilmFailureError {
    /// The reason alone, for a skipped folder listed under its name.
    var reason: String {
        switch self {
        case .noSuchFailure: "not a failure folder name"
        case .malformed(_, let reason), .notAcceptable(_, let reason), .cannotWrite(_, let reason): reason
        }
    }
}
