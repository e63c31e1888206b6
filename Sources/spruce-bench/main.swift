import Foundation

// spruce-bench                       the full benchmark (Markdown tables on stdout)
// spruce-bench --quick               skips the one-minute films
// spruce-bench --scenes example,readme --repeat 3 --no-engine
// spruce-bench --preset veryfast     x264 preset for the MP4 rows instead of the default (passed to the children)
// spruce-bench --crf 23              x264 CRF likewise
// spruce-bench ratios [--scenes example:3,example-4k:1] [--outputs mp4,gif] [--runs log.tsv]   end-to-end ÷ encoder-only only (Ratios)
// spruce-bench pool log.tsv …       the runs of run logs pooled across their sets (Pool)
// spruce-bench goldens [N]          time to record and check the goldens of N scenes (default 100)
// spruce-bench case <scene> <mode> [argument]    one measurement in this process (see CaseRunner)
setvbuf(stdout, nil, _IOLBF, 0)  // rows appear as they are measured, even through a pipe
let arguments = Array(CommandLine.arguments.dropFirst())
do {
    try BenchInterrupts.install()
    if arguments.first == "case" {
        try CaseRunner.run(Array(arguments.dropFirst()))
    } else if arguments.first == "ratios" {
        try Ratios(Array(arguments.dropFirst())).run()
    } else if arguments.first == "pool" {
        try Pool.run(Array(arguments.dropFirst()))
    } else if arguments.first == "goldens" {
        try GoldenBench.run(count: try wholeNumber(arguments.dropFirst().first, "goldens", in: 1...10_000, fallback: 100))
    } else {
        var report = Report()
        var i = 0
        while i < arguments.count {
            switch arguments[i] {
            case "--quick": report.long = false
            case "--no-engine": report.engine = false
            case "--scenes": report.scenes = try optionList(arguments, &i).map { try BenchScene.checked(String($0)) }
            case "--preset": setenv(BenchOptions.presetVariable, try optionValue(arguments, &i), 1)
            case "--crf": try BenchOptions.setCRF(try optionValue(arguments, &i))
            case "--repeat": report.repeats = try wholeNumber(try optionValue(arguments, &i), "--repeat", in: 1...99, fallback: 1)
            default:
                throw BenchError("unknown option '\(arguments[i])' (--quick, --no-engine, --scenes a,b, --repeat n, --preset p, --crf n, case …)")
            }
            i += 1
        }
        try report.run()
    }
} catch {
    BenchInterrupts.yieldToTheHandler()  // a failure a signal caused is reported as the interruption
    FileHandle.standardError.write(Data("spruce-bench: \(error)\n".utf8))
    exit(1)
}
