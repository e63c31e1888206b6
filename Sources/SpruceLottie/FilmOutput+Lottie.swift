import Foundation
import SpruceFilm
import SpruceRender
import SpruceVideo

extension FilmOutput {
    /// The film as a Lottie (Bodymovin JSON) file: `try film.write(to: url, as: .lottie())`. Written beside the
    /// target, read back and parsed (layer and frame counts checked) before it replaces anything. `report`
    /// receives the export's figures (layers, keyframes against one per frame).
    public static func lottie(cancellation: RenderCancellation? = nil, report: ((LottieExport) -> Void)? = nil) -> FilmOutput {
        FilmOutput { film, url in
            let export = try LottieExport(film: film, cancellation: cancellation)
            try export.write(to: url)
            report?(export)
        }
    }
}

extension LottieExport {
    /// Writes the file beside `url`, reads it back and parses it, then renames it into place.
    public func write(to url: URL) throws {
        try AtomicFile.write(to: url) { temporary in
            try AtomicFile.fill(temporary, with: data, for: url)
            try LottieReadBack.check(temporary, against: self)
        }
    }
}

/// The written file parsed again: a JSON object with the layers and the frame range the export made.
enum LottieReadBack {
    static func check(_ url: URL, against export: LottieExport) throws {
        let data = try Data(contentsOf: url)
        guard data == export.data,
              let object = try JSONSerialization.jsonObject(with: data) as? [String: Any],
              let layers = object["layers"] as? [Any], layers.count == export.layers,
              let op = object["op"] as? NSNumber, op.intValue == export.frameCount
        else { throw RenderError.write("\(url.path): the Lottie file read back does not match what was written") }
    }
}
