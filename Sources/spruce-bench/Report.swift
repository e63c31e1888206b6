import Foundation
import SpruceScene
import SpruceVideo

/// The whole benchmark: every case in a child process, printed as Markdown tables.
struct Report {
    var scenes = BenchScene.names
    var repeats = 1
    var long = true
    var engine = true

    func run() throws {
        let cores = ProcessInfo.processInfo.activeProcessorCount
        let options = BenchOptions.video()
        print("spruce-bench: \(cores) cores, repeats \(repeats) (median), load \(loadAverage()), "
              + "MP4 x264 preset \(options.preset) CRF \(options.crf)\n")
        print("| scene | size | frames MP4 / GIF | render-only fps, 1 / \(cores) threads | render-only fps, every frame drawn whole "
              + "| MP4 s | encoder-only MP4 s: file / pipe "
              + "| MP4 ÷ encoder-only: file / pipe | GIF s | encoder-only GIF s: file / pipe | GIF ÷ encoder-only: file / pipe "
              + "| our CPU ms a frame, ffmpeg apart: MP4 / GIF | encoder waited for our frames, s: MP4 / GIF | pixels redrawn "
              + "| MP4 CPU s: end-to-end / encoder-only | peak RSS MP4 / GIF (MiB) | ffmpeg peak RSS (MiB) |")
        print("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|")
        for scene in scenes {
            try row(scene, cores: cores)
        }
        if long {
            print("\nFlat memory: peak RSS of the bench's child process (not ffmpeg) for a short and a one-minute film.\n")
            print("| scene | output | frames | wall s | peak RSS (MiB) |")
            print("|---|---|---|---|---|")
            for (scene, output) in [("example", "mp4"), ("example-60s", "mp4"), ("example-4k", "mp4"), ("example-4k-60s", "mp4"),
                                    ("readme", "gif"), ("readme-60s", "gif")] {
                let m = try Child.measure([scene, output])
                print("| \(scene) | \(output.uppercased()) | \(m["frames"] ?? "") | \(format(Double(m["seconds"] ?? "") ?? .nan, 2)) | \(format(Double(m["rss"] ?? "") ?? .nan)) |")
            }
        }
        if engine {
            print("\nEngine scale (in the bench process):\n")
            print("| measurement | result |")
            print("|---|---|")
            for figure in EngineScale.sorts() {
                print("| sort 100,000 views, \(figure.name) | \(format(figure.seconds * 1000)) ms |")
            }
            let clock = try EngineScale.clock()
            print("| clock: advance \(clock.views) animating views, per frame | \(format(clock.advanceMs, 2)) ms |")
            print("| draw those \(clock.views) views at 1920×1080, per frame | \(format(clock.drawMs, 2)) ms |")
        }
    }

    private func row(_ scene: String, cores: Int) throws {
        func many(_ arguments: [String]) throws -> [[String: String]] {
            try (0..<repeats).map { _ in try Child.measure(arguments) }
        }
        func med(_ runs: [[String: String]], _ key: String) -> Double { median(runs.compactMap { Double($0[key] ?? "") }) }

        let render1 = try many([scene, "render", "1"]), renderN = try many([scene, "render", "\(cores)"])
        let renderFull = try many([scene, "render-full", "1"])
        let mp4 = try output(scene, .mp4), gif = try output(scene, .gif)
        let frames = "\(mp4.frames) / \(gif.frames)", size = render1[0]["size"] ?? ""
        func cells(_ o: OutputFigures) -> String {
            "\(format(o.seconds, 2)) | \(format(o.fromFile, 2)) / \(format(o.throughPipe, 2)) "
                + "| **\(o.ratioToFile.text(2))** / \(o.ratioToPipe.text(2))"
        }
        print("| \(scene) | \(size) | \(frames) | \(format(med(render1, "fps"), 0)) / \(format(med(renderN, "fps"), 0)) "
              + "| \(format(med(renderFull, "fps"), 0)) | \(cells(mp4)) | \(cells(gif)) "
              + "| \(format(mp4.ownCPU * 1000 / Double(mp4.frames), 2)) / \(format(gif.ownCPU * 1000 / Double(gif.frames), 2)) "
              + "| \(format(mp4.waited, 2)) / \(format(gif.waited, 2)) | \(format(mp4.redrawn * 100, 0)) % "
              + "| \(format(mp4.cpu, 1)) / \(format(mp4.fromFileCPU, 1)) = \(format(mp4.cpu / mp4.fromFileCPU, 2))× "
              + "| \(format(mp4.rss)) / \(format(gif.rss)) | \(format(mp4.ffmpegRSS)) / \(format(gif.ffmpegRSS)) |")
    }

    struct OutputFigures {
        var frames = 0
        /// Medians: end-to-end, encoder-only reading a file, encoder-only fed from memory through the pipe.
        var seconds = 0.0, fromFile = 0.0, throughPipe = 0.0
        /// End-to-end ÷ encoder-only, run by run (each end-to-end run against the encoder-only runs of its own
        /// round), so that a machine whose speed drifts during the set moves both sides of every ratio alike.
        var ratioToFile = Spread([]), ratioToPipe = Spread([])
        /// CPU seconds (user + system, ours and ffmpeg's) end-to-end and encoder-only from the file.
        var cpu = 0.0, fromFileCPU = 0.0
        var rss = 0.0, ffmpegRSS = 0.0
        /// Medians of the end-to-end runs: our process's own CPU seconds (user + system, ffmpeg apart), the
        /// seconds the encoder's stdin waited for frames still being drawn, the share of pixels redrawn.
        var ownCPU = 0.0, waited = 0.0, redrawn = 0.0
    }

    /// One round of `output`: its three runs' wall seconds and our process's CPU seconds in the end-to-end run.
    struct Round {
        let index: Int, frames: Int
        let seconds: Double, fromFile: Double, throughPipe: Double, ownCPU: Double
    }

    /// End-to-end renders and both encoder-only limits, interleaved run by run so that a change in the machine's
    /// load hits all three alike. The encoder-only runs get the very frames the pipeline sends (drawn and packed
    /// once, beforehand) and exactly its ffmpeg arguments (`VideoRenderer.encoderPasses`):
    /// - from a file: ffmpeg reads the raw file from the page cache (it is read once before timing);
    /// - through the pipe: the frames, mapped into memory beforehand, are written to ffmpeg's stdin through the
    ///   pipeline's own pipe, one `write(2)` a frame (`VideoRenderer.encode(rawFrames:...)`).
    ///
    /// `eachRound` is told each round's figures as soon as the round is measured (`ratios --runs`).
    func output(_ scene: String, _ output: OutputFormat, eachRound: (Round) throws -> Void = { _ in }) throws -> OutputFigures {
        let gif = output == .gif, ext = gif ? "gif" : "mp4"
        let scratch = try BenchScratch("spruce-bench-\(getpid())", folder: true)
        defer { scratch.remove() }
        let dir = scratch.url
        let raw = dir.appendingPathComponent("frames.raw").path
        _ = try Child.measure([scene, "raw", raw] + (gif ? ["gif"] : []))
        let source = try BenchScene.player(scene, forGIF: gif).frameSource(), format = source.format
        let renderer = VideoRenderer(options: BenchOptions.video())
        let passes = try renderer.encoderPasses(
            source: source, output: output, path: dir.appendingPathComponent("out.\(ext)").path,
            palette: dir.appendingPathComponent("palette.png").path, rawFrames: raw)
        renderer.rawFramePaths(source, output: output, path: raw).forEach(warm)

        var ends: [[String: String]] = [], fromFile: [Double] = [], piped: [Double] = [], cpu: [Double] = [], fileCPU: [Double] = []
        let runs: [() throws -> Void] = [
            {
                let before = childrenCPUSeconds()
                ends.append(try Child.measure([scene, ext]))
                cpu.append(childrenCPUSeconds() - before)
            },
            {
                let before = childrenCPUSeconds()
                fromFile.append(try timed { for p in passes { try Child.run(Child.ffmpeg, p) } })
                fileCPU.append(childrenCPUSeconds() - before)
            },
            { piped.append(Double(try Child.measure([scene, "feed", raw] + (gif ? ["gif"] : []))["seconds"] ?? "") ?? .nan) },
        ]
        // Each round starts with another of the three, so that none is always the one that follows the others (a
        // run leaves the page cache, the memory it freed and the processor's clock to the next).
        for round in 0..<repeats {
            for k in 0..<runs.count { try runs[(round + k) % runs.count]() }
            func end(_ key: String) -> Double { Double(ends[round][key] ?? "") ?? .nan }
            try eachRound(Round(index: round, frames: format.frameCount, seconds: end("seconds"), fromFile: fromFile[round],
                                throughPipe: piped[round], ownCPU: end("ownCPU")))
        }
        func med(_ key: String) -> Double { median(ends.compactMap { Double($0[key] ?? "") }) }
        let seconds = ends.map { Double($0["seconds"] ?? "") ?? .nan }
        return OutputFigures(frames: format.frameCount, seconds: med("seconds"), fromFile: median(fromFile),
                             throughPipe: median(piped),
                             ratioToFile: Spread(zip(seconds, fromFile).map { $0 / $1 }),
                             ratioToPipe: Spread(zip(seconds, piped).map { $0 / $1 }),
                             cpu: median(cpu), fromFileCPU: median(fileCPU),
                             rss: med("rss"), ffmpegRSS: med("childRSS"),
                             ownCPU: med("ownCPU"), waited: med("encoderWaited"), redrawn: med("redrawn"))
    }

    private func warm(_ path: String) {
        guard let file = fopen(path, "rb") else { return }
        defer { fclose(file) }
        var chunk = [UInt8](repeating: 0, count: 1 << 20)
        while fread(&chunk, 1, chunk.count, file) > 0 {}
    }

    func loadAverage() -> String {
        (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8))?.split(separator: " ").prefix(3).joined(separator: " ") ?? "?"
    }
}
