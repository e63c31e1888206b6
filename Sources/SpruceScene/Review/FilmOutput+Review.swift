import Foundation
import SpruceFilm
import SpruceRender
import SpruceVideo

extension FilmOutput {
    /// A contact sheet (PNG) of the film: the moments `sampling` picks (by default frames of the motion) in a
    /// grid `width` points wide under `title`.
    public static func contactSheet(sampling: SheetSampling = .motion(count: ContactSheet.defaultFrames), columns: Int? = nil,
                                    width: CGFloat = ContactSheet.defaultWidth, title: String? = nil,
                                    scale: CGFloat = 1, cancellation: RenderCancellation? = nil) -> FilmOutput {
        FilmOutput { film, url in
            var sheet = try ContactSheet(film: film, sampling: sampling, columns: columns, title: title, cancellation: cancellation)
            sheet.width = width
            sheet.scale = scale
            let bitmap = try sheet.render()
            if cancellation?.isCancelled == true { throw VideoError.cancelled }
            try bitmap.writePNG(to: url.path)
        }
    }

    /// A timing chart (PNG) of the film's entrance: a bar per view beside the layout map.
    public static func timingChart(title: String? = nil, scale: CGFloat = 1) -> FilmOutput {
        FilmOutput { film, url in
            var chart = TimingChart(film: film, title: title)
            chart.scale = scale
            try chart.render().writePNG(to: url.path)
        }
    }
}
