import Foundation
import SpruceFilm
import SpruceJobs
import SpruceScene
import SpruceVideo

/// What a front end reads of one item's render command line (`--scene SCENE --out OUT` and the item's arguments):
/// the scene and out it names, the recipe's overrides, the outputs, and its own ways of loading the scene and of
/// wording a film that cannot be made, as it does for one render.
public struct BatchItemRequest {
    public var scene: String
    /// The scene file `scene` names, whether it exists yet or not; nil for a built-in scene.
    public var sceneFile: URL?
    public var out: String?
    public var overrides: FilmOverrides
    public var outputs: RenderOutputs
    /// The scene the request names, loaded, and the recipe made of it, checked as for one render.
    public var recipe: () throws -> (recipe: FilmRecipe, sceneFile: URL?)
    /// A film that cannot be made of the recipe (`SceneFilm`'s error, the scene file): its message and exit status.
    public var filmProblem: (Error, URL?) -> (message: String, status: Int32)

    public init(scene: String, sceneFile: URL? = nil, out: String?, overrides: FilmOverrides, outputs: RenderOutputs,
                recipe: @escaping () throws -> (recipe: FilmRecipe, sceneFile: URL?),
                filmProblem: @escaping (Error, URL?) -> (message: String, status: Int32)) {
        (self.scene, self.sceneFile, self.out, self.overrides, self.outputs) = (scene, sceneFile, out, overrides, outputs)
        (self.recipe, self.filmProblem) = (recipe, filmProblem)
    }
}

/// Why an item cannot run, found while it is planned: the message and the exit status its render would give.
public struct BatchItemProblem: Error, Equatable {
    public let message: String
    public let status: Int32
    public init(_ message: String, status: Int32) { (self.message, self.status) = (message, status) }
}

extension BatchRunner {
    /// Exit statuses a render gives (sysexits): a bad flag, bad data, an input that cannot be read, a program that
    /// cannot be started.
    public static let usage: Int32 = 64
    public static let dataError: Int32 = 65
    public static let noInput: Int32 = 66
    public static let unavailable: Int32 = 69
}

/// One batch item made ready to run: its render command line, read by the front end (so a bad flag is the item's
/// failure, before anything runs), the film's frame count (the sharding weight), the stamp that says whether its
/// output is up to date, and the files it writes and reads (`BatchCollisions`).
public struct BatchItemPlan {
    public let item: BatchManifest.Item
    /// What follows the command name on the item's render command line.
    public var arguments: [String] = []
    public var frames = 0
    public var stamp: RenderStamp?
    public var problem: BatchItemProblem?
    /// Every file the item writes (its out, timing file, sheet, …) by its label, and reads (its scene file and
    /// images), as given. An item whose scene file is missing or cannot be loaded still reads that file: no other
    /// item may write it, whatever is on disk when the batch is planned.
    public var writes: [(label: String, path: String)] = []
    public var reads: [String] = []

    /// `read` is the front end's reading of a command line; `describe` words any error it throws (or one of the
    /// recipe's) as the item's problem; `version` goes into the stamp.
    public init(_ item: BatchManifest.Item, version: String, read: ([String]) throws -> BatchItemRequest,
                describe: (Error) -> BatchItemProblem) {
        self.item = item
        guard item.problem == nil else { problem = BatchItemProblem(item.problem ?? "", status: BatchRunner.dataError); return }
        arguments = ["--scene", item.scene, "--out", item.out] + item.arguments
        do {
            try plan(version: version, read: read)
        } catch let e as BatchItemProblem {
            problem = e
        } catch {
            problem = describe(error)
        }
    }

    private mutating func plan(version: String, read: ([String]) throws -> BatchItemRequest) throws {
        // A recipe field given both as a field and in the flags would leave one of them unused.
        if !item.overrides.setFields.isEmpty, !item.flags.isEmpty {
            let flagged = try read(["--scene", item.scene, "--out", item.out] + item.flags)
            if let field = flagged.overrides.setFields.first(where: item.overrides.setFields.contains) {
                throw BatchItemProblem("`\(field)` is given both as a field and in its flags; give it once", status: BatchRunner.dataError)
            }
        }
        let request = try read(arguments)
        // However its flags spell it, the item renders its own scene into its own out.
        guard request.out == item.out, request.scene == item.scene else {
            throw BatchItemProblem("its flags name another scene or out; the item's scene and out give them", status: BatchRunner.usage)
        }
        // An item's standard output goes nowhere: the code would be lost while the item reports it rendered.
        if request.outputs.printSwift {
            throw BatchItemProblem("--print-swift prints to standard output, which a batch item does not have; "
                                   + "run `render-gif --print-swift` on its own", status: BatchRunner.usage)
        }
        writes = request.outputs.labelledFiles
        reads = [request.sceneFile?.path].compactMap { $0 }
        let (recipe, sceneFile) = try request.recipe()
        let document = recipe.scene
        reads = [sceneFile?.path].compactMap { $0 } + document.imageInputs.map(\.url.path)
        let applied: SceneDocument
        do { applied = try recipe.document() } catch let bad as RecipeProblem { throw RenderJobError.recipe(bad) }
        // The sharding weight: the frame count at the rate the render plays (a quality preset's rate aside).
        let fps = recipe.framesPerSecond(request.outputs.format?.frameRatePolicy ?? .video)
        do { frames = try SceneFilm(document: applied, framesPerSecond: fps).film.frameCount } catch {
            let (message, status) = request.filmProblem(error, sceneFile)
            throw BatchItemProblem(message, status: status)
        }
        let bytes = try sceneFile.map { try Data(contentsOf: $0) }
        // An image that cannot be read fails the item here, as the render would.
        let images = try applied.imageInputs.map { input in
            do { return try Data(contentsOf: input.url) } catch {
                throw BatchItemProblem("the image of \(input.place) '\(input.url.path)' cannot be read", status: BatchRunner.noInput)
            }
        }
        stamp = RenderStamp(version: version, scene: item.scene, sceneBytes: bytes, out: item.out, images: images, flags: item.arguments)
    }

    /// What the batch runner needs of it: the report entry so far, the stamp, or the problem.
    public var job: BatchRunner.Job {
        BatchRunner.Job(entry: BatchReport.Entry(index: item.index, scene: item.scene, out: item.out, status: .failed, frames: frames, seconds: 0),
                        stamp: stamp, problem: problem.map { ($0.message, $0.status) }, writes: writes.map(\.path))
    }
}
