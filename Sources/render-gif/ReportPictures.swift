import Foundation
import SpruceFilm
import SpruceRender

/// Where `render-gif test --report r.html` puts its pictures: `r.files/`, a folder of files render-gif owns like a
/// folder of frames (`AtomicOutput`): it goes only where nothing is, into an empty folder or into one an earlier
/// report made (it lists its files), and only the pictures that report wrote are ever replaced or removed. The
/// pictures are made in the output's hidden temporary beside it, registered as a temporary, and moved in only when
/// the run ends with a report: an interrupted or failed run leaves neither its pictures nor a mix of old and new.
struct ReportPictures {
    let output: AtomicOutput
    /// `r.files/`, and the hidden folder the pictures are made in.
    var folder: URL { output.target }
    var scratch: URL { output.temporary }

    /// The flag that names the folder in messages and in the output plan.
    static let flag = "--report's pictures"

    /// `r.files` for `r.html`.
    static func folder(of report: String) -> String {
        URL(fileURLWithPath: report).deletingPathExtension().appendingPathExtension("files").path
    }

    init(report: String) throws {
        do {
            output = try AtomicOutput.prepare(target: URL(fileURLWithPath: Self.folder(of: report)), isDirectory: true, fileExtension: "")
        } catch let e as AtomicOutputError {
            throw CLIError(message: "\(Self.flag): \(e)", code: ExitStatus.cannotCreate)
        }
    }

    /// Moves every picture into `folder` (an earlier report's pictures go; files it did not write stay), and points
    /// the outcomes at their new places. With no pictures and no folder yet, no folder is made.
    func commit(_ outcomes: inout [FilmGoldens.Outcome]) throws {
        let moving = outcomes.flatMap(\.artifacts)
        guard !moving.isEmpty || FileKind.of(folder.path) != .missing else { return discard() }
        do { try output.commit() } catch {
            discard()
            throw CLIError(message: "\(Self.flag): \(error)", code: ExitStatus.ioError)
        }
        for i in outcomes.indices {
            outcomes[i].artifacts = outcomes[i].artifacts.map { folder.appendingPathComponent($0.lastPathComponent) }
        }
    }

    func discard() { output.discard() }
}
