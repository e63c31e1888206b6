import Foundation
import SpruceFilm
import SpruceRender

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
    /// Only what is checked is decoded: `JSONDecoder` scans the whole file (any syntax error fails) but builds no
    /// objects for the layers' insides. `JSONSerialization` built them all: 400 MB for a 6 MB file of 2,500 layers.
    private struct Summary: Decodable {
        var op: Double
        var layers: [Layer]
        struct Layer: Decodable {
            init(from decoder: Decoder) throws {}
        }
    }

    /// The frame count (`op`) and the number of layers of a Lottie file's bytes; nil when they are not JSON of
    /// that shape.
    static func summary(_ data: Data) -> (frames: Double, layers: Int)? {
        guard let s = try? JSONDecoder().decode(Summary.self, from: data) else { return nil }
        return (s.op, s.layers.count)
    }

    static func check(_ url: URL, against export: LottieExport) throws {
        let data = try Data(contentsOf: url)
        guard data == export.data, let summary = summary(data),
              summary.layers == export.layers, summary.frames == Double(export.frameCount)
        else { throw RenderError.write("\(url.path): the Lottie file read back does not match what was written") }
    }
}
