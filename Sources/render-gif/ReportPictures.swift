import Foundation
import SpruceFilm
import SpruceRender

/// Where `render-gif test --report r.html` makes its pictures: a hidden folder beside the report, registered as a
/// temporary, whose files move into `r.files/` only when the run ends with a report. An interrupted or failed run
/// leaves neither its pictures nor a mix of old and new ones in `r.files/`.
struct ReportPictures {
    /// `r.files/`, and the hidden folder the pictures are made in.
    let folder: URL
    let scratch: URL

    init(report: String) throws {
        let url = URL(fileURLWithPath: report)
        folder = url.deletingPathExtension().appendingPathExtension("files")
        scratch = url.deletingLastPathComponent().appendingPathComponent(".\(folder.lastPathComponent)-\(getpid())-\(UUID().uuidString.prefix(8))")
        do {
            try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: false)
        } catch {
            throw CLIError(message: "--report: cannot create a folder beside '\(report)' for its pictures: \((error as NSError).localizedDescription)",
                           code: ExitStatus.cannotCreate)
        }
        TemporaryFiles.shared.add(scratch.path)
    }

    /// Moves every picture into `folder` (replacing the same names, as a report run before wrote them), and points
    /// the outcomes at their new places.
    func commit(_ outcomes: inout [FilmGoldens.Outcome]) throws {
        defer { discard() }
        let moving = outcomes.flatMap(\.artifacts)
        guard !moving.isEmpty else { return }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for picture in moving {
            guard rename(picture.path, folder.appendingPathComponent(picture.lastPathComponent).path) == 0 else {
                throw CLIError(message: "--report: cannot move \(picture.lastPathComponent) into '\(folder.path)': \(String(cString: strerror(errno)))",
                               code: ExitStatus.ioError)
            }
        }
        for i in outcomes.indices {
            outcomes[i].artifacts = outcomes[i].artifacts.map { folder.appendingPathComponent($0.lastPathComponent) }
        }
    }

    func discard() {
        try? FileManager.default.removeItem(at: scratch)
        TemporaryFiles.shared.remove(scratch.path)
    }
}
