import ArgumentParser
import Foundation
import SpruceFilm
import SpruceRender
import SpruceReview
import SpruceScene
import SpruceVideo

/// `--curves curves.png|svg [--views a,b]`: how each animated property moves over the entrance.
struct CurvesOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Also write a motion curves chart (PNG, or SVG when the name ends in .svg): each animated "
                               + "property (opacity, scale, rotation, position) of each view over time, 0 where it starts, "
                               + "1 where it rests, so a spring's overshoot shows above 1.0; dots mark starts, ticks settling.",
                               valueName: "file.png|svg"), completion: .file(extensions: ["png", "svg"]))
    var curves: String?

    @Option(help: ArgumentHelp("Motion curves of these views only (ids, comma-separated; default every animated view).",
                               valueName: "id,id"))
    var views: String?

    var viewList: [String]? {
        views.map { $0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty } }
    }

    func check() throws {
        if views != nil, curves == nil { throw CLIError.usage("--views chooses the views of --curves, so it needs --curves out.png") }
        if let views, viewList?.isEmpty != false { throw CLIError.usage("--views: no view ids in \"\(views)\"") }
        if let curves, !["png", "svg"].contains(URL(fileURLWithPath: curves).pathExtension.lowercased()) {
            throw CLIError.usage("--curves: writes PNG or SVG, so the path must end in .png or .svg, got \"\(curves)\"")
        }
        // Its target is checked with every other output (`OutputPlan`: 73, named like the others).
    }

    /// The ids exist in the film (before anything is rendered).
    func check(film: Film) throws {
        guard curves != nil, let ids = viewList else { return }
        let known = film.timings.map(\.view)
        for id in ids where !known.contains(id) {
            throw CLIError.usage(Names.unknown(id, flag: "--views", allowed: Array(known.prefix(12)) + (known.count > 12 ? ["…"] : [])))
        }
    }

    func output(title: String, scale: CGFloat, cancellation: RenderCancellation) -> FilmOutput {
        .motionCurves(views: viewList, title: title, scale: scale, cancellation: cancellation)
    }
}
