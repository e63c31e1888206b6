import Foundation
import SpruceVideo

/// The video options every measurement uses: the library's defaults, except an x264 preset and CRF chosen with
/// `--preset` and `--crf` (handed to the child processes through the environment, so the pipeline and the
/// encoder-only run always agree).
enum BenchOptions {
    static let presetVariable = "SPRUCE_BENCH_PRESET"
    static let crfVariable = "SPRUCE_BENCH_CRF"

    /// `--crf` of either command line: x264's CRF, 0…51, checked here (a child reading a bad one would fall back to
    /// the default and measure another encoding than was asked).
    static func setCRF(_ text: String) throws {
        _ = try wholeNumber(text, "--crf", in: 0...51, fallback: 0)
        setenv(crfVariable, text, 1)
    }

    static func video() -> VideoOptions {
        var options = VideoOptions()
        let environment = ProcessInfo.processInfo.environment
        if let preset = environment[presetVariable] { options.preset = preset }
        if let crf = environment[crfVariable].flatMap({ Int($0) }) { options.crf = crf }
        return options
    }
}
