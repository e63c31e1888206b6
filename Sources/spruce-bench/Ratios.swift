import Foundation
import SpruceVideo

/// The quick form of the benchmark: only end-to-end ÷ encoder-only, the figure the pipeline is judged by, for MP4
/// and GIF of a few scenes, each with its own number of interleaved runs (medians):
///
///     spruce-bench ratios                                   # example ×3 and example-4k ×1, MP4 and GIF
///     spruce-bench ratios --scenes example:5 --outputs mp4
///
/// Each row runs the film end-to-end, ffmpeg alone reading the same frames from a file, and ffmpeg fed them from
/// memory through the pipeline's pipe, run after run (`Report.output`). On a quiet 2-core machine the default
/// takes about five minutes, most of it the 4K GIF's palette passes.
struct Ratios {
    var scenes: [(name: String, runs: Int)] = [("example", 3), ("example-4k", 1)]
    var outputs: [OutputFormat] = [.mp4, .gif]

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
            default:
                throw BenchError("unknown option '\(arguments[i])' (ratios: --scenes name:runs,…, --outputs mp4,gif, --preset p, --crf n)")
            }
            i += 1
        }
    }

    func run() throws {
        let start = now()
        let options = BenchOptions.video()
        print("spruce-bench ratios: \(ProcessInfo.processInfo.activeProcessorCount) cores, load \(Report().loadAverage()) "
              + "at the start, MP4 x264 preset \(options.preset) CRF \(options.crf); target ≤ 1.05×\n")
        print("| scene | output | frames | runs | end-to-end s | encoder-only s: file / pipe | end-to-end ÷ encoder-only: file / pipe "
              + "| file ratio's median, 95 % interval | our CPU ms a frame, ffmpeg apart | encoder waited for our frames, s | CPU s: end-to-end / encoder-only | pixels redrawn |")
        print("|---|---|---|---|---|---|---|---|---|---|---|---|")
        for (scene, runs) in scenes {
            var report = Report()
            report.repeats = runs
            for output in outputs {
                let o = try report.output(scene, output)
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
    }
}
