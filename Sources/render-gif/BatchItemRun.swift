import Foundation
import SpruceBatch
import SpruceJobs
import SpruceProcess
import SpruceScene

/// A batch item's render, as the render command reads and runs it: `plan` reads the item's command line with the
/// render's own parser (`BatchItemPlan` does the rest); `BatchChild` runs it.
enum BatchItemRun {
    static func plan(_ item: BatchManifest.Item) -> BatchItemPlan {
        BatchItemPlan(item, version: SpruceForLinux.version, read: read, describe: describe)
    }

    /// The item's command line, parsed as `render` parses it.
    static func read(_ arguments: [String]) throws -> BatchItemRequest {
        let render = try Render.parse(arguments)
        let sceneFile = SceneCatalogue(environment: ProcessInfo.processInfo.environment).file(of: render.sceneOptions.scene)
        return BatchItemRequest(scene: render.sceneOptions.scene, sceneFile: sceneFile, out: render.out, overrides: try render.recipeOverrides(),
                                outputs: try render.requestedOutputs(),
                                recipe: {
                                    let scene = try SceneLocator.load(render.sceneOptions.scene)
                                    let recipe = try render.recipe(scene)
                                    try ChoreographyOptions.checkRelevance(recipe.overrides, for: recipe.scene)
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
}
