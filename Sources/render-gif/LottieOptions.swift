import ArgumentParser
import Foundation

/// `--lottie film.json` (or `--out film.json`): the film as a Lottie file for apps and the web (docs/Lottie.md);
/// `RenderJob` exports and writes it.
struct LottieOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Also write the film as a Lottie (Bodymovin JSON) file for iOS, Android and web players; "
                               + "--out x.json does the same. Springs are baked as keyframes within half a pixel "
                               + "(docs/Lottie.md).", valueName: "file.json"), completion: .file(extensions: ["json"]))
    var lottie: String?

    /// The Lottie path and what is left of `--out`: an `--out` ending in `.json` is the Lottie file.
    /// With `--format`, `--out` is that format whatever its name.
    func split(out: String?, format: String?) throws -> (out: String?, lottie: String?) {
        guard let out, format == nil, (out as NSString).pathExtension.lowercased() == "json" else { return (out, lottie) }
        if lottie != nil { throw CLIError.usage("--out \(out) already writes a Lottie file; leave out --lottie or give --out a video") }
        return (nil, out)
    }
}
