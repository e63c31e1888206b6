import ArgumentParser

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

}
