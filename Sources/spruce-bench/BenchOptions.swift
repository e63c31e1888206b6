import Foundation
import SpruceVideo

/// The video options every measurement uses: the library's defaults, except an x264 preset chosen with
/// `--preset` (handed to the child processes through the environment, so the pipeline and the encoder-only run
/// always agree).
enum BenchOptions {
    static let presetVariable = "SPRUCE_BENCH_PRESET"

    static func video() -> VideoOptions {
        var options = VideoOptions()
        if let preset = ProcessInfo.processInfo.environment[presetVariable] { options.preset = preset }
        return options
    }
}
