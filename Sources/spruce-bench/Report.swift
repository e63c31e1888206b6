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
        print("| scene | size | frames MP4 / GIF | render-only fps (1 thread) | render-only fps (\(cores) threads) | MP4 s (fps) | encoder-only MP4 s | MP4 / encoder | GIF s (fps) | encoder-only GIF s | GIF / encoder | MP4 CPU s: end-to-end / encoder-only | peak RSS MP4 / GIF (MiB) | ffmpeg peak RSS (MiB) |")
        print("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|")
        for scene in scenes {
            try row(scene, cores: cores)
        }
        if long {
            print("\nFlat memory: peak RSS of the bench's child process (not ffmpeg) for a short and a one-minute film.\n")
            print("| scene | output | frames | wall s | peak RSS (MiB) |")
            print("|---|---|---|---|---|")
            for (scene, output) in [("example", "mp4"), ("example-60s", "mp4"), ("readme", "gif"), ("readme-60s", "gif")] {
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
            try (0..<repeats).map { _ in
                let cpu = childrenCPUSeconds()
                var m = try Child.measure(arguments)
                m["cpu"] = "\(childrenCPUSeconds() - cpu)"
                return m
            }
        }
        func med(_ runs: [[String: String]], _ key: String) -> Double { median(runs.compactMap { Double($0[key] ?? "") }) }

        let render1 = try many([scene, "render", "1"]), renderN = try many([scene, "render", "\(cores)"])
        let mp4 = try many([scene, "mp4"]), gif = try many([scene, "gif"])
        let frames = [mp4[0]["frames"], gif[0]["frames"]].compactMap { $0 }.joined(separator: " / "), size = render1[0]["size"] ?? ""
        var encoderCPU: [String: Double] = [:]
        let (mp4Encoder, gifEncoder) = try encoderOnly(scene, &encoderCPU)
        let mp4CPU = med(mp4, "cpu"), mp4EncoderCPU = encoderCPU["mp4"] ?? .nan
        let mp4s = med(mp4, "seconds"), gifs = med(gif, "seconds")
        print("| \(scene) | \(size) | \(frames) | \(format(med(render1, "fps"), 0)) | \(format(med(renderN, "fps"), 0)) "
              + "| \(format(mp4s, 2)) (\(format(med(mp4, "fps"), 0))) | \(format(mp4Encoder, 2)) | \(format(mp4s / mp4Encoder, 2))× "
              + "| \(format(gifs, 2)) (\(format(med(gif, "fps"), 0))) | \(format(gifEncoder, 2)) | \(format(gifs / gifEncoder, 2))× "
              + "| \(format(mp4CPU, 1)) / \(format(mp4EncoderCPU, 1)) = \(format(mp4CPU / mp4EncoderCPU, 2))× "
              + "| \(format(med(mp4, "rss"))) / \(format(med(gif, "rss"))) | \(format(med(mp4, "childRSS"))) / \(format(med(gif, "childRSS"))) |")
    }

    /// The same frames, already in a file, through ffmpeg with the pipeline's exact arguments (median seconds).
    private func encoderOnly(_ scene: String, _ encoderCPU: inout [String: Double]) throws -> (mp4: Double, gif: Double) {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("spruce-bench-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let raw = dir.appendingPathComponent("frames.raw").path
        let renderer = VideoRenderer(options: BenchOptions.video())
        func time(_ output: OutputFormat, _ ext: String) throws -> Double {
            let gif = output == .gif
            _ = try Child.measure([scene, "raw", raw] + (gif ? ["gif"] : []))
            let format = try BenchScene.player(scene, forGIF: gif).frameSource().format
            let passes = renderer.encoderPasses(format: format, output: output, path: dir.appendingPathComponent("out.\(ext)").path,
                                                palette: dir.appendingPathComponent("palette.png").path, rawFrames: raw)
            // Read the file once first so every timed run finds it in the page cache.
            warm(raw)
            defer { try? FileManager.default.removeItem(atPath: raw) }
            var cpu: [Double] = []
            let wall = median(try (0..<repeats).map { _ in
                let before = childrenCPUSeconds()
                defer { cpu.append(childrenCPUSeconds() - before) }
                return try timed { for p in passes { try Child.run(Child.ffmpeg, p) } }
            })
            encoderCPU[ext] = median(cpu)
            return wall
        }
        return (try time(.mp4, "mp4"), try time(.gif, "gif"))
    }

    private func warm(_ path: String) {
        guard let file = fopen(path, "rb") else { return }
        defer { fclose(file) }
        var chunk = [UInt8](repeating: 0, count: 1 << 20)
        while fread(&chunk, 1, chunk.count, file) > 0 {}
    }

    private func loadAverage() -> String {
        (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8))?.split(separator: " ").prefix(3).joined(separator: " ") ?? "?"
    }
}
