import Foundation
import SpruceRender

extension FilmFailures {
    /// Accepts failure `id`: its actual becomes the snapshot file its manifest names, written beside that file,
    /// read back and compared, then renamed over it; returns the file written. The manifest is outside input, so the
    /// target must be an existing regular file (not a link) of the golden's extension inside a `__Snapshots__`
    /// folder, named by an absolute path without `.` or `..`; the actual must be a golden of its kind (a PNG that
    /// decodes, UTF-8 text). Anything else throws `FilmFailureError` and changes nothing.
    @discardableResult
    public func accept(id: String) throws -> URL {
        let failure = try failure(id: id)
        let target = try Self.target(of: failure)
        let data = try Self.acceptedBytes(of: failure)
        do {
            try AtomicFile.write(to: target) { temporary in
                try AtomicFile.fill(temporary, with: data, for: target)
                guard (try? RegularFile.contents(of: temporary.path, maximumBytes: data.count)) == data else {
                    throw FilmFailureError.cannotWrite(id: id, reason: "the file written beside the snapshot did not read back the same")
                }
            }
        } catch let error as FilmFailureError {
            throw error
        } catch {
            throw FilmFailureError.cannotWrite(id: id, reason: "\(error)")
        }
        return target
    }

    /// The snapshot file, its folder's links resolved, once it is shown to be one accepting may replace.
    static func target(of failure: FilmFailure) throws -> URL {
        func refuse(_ reason: String) -> FilmFailureError { .notAcceptable(id: failure.id, reason: reason) }
        guard let snapshot = failure.manifest.snapshot else {
            throw refuse("the test run did not name the snapshot file it compared with")
        }
        let shown = SafeText.escaped(snapshot)
        let components = (snapshot as NSString).pathComponents
        guard snapshot.hasPrefix("/"), !components.contains("."), !components.contains("..") else {
            throw refuse("\(shown) is not an absolute path without . or ..")
        }
        let kind = FileKind.of(snapshot, followLinks: false)
        guard kind == .regular else { throw refuse("\(shown) is \(kind == .missing ? "not there" : kind.article + ", not a snapshot file")") }
        let url = URL(plainPath: snapshot)
        let ext = FilmFailureManifest.pathExtensions[failure.manifest.kind] ?? ""
        guard url.pathExtension == ext else { throw refuse("\(shown) is not a .\(ext) file") }
        guard let resolved = realpath(url.deletingLastPathComponent().path, nil) else { throw refuse("the folder of \(shown) is not there") }
        defer { free(resolved) }
        let folder = URL(plainPath: String(cString: resolved), isDirectory: true)
        guard folder.pathComponents.contains("__Snapshots__") else { throw refuse("\(shown) is not in a __Snapshots__ folder") }
        return folder.appendingPathComponent(url.lastPathComponent)
    }

    /// The actual's bytes, once they are a golden of the failure's kind.
    static func acceptedBytes(of failure: FilmFailure) throws -> Data {
        func refuse(_ reason: String) -> FilmFailureError { .malformed(id: failure.id, reason: reason) }
        let data: Data
        do { data = try RegularFile.contents(of: failure.actual.path, maximumBytes: maximumGoldenBytes) } catch let problem as RegularFile.Problem {
            throw refuse("the actual: \(problem.words)")
        }
        guard data.count <= maximumGoldenBytes else { throw refuse("the actual: more than \(maximumGoldenBytes) bytes") }
        if FilmFailureManifest.pathExtensions[failure.manifest.kind] == "png" {
            guard (try? Bitmap(pngData: data)) != nil else { throw refuse("the actual is not a PNG this library reads") }
        } else {
            guard String(data: data, encoding: .utf8) != nil else { throw refuse("the actual is not UTF-8 text") }
        }
        return data
    }
}
