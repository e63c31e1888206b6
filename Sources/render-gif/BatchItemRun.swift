import Foundation
import SpruceBatch
import SpruceScene
import SpruceVideo

/// One batch item made ready to run: its `render` command line, parsed by the render command's own parser (so a
/// bad flag is the item's failure, before anything runs), the film's frame count (the sharding weight) and the
/// stamp that says whether its output is up to date.
struct BatchItemRun {
    let item: BatchManifest.Item
    var arguments: [String] = []
    var frames = 0
    var stamp: RenderStamp?
    var problem: String?
    /// The exit status `render` would give for the problem (the report's `exitStatus`): 64 for flags, 65 for the
    /// scene's or the manifest's data, 66 for a file that cannot be read, 73 for outputs that collide.
    var problemStatus = ExitStatus.usage
    /// Every file the item writes (its out, --timing, --sheet, …) and reads (its scene file and images), as given.
    var writes: [(flag: String, path: String)] = []
    var reads: [String] = []

    init(_ item: BatchManifest.Item) {
        self.item = item
        guard item.problem == nil else { (problem, problemStatus) = (item.problem, ExitStatus.dataError); return }
        arguments = ["--scene", item.scene, "--out", item.out] + item.arguments
        do {
            // A recipe field given both as a field and in the flags would leave one of them unused.
            if !item.overrides.setFields.isEmpty, !item.flags.isEmpty {
                let flagged = try Render.parse(["--scene", item.scene, "--out", item.out] + item.flags)
                if let field = try flagged.recipeOverrides().setFields.first(where: item.overrides.setFields.contains) {
                    throw CLIError(message: "`\(field)` is given both as a field and in its flags; give it once", code: ExitStatus.dataError)
                }
            }
            let render = try Render.parse(arguments)
            // However its flags spell it, the item renders its own scene into its own out.
            guard render.out == item.out, render.sceneOptions.scene == item.scene else {
                throw CLIError(message: "its flags name another scene or out; the item's scene and out give them", code: ExitStatus.usage)
            }
            writes = try render.writtenFiles().compactMap { flag, path in path.map { (flag, $0) } }
            let scene = try SceneLocator.load(render.sceneOptions.scene)
            reads = [scene.url?.path].compactMap { $0 } + scene.document.imageInputs.map(\.url.path)
            let recipe = try render.recipe(scene)
            let document = try render.document(recipe)
            // The sharding weight: the frame count at the rate the render plays (a --quality preset's rate aside).
            let policy = (try? render.encoding.outputFormat(for: item.out))?.frameRatePolicy ?? .video
            let fps = recipe.framesPerSecond(policy)
            do { frames = try SceneFilm(document: document, framesPerSecond: fps).film.frameCount } catch {
                throw render.playerError(error, scene: scene)
            }
            let bytes = try scene.url.map { try Data(contentsOf: $0) }
            // An image that cannot be read fails the item here, as the render would.
            let images = try document.imageInputs.map { input in
                do { return try Data(contentsOf: input.url) } catch {
                    throw CLIError(message: "the image of \(input.place) '\(input.url.path)' cannot be read", code: ExitStatus.noInput)
                }
            }
            stamp = RenderStamp(version: SpruceForLinux.version, scene: item.scene, sceneBytes: bytes, out: item.out,
                                images: images, flags: item.arguments)
        } catch let e as CLIError {
            (problem, problemStatus) = (e.message, e.code)
        } catch {
            // `--help` among the flags is a request for the help text, not a render.
            problem = Render.exitCode(for: error) == .success ? "its flags ask for --help, not a render"
                : RenderGif.oneLine(Render.message(for: error))
        }
    }

    /// What the batch runner needs of it: the report entry so far, the stamp, or the problem.
    var job: BatchRunner.Job {
        BatchRunner.Job(entry: BatchReport.Entry(index: item.index, scene: item.scene, out: item.out, status: .failed, frames: frames, seconds: 0),
                        stamp: stamp, problem: problem.map { ($0, problemStatus) })
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
