import Foundation
import Spruce
import SpruceFilm
import SpruceScene

/// `spruce-bench goldens [N]`: the time to record and to check the filmstrip, timing and motion goldens of N
/// scenes (variants of the README grid: every sort, corner, delay and damping), as `render-gif test` does, on
/// every core.
enum GoldenBench {
    static func run(count: Int) throws {
        let base = try SceneParser.load(contentsOf: BenchScene.repository.appendingPathComponent("fixtures/scenes/grid.json"))
        let sorts: [SortSpec.Name] = [.cornered, .linear, .radial, .snake, .inline, .default]
        let corners: [Corner] = [.topLeft, .topRight, .bottomLeft, .bottomRight]
        let films: [(String, Film)] = try (0..<count).map { i in
            var d = base
            let corner = corners[(i / sorts.count) % corners.count], delay = 0.02 + 0.005 * Double(i % 5)
            d.choreography.sort = SortSpec(sorts[i % sorts.count], keeping: d.choreography.sort.parameters + [.corner(corner), .delay(delay)])
            d.choreography.damping = 0.45 + 0.05 * Double(i % 4)
            return ("scene-\(i)", try SceneFilm(document: d, framesPerSecond: FrameRatePolicy.golden.framesPerSecond).film)
        }
        let scratch = try BenchScratch("spruce-golden-bench-\(getpid())", folder: false)
        defer { scratch.remove() }
        let folder = scratch.url
        let goldens = FilmGoldens(folder: folder)
        let threads = ProcessInfo.processInfo.activeProcessorCount
        let record = try timed(films, threads: threads) { try goldens.record($0.1, name: $0.0) }
        let check = try timed(films, threads: threads) { try goldens.check($0.1, name: $0.0, artifacts: nil) }
        guard check.outcomes.allSatisfy(\.passed) else { throw BenchError("a freshly recorded golden did not pass") }
        print("""

            ### Golden tests: \(count) scenes (README grid variants, 464×464, 8-frame filmstrip, timing, motion every 0.05 s)

            | step | wall seconds | CPU seconds | CPU / \(threads) cores | per scene (wall) |
            | --- | --- | --- | --- | --- |
            | record | \(format(record.seconds, 2)) | \(format(record.cpu, 2)) | \(format(record.cpu / Double(threads), 2)) | \(format(1000 * record.seconds / Double(count), 0)) ms |
            | check | \(format(check.seconds, 2)) | \(format(check.cpu, 2)) | \(format(check.cpu / Double(threads), 2)) | \(format(1000 * check.seconds / Double(count), 0)) ms |

            \(threads) threads, one scene each at a time. On a busy machine the wall time grows; CPU / cores is the \
            wall time the same work takes on idle cores.
            """)
    }

    static func timed(_ films: [(String, Film)], threads: Int,
                      _ body: @escaping ((String, Film)) throws -> FilmGoldens.Outcome) throws
        -> (seconds: Double, cpu: Double, outcomes: [FilmGoldens.Outcome]) {
        let start = now(), cpu = ownCPUSeconds()
        let outcomes = try FilmGoldens.parallel(films.count, threads: threads) { try body(films[$0]) }
        return (now() - start, ownCPUSeconds() - cpu, outcomes)
    }
}
