import Foundation
import SpruceVideo

/// The quick form of the benchmark: only end-to-end ÷ encoder-only, the figure the pipeline is judged by, for MP4
/// and GIF of a few scenes, each with its own number of interleaved runs (medians):
///
///     spruce-bench ratios                                   # example ×3 and example-4k ×1, MP4 and GIF
///     spruce-bench ratios --scenes example:5 --outputs mp4
///     spruce-bench ratios --scenes example-4k:61 --outputs mp4 --runs 4k.tsv   # and each round into a run log
///
/// Each row runs the film end-to-end, ffmpeg alone reading the same frames from a file, and ffmpeg fed them from
/// memory through the pipeline's pipe, run after run (`Report.output`). On a quiet 2-core machine the default
/// takes about five minutes, most of it the 4K GIF's palette passes.
struct Ratios {
    var scenes: [(name: String, runs: Int)] = [("example", 3), ("example-4k", 1)]
    var outputs: [OutputFormat] = [.mp4, .gif]
    /// `--runs FILE`: the run log each round is appended to (`RunLog`), for `spruce-bench pool`.
    var runLog: String?

    init(_ arguments: [String]) throws {
        var i = 0
        while i < arguments.count {
            switch arguments[i] {
            case "--scenes":
                scenes = try optionList(arguments, &i).map { item in
                    let parts = item.split(separator: ":", maxSplits: 1)
                    let runs = try wholeNumber(parts.count == 2 ? String(parts[1]) : nil, "'\(item)': runs", in: 1...99, fallback: 1)
                    return (try BenchScene.checked(String(parts[0])), runs)
                }
            case "--outputs":
                outputs = try optionList(arguments, &i).map { name in
                    switch name {
                    case "mp4": return .mp4
                    case "gif": return .gif
                    default: throw BenchError("unknown output '\(name)' (mp4, gif)")
                    }
                }
            case "--preset": setenv(BenchOptions.presetVariable, try optionValue(arguments, &i), 1)
            case "--crf": try BenchOptions.setCRF(try optionValue(arguments, &i))
            case "--runs": runLog = try optionValue(arguments, &i)
            default:
                throw BenchError("unknown option '\(arguments[i])' (ratios: --scenes name:runs,…, --outputs mp4,gif, --preset p, --crf n, --runs file)")
            }
            i += 1
        }
    }

    func run() throws {
        let start = now()
        let options = BenchOptions.video()
        // Opened first: a log that cannot take the runs is refused before anything is measured.
        let log = try runLog.map { try RunLog.Writer(path: $0) }
        let set = Self.setName()
        print("spruce-bench ratios: \(ProcessInfo.processInfo.activeProcessorCount) cores, load \(Report().loadAverage()) "
              + "at the start, MP4 x264 preset \(options.preset) CRF \(options.crf); target ≤ 1.05×\n")
        print("| scene | output | frames | runs | end-to-end s | encoder-only s: file / pipe | end-to-end ÷ encoder-only: file / pipe "
              + "| file ratio's median, 95 % interval | our CPU ms a frame, ffmpeg apart | encoder waited for our frames, s | CPU s: end-to-end / encoder-only | pixels redrawn |")
        print("|---|---|---|---|---|---|---|---|---|---|---|---|")
        for (scene, runs) in scenes {
            var report = Report()
            report.repeats = runs
            for output in outputs {
                let o = try report.output(scene, output) { round in
                    try log?.append(RunRecord(set: set, build: BuildIdentity.current, scene: scene,
                                              output: output == .gif ? "gif" : "mp4", frames: round.frames,
                                              round: round.index, seconds: round.seconds, fromFile: round.fromFile,
                                              throughPipe: round.throughPipe, ownCPU: round.ownCPU))
                }
                print("| \(scene) | \(output == .gif ? "GIF" : "MP4") | \(o.frames) | \(runs) | \(format(o.seconds, 2)) "
                      + "| \(format(o.fromFile, 2)) / \(format(o.throughPipe, 2)) "
                      + "| **\(o.ratioToFile.text(3))** / \(o.ratioToPipe.text(3)) | \(o.ratioToFile.intervalText(3)) "
                      + "| \(format(o.ownCPU * 1000 / Double(o.frames), 2)) | \(format(o.waited, 2)) "
                      + "| \(format(o.cpu, 1)) / \(format(o.fromFileCPU, 1)) | \(format(o.redrawn * 100, 0)) % |")
            }
        }
        print("\nA ratio's median is under the target with 95 % confidence when the top of its interval is under 1.05× "
              + "(from 6 runs on; the runs taken as independent).")
        print("\(format(now() - start, 0)) s in all; load \(Report().loadAverage()) at the end")
        if let runLog { print("Each round was appended to \(runLog) (set \(set)); `spruce-bench pool \(runLog)` pools its sets.") }
    }

    /// The set's name in a run log: when it started (UTC) and this process, e.g. `20261128T021500Z-4242`.
    static func setName() -> String {
        var t = time(nil), parts = tm()
        gmtime_r(&t, &parts)
        var text = [CChar](repeating: 0, count: 32)
        strftime(&text, text.count, "%Y%m%dT%H%M%SZ", &parts)
        return String(cString: text) + "-\(getpid())"
    }
}
