import Foundation
import SpruceFilm
import SpruceRender

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
            try write(sheet, to: url)
        }
    }

    /// A contact sheet made beforehand, its moments chosen and its size checked (`ContactSheet.checkSize`), so
    /// that choosing does not read the film's motion a second time. It shows the film it was made of, whatever
    /// film it is written for.
    public static func contactSheet(_ sheet: ContactSheet) -> FilmOutput {
        FilmOutput { _, url in try write(sheet, to: url) }
    }

    private static func write(_ sheet: ContactSheet, to url: URL) throws {
        let bitmap = try sheet.render()
        try sheet.cancellation?.throwIfCancelled()
        try bitmap.writePNG(to: url.path)
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
