import Foundation
import SpruceFilm
import SprucePreviewModel
import SpruceRender
import SpruceScene
import SpruceVideo

/// The page's Export button: the film now playing written as GIF, MP4 or PNG into the export folder, through
/// `Film.write(to:as:)` — the command line's atomic outputs (a temporary beside the target, renamed when
/// complete). `check` refuses a target before any work; `render-gif preview` passes its `OutputPlan`, which
/// also refuses to overwrite the scene file or its images. An existing file of the export's name is replaced only when
/// the request says so (`replace`, after the page asked).
public struct PreviewExport: Sendable {
    public let folder: URL
    public let check: @Sendable (URL) throws -> Void
    public let cancellation: RenderCancellation

    public init(folder: URL, cancellation: RenderCancellation = RenderCancellation(), check: @escaping @Sendable (URL) throws -> Void) {
        (self.folder, self.cancellation, self.check) = (folder, cancellation, check)
    }

    public static let formats = ["gif", "mp4", "png"]

    /// Writes and returns the path written.
    public func write(_ film: PreviewFilm, _ request: PreviewExportRequest) throws -> String {
        let format = request.format.lowercased()
        guard Self.formats.contains(format) else { throw PreviewError.badRequest("format must be gif, mp4 or png, got \"\(request.format)\"") }
        guard (request.name as NSString).pathExtension.lowercased() == format else {
            throw PreviewError.badRequest("the name must end in .\(format), got \"\(request.name)\"")
        }
        let target = try PathGuard.exportTarget(request.name, in: folder)
        do { try check(target) } catch let e as PreviewError { throw e } catch { throw PreviewError.export("\(error)") }
        var status = stat()
        if request.replace != true, lstat(target.path, &status) == 0 {
            throw PreviewError.exists("\(request.name) already exists in the export folder")
        }
        do {
            switch format {
            case "png":
                if let t = request.time, !(t.isFinite && t >= 0 && t <= film.film.duration) {
                    throw PreviewError.badRequest("time must be 0…\(film.film.duration) s")
                }
                try film.film.write(to: target, as: .png(at: request.time, cancellation: cancellation))
            default:
                var options = VideoOptions()
                options.format = format == "gif" ? .gif : .mp4
                options.cancellation = cancellation
                options.threadCount = 1
                // A scene without its own rate is exported at the output's default rate, as the CLI does (GIF: 50 fps).
                var exported = film.film
                let fps = FilmRecipe(scene: film.player.document).framesPerSecond(options.format?.frameRatePolicy ?? .video)
                if fps != film.film.framesPerSecond {
                    exported = try SceneFilm(document: film.player.document, framesPerSecond: fps).film
                }
                try exported.write(to: target, as: .video(options))
            }
        } catch let e as PreviewError {
            throw e
        } catch {
            throw PreviewError.export("\(error)")
        }
        return target.path
    }
}
