import Foundation
import SpruceFilm
import SpruceRender

/// Reads a finished temporary output back before it may replace anything: it must exist, be non-empty, and hold
/// the expected frames for the expected time. GIF, PNG, APNG, WebP, frame folders and MP4 (its movie box,
/// `MP4Summary`) are read here; WebM (its length by its Segment, `OutputCheck+WebM`) and fragmented MP4 through ffprobe (beside ffmpeg or on PATH; without one,
/// only their container signature is checked). A failure is `VideoError.programFailed` of ffmpeg naming what is wrong and
/// ffmpeg's last message, so "ffmpeg exited 0" is never taken on trust.
@_spi(Fuzzing) public struct OutputCheck {
    let output: OutputFormat
    let format: FrameFormat
    /// Frames the output must hold (1 for a single PNG).
    let frameCount: Int
    let ffmpeg: String
    /// ffmpeg's last stderr lines, for the message.
    let lastMessage: [String]

    @_spi(Fuzzing) public init(output: OutputFormat, format: FrameFormat, frameCount: Int, ffmpeg: String, lastMessage: [String]) {
        (self.output, self.format, self.frameCount, self.ffmpeg, self.lastMessage) = (output, format, frameCount, ffmpeg, lastMessage)
    }

    func verify(_ path: String) throws {
        switch output {
        case .pngSequence: try verifyFolder(path)
        case .png: try verifyPNG(path, name: "the PNG")
        case .gif: try verifyGIF(try contents(path))
        case .mp4: try verifyMP4(path)
        case .webm: try verifyWebM(path)
        case .apng: try verifyAPNG(try contents(path))
        case .webp: try verifyWebP(try contents(path))
        }
    }

    func fail(_ what: String) -> VideoError {
        let tail = lastMessage.suffix(2).joined(separator: " | ")
        return .programFailed(program: "ffmpeg", detail: "exited with status 0 but \(what)" + (tail.isEmpty ? "" : "; its last message: \(tail)"))
    }

    /// The bytes of the non-empty regular file at `path`: all of them, or only the first `limit` (containers are
    /// never read whole).
    func contents(_ path: String, upTo limit: Int? = nil) throws -> [UInt8] {
        guard FileKind.of(path, followLinks: false) == .regular, let handle = FileHandle(forReadingAtPath: path) else {
            throw fail("wrote no output file")
        }
        defer { try? handle.close() }
        let data: Data?
        do {
            if let limit { data = try handle.read(upToCount: limit) } else { data = try handle.readToEnd() }
        } catch {
            throw fail("wrote no output file")
        }
        guard let data, !data.isEmpty else { throw fail("wrote an empty file") }
        return [UInt8](data)
    }

    /// The signature and the IHDR size, as PNG input is read (`PNGHeader`), and at least one byte after them.
    private func verifyPNG(_ path: String, name: String) throws {
        let bytes = try contents(path, upTo: 25)
        guard bytes.count > 24, let header = PNGHeader(Data(bytes)) else { throw fail("\(name) it wrote is not a PNG") }
        guard header.width == format.width, header.height == format.height else {
            throw fail("\(name) it wrote is \(header.width)×\(header.height), expected \(format.width)×\(format.height)")
        }
    }

    private func verifyFolder(_ path: String) throws {
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).filter { $0.hasSuffix(".png") }
        guard names.count == frameCount else { throw fail("wrote \(names.count) of \(frameCount) frames") }
        for i in 0..<frameCount {
            let name = String(format: "frame_%05d.png", i)
            guard FileKind.of(path + "/" + name, followLinks: false) == .regular else { throw fail("wrote no \(name)") }
        }
        // Every frame is non-empty; the first and the last are read as PNGs of the right size.
        for name in names where ((try? FileManager.default.attributesOfItem(atPath: path + "/" + name)[.size] as? Int) ?? 0) == 0 {
            throw fail("wrote an empty \(name)")
        }
        try verifyPNG(path + "/frame_00000.png", name: "frame_00000.png")
        try verifyPNG(path + String(format: "/frame_%05d.png", frameCount - 1), name: "the last frame")
    }

    /// Counts the GIF's images and adds up their delays (centiseconds) by walking its blocks.
    @_spi(Fuzzing) public func verifyGIF(_ d: [UInt8]) throws {
        guard d.count > 13, d.starts(with: Array("GIF8".utf8)) else { throw fail("the file it wrote is not a GIF") }
        var i = 13, images = 0, centiseconds = 0
        if d[10] & 0x80 != 0 { i += 3 << (Int(d[10] & 7) + 1) }
        func skipSubBlocks() { while i < d.count, d[i] != 0 { i += Int(d[i]) + 1 }; i += 1 }
        walk: while i < d.count {
            switch d[i] {
            case 0x21 where i + 5 < d.count:
                if d[i + 1] == 0xF9 { centiseconds += Int(d[i + 4]) | Int(d[i + 5]) << 8 }
                i += 2
                skipSubBlocks()
            case 0x2C where i + 9 < d.count:
                images += 1
                let flags = d[i + 9]
                i += 10
                if flags & 0x80 != 0 { i += 3 << (Int(flags & 7) + 1) }
                i += 1
                skipSubBlocks()
            case 0x3B:
                break walk
            default:
                throw fail("the GIF it wrote is cut off or damaged at byte \(i)")
            }
        }
        guard i < d.count else { throw fail("the GIF it wrote has no end (cut off after \(images) frames)") }
        guard images == frameCount else { throw fail("the GIF it wrote has \(images) frames, expected \(frameCount)") }
        let expected = (try? FrameRate.gifDelay(for: format.framesPerSecond)).map { $0 * frameCount }
        // A GIF of one frame is a still: ffmpeg gives it no delay.
        if let expected, centiseconds != expected, !(frameCount == 1 && centiseconds == 0) {
            throw fail("the GIF it wrote lasts \(Double(centiseconds) / 100) s, expected \(Double(expected) / 100) s")
        }
    }

    /// MP4 is read by `MP4Summary` (no process start, which costs about 50 ms: 4 % of a short 1080p render);
    /// a fragmented MP4 keeps its frames outside the movie box and is counted by ffprobe.
    private func verifyMP4(_ path: String) throws {
        let bytes = try contents(path, upTo: 64)
        let summary: MP4Summary
        do {
            summary = try MP4Summary.read(path: path)
        } catch let problem as MP4Summary.Problem {
            switch problem {
            case .notMP4: throw fail("the file it wrote is not MP4")
            case .cutOff(let byte): throw fail("the MP4 it wrote is cut off (at byte \(byte))")
            case .damaged(let what): throw fail("the MP4 it wrote is damaged: \(what)")
            }
        }
        if summary.isFragmented { return try verifyContainer(path, bytes, magic: Array("ftyp".utf8), at: 4, name: "MP4") }
        guard let frames = summary.videoFrames else { throw fail("the MP4 it wrote has no video stream") }
        try verify(frames: frames, seconds: summary.seconds, name: "MP4")
    }

    private func verify(frames: Int, seconds duration: Double?, name: String) throws {
        guard frames == frameCount else { throw fail("the \(name) it wrote has \(frames) frames, expected \(frameCount)") }
        let seconds = Double(frameCount) / format.framesPerSecond
        if let duration, abs(duration - seconds) > 1.5 / format.framesPerSecond + 0.05 {
            throw fail("the \(name) it wrote lasts \(duration) s, expected \(String(format: "%.3f", seconds)) s")
        }
    }

    func verifyContainer(_ path: String, _ bytes: [UInt8], magic: [UInt8], at offset: Int, name: String) throws {
        guard bytes.count >= offset + magic.count, Array(bytes[offset..<(offset + magic.count)]) == magic else {
            throw fail("the file it wrote is not \(name)")
        }
        guard let ffprobe = Self.ffprobe(beside: ffmpeg) else { return }
        let report: String
        do {
            report = String(decoding: try ChildProcess.runCapturingOutput("ffprobe", at: ffprobe, [
                "-v", "error", "-count_packets", "-select_streams", "v:0",
                "-show_entries", "stream=nb_read_packets:format=duration", "-of", "default=noprint_wrappers=1", path,
            ]), as: UTF8.self)
        } catch {
            throw fail("ffprobe cannot read the \(name) it wrote")
        }
        var fields: [String: String] = [:]
        for line in report.split(separator: "\n") {
            let parts = line.split(separator: "=", maxSplits: 1).map(String.init)
            if parts.count == 2 { fields[parts[0]] = parts[1] }
        }
        guard let packets = fields["nb_read_packets"].flatMap(Int.init) else { throw fail("the \(name) it wrote has no video stream") }
        try verify(frames: packets, seconds: fields["duration"].flatMap(Double.init), name: name)
    }

    /// `ffprobe` in ffmpeg's folder, else on PATH (of `environment`), as `ExecutableSearch` looks a program up.
    static func ffprobe(beside ffmpeg: String, environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        let sibling = (ffmpeg as NSString).deletingLastPathComponent + "/ffprobe"
        if ExecutableSearch.isExecutableFile(sibling) { return sibling }
        return ExecutableSearch.find("ffprobe", environment: environment)
    }
}
