import ArgumentParser
import Foundation
import SpruceFilm
import SpruceLottie
import SpruceRender
import SpruceScene
import SpruceVideo

/// `--lottie film.json` (or `--out film.json`): the film as a Lottie file for apps and the web (docs/Lottie.md).
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

    /// The export, made before any output is written (one pass over the film): a view Lottie cannot carry is
    /// exit 65 naming the view and the property, a film too large for it (views × frames) exit 65 before it is read,
    /// and nothing is written.
    static func export(_ film: Film, flag: String, cancellation: RenderCancellation) throws -> LottieExport {
        RenderPhase.enter("lottie", cancellation: cancellation)
        do { return try LottieExport(film: film, cancellation: cancellation) } catch let e as LottieExportError {
            throw CLIError(message: "\(flag): \(e)", code: ExitStatus.dataError)
        } catch let e as LottieExportSizeError {
            throw CLIError(message: "\(flag): \(e)", code: ExitStatus.dataError)
        }
    }

    /// Writes atomically (read back before the rename); prints the keyframe figures on stderr when it is a
    /// terminal and not `--quiet`, like the progress bar (scripts get silence).
    static func write(_ export: LottieExport, to path: String, flag: String, quiet: Bool) throws {
        do { try export.write(to: URL(fileURLWithPath: path)) } catch {
            throw CLIError(message: "\(flag): \(error)", code: ExitStatus.ofFailedOutput(error))
        }
        if !quiet, isatty(2) == 1 { FileHandle.standardError.write(Data("render-gif: lottie: \(export.summary)\n".utf8)) }
    }
}
