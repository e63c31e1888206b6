import ArgumentParser
import SpruceReview

/// How a contact sheet samples the film and lays it out; `ReviewOutputs` checks the numbers.
struct SheetOptions: ParsableArguments {
    @Option(name: .customLong("sheet-frames"),
            parsing: .unconditional,
            help: ArgumentHelp("Frames on the contact sheet, 2…200, spread over where something moves (the entrance, the exit), "
                               + "not the holds (default \(ContactSheet.defaultFrames)).", valueName: "n"), transform: DecimalArgument.parse)
    var frames: Double?

    @Option(name: .customLong("sheet-every"),
            parsing: .unconditional,
            help: ArgumentHelp("Instead: a frame every SECONDS through each part where something moves.", valueName: "seconds"), transform: DecimalArgument.parse)
    var every: Double?

    @Option(name: .customLong("sheet-times"),
            parsing: .unconditional,
            help: ArgumentHelp("Instead: exactly these moments of the film, e.g. 0,0.1,0.25 (seconds, 1…200 of them).",
                               valueName: "t1,t2,…"))
    var times: String?

    @Option(name: .customLong("sheet-columns"),
            parsing: .unconditional,
            help: ArgumentHelp("Thumbnails per row, 1…200 (default: rows of up to 6, as even as possible).", valueName: "n"), transform: DecimalArgument.parse)
    var columns: Double?

    @Option(name: .customLong("sheet-width"),
            parsing: .unconditional,
            help: ArgumentHelp("Width of the sheet in pixels, 320…16384 (default \(Int(ContactSheet.defaultWidth)) points at the "
                               + "scene's scale); the thumbnails grow to fill it and the title wraps to fit it.", valueName: "pixels"), transform: DecimalArgument.parse)
    var width: Double?
}
