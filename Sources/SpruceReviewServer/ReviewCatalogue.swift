import Foundation
import SpruceFilm
import SpruceRender
import SpruceScene

/// The scenes of a review: every scene of the paths given played once against its goldens (in a goldens folder
/// given, or `goldens/` beside each scene, as `render-gif test` finds them), and those that differ or have no
/// goldens kept as `ReviewItem`s, worst first. Items are found by id only; accepting writes only the item's own
/// goldens, into its goldens folder.
public final class ReviewCatalogue: @unchecked Sendable {
    public let items: [ReviewItem]
    /// Scenes played, and how many of them match their goldens.
    public let scenesChecked: Int
    /// Scenes that could not be played, with why (shown above the list).
    public let problems: [String]

    /// Plays every scene of `paths` on `threads` threads. Throws `SceneGoldenRunError` when there is no scene or
    /// two scenes would share goldens, and when a goldens folder is not one.
    public init(paths: [String], goldens: String?, threads: Int = ProcessInfo.processInfo.activeProcessorCount) throws {
        var run = SceneGoldenRun(paths: paths)
        run.goldens = goldens
        let scenes: [URL], names: [URL: String]
        do {
            scenes = try SceneGoldenSuite.scenes(in: paths)
            names = try SceneGoldenSuite.lineNames(scenes, goldensFolder: run.folder(of:), uniqueNames: false)
        } catch let problem as SceneGoldenSuiteProblem {
            if case .sharedGoldens = problem { throw SceneGoldenRunError.clash("\(problem)") }
            throw SceneGoldenRunError.noScenes(problem)
        }
        for folder in Set(scenes.map { run.folder(of: $0).path }).sorted() {
            do { try FilmGoldens.checkFolder(folder) } catch let problem as FilmGoldensFolderProblem {
                throw SceneGoldenRunError.goldensFolder("the goldens folder '\(folder)': \(problem)")
            }
        }
        let results = try FilmGoldens.parallel(scenes.count, threads: threads) { i -> Result<ReviewItem, Error> in
            let scene = scenes[i]
            let folder = run.folder(of: scene)
            return Result {
                try ReviewItem(id: Self.id(of: scene), name: names[scene] ?? scene.lastPathComponent, scene: scene, folder: folder,
                               film: try SceneGoldenRun.film(of: scene), goldens: FilmGoldens(folder: folder))
            }
        }
        var items: [ReviewItem] = [], problems: [String] = []
        for (scene, result) in zip(scenes, results) {
            switch result {
            case .success(let item): if item.differs { items.append(item) }
            case .failure(let error): problems.append("\(SafeText.escaped(scene.path)): \(SafeText.escaped("\(error)"))")
            }
        }
        self.items = items.sorted { a, b in a.severity != b.severity ? a.severity > b.severity : a.name < b.name }
        scenesChecked = scenes.count
        self.problems = problems
    }

    /// An item by its id; nil for any other text.
    public func item(_ id: String) -> ReviewItem? { items.first { $0.id == id } }

    /// `s` and 16 hex digits of the FNV-1a hash of the scene's path: the same scene has the same id every launch,
    /// and the id says nothing of where the scene is.
    static func id(of scene: URL) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in scene.standardizedFileURL.path.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return "s" + String(hash, radix: 16).leftPadded(to: 16)
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String { String(repeating: "0", count: max(0, width - count)) + self }
}
