import Foundation
import SpruceBatch
import SpruceJobs
import SpruceScene
import SpruceVideo

/// A batch item's render, as the render command reads and runs it: `plan` reads the item's command line with the
/// render's own parser (`BatchItemPlan` does the rest), `runChild` runs it as a child process.
enum BatchItemRun {
    static func plan(_ item: BatchManifest.Item) -> BatchItemPlan {
        BatchItemPlan(item, version: SpruceForLinux.version, read: read, describe: describe)
    }

    /// The item's command line, parsed as `render` parses it.
    static func read(_ arguments: [String]) throws -> BatchItemRequest {
        let render = try Render.parse(arguments)
        return BatchItemRequest(scene: render.sceneOptions.scene, out: render.out, overrides: try render.recipeOverrides(),
                                outputs: try render.requestedOutputs(),
                                recipe: {
                                    let scene = try SceneLocator.load(render.sceneOptions.scene)
                                    let recipe = try render.recipe(scene)
                                    try ChoreographyOptions.checkRelevance(recipe.overrides, for: recipe.scene.choreography)
                                    return (recipe, scene.url)
                                },
                                filmProblem: { error, sceneFile in
                                    let e = render.playerError(error, sceneFile: sceneFile)
                                    return (e.message, e.code)
                                })
    }

    /// A planning error as the item's problem, with the status `render` would give.
    static func describe(_ error: Error) -> BatchItemProblem {
        switch error {
        case let e as CLIError: return BatchItemProblem(e.message, status: e.code)
        case let bad as RecipeProblem: return BatchItemProblem(bad.usage.message, status: ExitStatus.usage)
        default:
            // `--help` among the flags is a request for the help text, not a render.
            return BatchItemProblem(Render.exitCode(for: error) == .success ? "its flags ask for --help, not a render"
                                        : RenderGif.oneLine(Render.message(for: error)), status: ExitStatus.usage)
        }
    }

    /// Runs `render-gif render …` as a child process (its own memory, its own failure), passing on the signal
    /// `stopSignal` returns (the child removes its temporaries and exits). Returns the exit status (128 + a signal
    /// that killed it) and the child's last error line.
    static func runChild(_ arguments: [String], stopSignal: () -> Int32?) -> (Int32, String?) {
        let outcome: ChildCommand.Outcome
        do {
            outcome = try ChildCommand.run(selfExecutable, ["render"] + arguments + ["--quiet"],
                                           stopGrace: Self.childPatience, stopSignal: stopSignal)
        } catch {
            return (ExitStatus.unavailable, "cannot start \(selfExecutable): \(error)")
        }
        let last = outcome.lastLines.last.map { $0.replacingOccurrences(of: "render-gif: error: ", with: "") }
        return (outcome.status, last ?? (outcome.status == 0 ? nil : "render-gif \(outcome.exit)"))
    }

    /// How long a child has to stop once signalled: its own patience (`Interrupts.patience`) and a second.
    static let childPatience = Interrupts.patience + 1

    /// This program, to run items with exactly the same build.
    static let selfExecutable: String = {
        var buffer = [CChar](repeating: 0, count: 4096)
        let n = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        return n > 0 ? String(cString: buffer) : CommandLine.arguments[0]
    }()
}
