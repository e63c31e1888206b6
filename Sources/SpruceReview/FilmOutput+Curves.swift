import Foundation
import SpruceFilm
import SpruceRender

extension FilmOutput {
    /// The motion curves chart of the film's entrance: SVG when the target ends in `.svg`, else PNG.
    /// `views`: the ids to plot (nil: every animated view).
    public static func motionCurves(views: [String]? = nil, title: String? = nil, scale: CGFloat = 1,
                                    cancellation: RenderCancellation? = nil) -> FilmOutput {
        FilmOutput { film, url in
            var chart = try MotionCurves(film: film, views: views, title: title, cancellation: cancellation)
            chart.scale = scale
            if url.pathExtension.lowercased() == "svg" {
                try AtomicFile.write(Data(chart.drawing().svg().utf8), to: url)
            } else {
                try chart.render().writePNG(to: url.path)
            }
        }
    }
}
