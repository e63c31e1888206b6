import Foundation
import SpruceVideo

/// The video options every measurement uses: the library's defaults, except an x264 preset and CRF chosen with
/// `--preset` and `--crf` (handed to the child processes through the environment, so the pipeline and the
/// encoder-only run always agree).
enum BenchOptions {
    static let presetVariable = "SPRUCE_BENCH_PRESET"
    static let crfVariable = "SPRUCE_BENCH_CRF"

    static func video() -> VideoOptions {
        var options = VideoOptions()
        let environment = ProcessInfo.processInfo.environment
        if let preset = environment[presetVariable] { options.preset = preset }
        if let crf = environment[crfVariable].flatMap({ Int($0) }) { options.crf = crf }
        return options
    }
}
