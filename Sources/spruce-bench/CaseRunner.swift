import Foundation
import SpruceFilm
import SpruceRender
import SpruceScene
import SpruceVideo

/// One measurement, run in its own process so that its peak memory is its own:
/// `spruce-bench case <scene> <mode> [argument]`, printing `key=value` pairs on one line.
///
/// Modes: `render <threads> [frames]` draws every frame (only what changed, as the pipeline does) and discards
/// it, `render-full` draws each whole; `mp4 [threads]`, `gif [threads]` render a file through the
/// pipeline; `raw <file> [gif]` writes the packed frames once for the encoder-only runs (a GIF's palette pass's to
/// `<file>.palette`); `feed <file> [gif]` maps
/// them into memory and times ffmpeg fed through the pipeline's pipe; `hash <threads>` prints a
/// hash of every frame in order (`hash-full`: every frame drawn whole).
enum CaseRunner {
    static func run(_ arguments: [String]) throws {
        guard arguments.count >= 2 else { throw BenchError("usage: spruce-bench case <scene> <mode> [argument]") }
        if arguments[0] == "engine" {
            // `case engine clock [frames]` / `case engine sort`: the engine-scale figures alone (for profiling; a
            // test runs the clock's scene for one frame).
            if arguments[1] == "clock" {
                let frames = try wholeNumber(arguments.dropFirst(2).first, "frames", in: 1...1000, fallback: 30)
                let c = try EngineScale.clock(frames: frames)
                print("views=\(c.views) advanceMs=\(c.advanceMs) drawMs=\(c.drawMs)")
            } else {
                for f in EngineScale.sorts() { print("\(f.name)=\(f.seconds)") }
            }
            return
        }
        // GIF cases (and the raw frames for the GIF encoder-only run) use a GIF-compatible frame rate.
        let forGIF = arguments[1] == "gif" || arguments.dropFirst(3).first == "gif"
        let player = try BenchScene.player(arguments[0], forGIF: forGIF)
        let source = try player.frameSource()
        let format = source.format
        var result: [(String, String)] = [("frames", "\(format.frameCount)"), ("size", "\(format.width)x\(format.height)")]
        let extra = arguments.count > 2 ? arguments[2] : nil
        let threadRange = 1...1024
        switch arguments[1] {
        case "render", "render-full":
            let threads = try wholeNumber(extra, "threads", in: threadRange, fallback: 1)
            // An optional frame limit keeps profiler runs (callgrind) short.
            let limit = try wholeNumber(arguments.dropFirst(3).first, "frames", in: 1...format.frameCount, fallback: format.frameCount)
            let seconds = try renderOnly(source, threads: threads, frames: limit, incremental: arguments[1] == "render")
            result += [("seconds", "\(seconds)"), ("fps", "\(Double(limit) / seconds)")]
        case "mp4", "gif":
            let scratch = try BenchScratch("spruce-bench-\(getpid()).\(arguments[1])", folder: false)
            defer { scratch.remove() }
            let out = scratch.url
            var options = BenchOptions.video()
            options.threadCount = try wholeNumber(extra, "threads", in: threadRange, fallback: options.threadCount)  // default: all cores
            let seconds = try timed { try VideoRenderer(options: options).render(source, to: out) }
            let bytes = (try? FileManager.default.attributesOfItem(atPath: out.path)[.size] as? Int) ?? 0
            result += [("seconds", "\(seconds)"), ("fps", "\(Double(format.frameCount) / seconds)"), ("bytes", "\(bytes)"),
                       ("encoderWaited", "\(PipelineStatistics.consumerWaitSeconds)"), ("redrawn", "\(PipelineStatistics.redrawnShare)"), ("packed", "\(PipelineStatistics.packedShare)"),
                       ("byHelpers", "\(PipelineStatistics.framesByHelpers)")]
        case "hash", "hash-full":
            let threads = try wholeNumber(extra, "threads", in: threadRange, fallback: 1)
            result += [("hash", String(try hashAll(source, threads: threads, incremental: arguments[1] == "hash"), radix: 16))]
        case "feed":
            guard let path = extra else { throw BenchError("feed needs a file") }
            let seconds = try feed(path, source: source, output: forGIF ? .gif : .mp4)
            result += [("seconds", "\(seconds)")]
        case "raw":
            guard let path = extra else { throw BenchError("raw needs a file") }
            // Half-written frames are removed if this is interrupted; finished ones are the caller's.
            let renderer = VideoRenderer(options: BenchOptions.video()), output: OutputFormat = forGIF ? .gif : .mp4
            let written = renderer.rawFramePaths(source, output: output, path: path)
            written.forEach(TemporaryFiles.shared.add)
            try renderer.writeRawFrames(source, output: output, to: path)
            written.forEach(TemporaryFiles.shared.remove)
        default:
            throw BenchError("unknown mode '\(arguments[1])' (render, render-full, mp4, gif, hash, hash-full, raw, feed)")
        }
        result += [("rss", "\(peakResidentMiB())"), ("childRSS", "\(childrenPeakResidentMiB())"),
                   ("ownCPU", "\(ownCPUSeconds())"), ("ownSys", "\(ownSystemSeconds())"), ("ffmpegCPU", "\(childrenCPUSeconds())")]
        print(result.map { "\($0)=\($1)" }.joined(separator: " "))
    }

    /// The raw frames (for a GIF in two runs, the palette pass's first) mapped and faulted in before timing, so the timed part
    /// is ffmpeg and the pipe alone.
    static func feed(_ path: String, source: FrameSource, output: OutputFormat) throws -> Double {
        let renderer = VideoRenderer(options: BenchOptions.video())
        let maps = try renderer.rawFramePaths(source, output: output, path: path).map(MappedFile.init)
        defer { maps.forEach { $0.unmap() } }
        let scratch = try BenchScratch("spruce-bench-feed-\(getpid())", folder: true)
        defer { scratch.remove() }
        let dir = scratch.url
        return try timed {
            try renderer.encode(rawFrames: maps.map(\.bytes), source: source, output: output,
                                path: dir.appendingPathComponent(output == .gif ? "out.gif" : "out.mp4").path,
                                palette: dir.appendingPathComponent("palette.png").path)
        }
    }

    /// A file mapped read-only and faulted in.
    struct MappedFile {
        let bytes: UnsafeRawBufferPointer

        init(_ path: String) throws {
            let fd = open(path, O_RDONLY)
            guard fd >= 0 else { throw BenchError("cannot read \(path)") }
            defer { close(fd) }
            var status = stat()
            guard fstat(fd, &status) == 0, status.st_size > 0 else { throw BenchError("cannot stat \(path)") }
            let size = Int(status.st_size)
            guard let base = mmap(nil, size, PROT_READ, MAP_PRIVATE | MAP_POPULATE, fd, 0), base != MAP_FAILED else {
                throw BenchError("cannot map \(path)")
            }
            bytes = UnsafeRawBufferPointer(start: base, count: size)
        }

        func unmap() { munmap(UnsafeMutableRawPointer(mutating: bytes.baseAddress), bytes.count) }
    }

    /// Frames drawn and thrown away on `threads` threads, each with its own cursor and one reused buffer:
    /// the drawing cost the pipeline has to hide behind the encoder.
    static func renderOnly(_ source: FrameSource, threads: Int, frames count: Int, incremental: Bool) throws -> Double {
        try drawInterleaved(source, threads: threads, frames: count, incremental: incremental) { _, _ in }
    }

    /// A hash of every frame's bytes, in frame order, drawn on `threads` threads: the check that an
    /// optimisation leaves the pixels exactly as they were.
    static func hashAll(_ source: FrameSource, threads: Int, incremental: Bool) throws -> UInt64 {
        final class Hashes: @unchecked Sendable { var values: [UInt64]; let lock = NSLock()
            init(_ n: Int) { values = Array(repeating: 0, count: n) } }
        let hashes = Hashes(source.format.frameCount)
        _ = try drawInterleaved(source, threads: threads, frames: source.format.frameCount, incremental: incremental) { index, pixels in
            let h = hash(pixels)
            hashes.lock.lock(); hashes.values[index] = h; hashes.lock.unlock()
        }
        return hashes.values.reduce(0xcbf2_9ce4_8422_2325) { ($0 ^ $1) &* 0x100_0000_01b3 }
    }

    /// Frames 0..<count drawn on `threads` threads (thread k draws k, k+N, …), each with its own cursor and one
    /// reused buffer; `drawn` sees each frame on its drawing thread. `incremental`: only the damage since the
    /// frame the thread's buffer holds is redrawn (as the pipeline does), else every frame is drawn whole.
    /// Returns the seconds from the threads' start to the last one's end; the first error of any thread is rethrown.
    private static func drawInterleaved(
        _ source: FrameSource, threads: Int, frames count: Int, incremental: Bool,
        _ drawn: @escaping @Sendable (Int, UnsafeRawBufferPointer) -> Void
    ) throws -> Double {
        let cursors = try (0..<threads).map { _ in try source.makeCursor() }
        let group = DispatchGroup()
        final class Failure: @unchecked Sendable { var error: Error?; let lock = NSLock() }
        let failure = Failure()
        let seconds = timed {
            for (k, cursor) in cursors.enumerated() {
                group.enter()
                // A thread that cannot start (ulimit -u) is the measurement's error, not a wait for ever.
                do {
                    try StartedThread.start("bench worker \(k)", stackSize: 4 << 20) {
                        defer { group.leave() }
                        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: source.format.bytesPerFrame, alignment: 64)
                        defer { buffer.deallocate() }
                        let tracker = incremental ? cursor as? DamageTrackingCursor : nil
                        var held: PaintSnapshot?
                        do {
                            for i in stride(from: k, to: count, by: threads) {
                                if let tracker {
                                    held = try tracker.update(buffer, holding: held, to: i).0
                                } else {
                                    try cursor.draw(frame: i, into: buffer)
                                }
                                drawn(i, UnsafeRawBufferPointer(buffer))
                            }
                        } catch {
                            failure.lock.lock(); failure.error = error; failure.lock.unlock()
                        }
                    }
                } catch {
                    failure.lock.lock(); failure.error = error; failure.lock.unlock()
                    group.leave()
                }
            }
            group.wait()
        }
        if let error = failure.error { throw error }
        return seconds
    }

    /// FNV-1a over 64-bit words (frames are a multiple of 4 bytes; a tail is folded in bytewise).
    static func hash(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        let words = bytes.count / 8
        for i in 0..<words { h = (h ^ bytes.loadUnaligned(fromByteOffset: i * 8, as: UInt64.self)) &* 0x100_0000_01b3 }
        for i in (words * 8)..<bytes.count { h = (h ^ UInt64(bytes[i])) &* 0x100_0000_01b3 }
        return h
    }
}
