import Foundation
import SpruceFilm
import SpruceRender

/// Parts of one film (rendered with `JoinableEncoding`, e.g. `render-gif --segment I/N`) put together into one file
/// without re-encoding: MP4 parts through ffmpeg's concat demuxer with `-c copy`, GIF parts by splicing their frames
/// (`GIFParts`). Parts must agree in codec, size, frame rate and (GIF) palette, and every MP4 part must begin on a
/// keyframe. Parts that say which frames they hold (`PartLabel`) are joined in the film's order and must hold every
/// frame once; the result is written beside the target and read back (frame count and length) before it replaces
/// anything.
public struct VideoJoin {
    public var ffmpegPath: String?
    /// Checked before every part is read and while ffmpeg runs (which it stops): a cancelled join throws
    /// `RenderCancelled` and writes nothing.
    public var cancellation: RenderCancellation?
    /// ffmpeg's concat is stopped, and the join fails, when the joined file has not grown for this many seconds.
    public var stallTimeout: Double
    /// How messages name each part: as the person wrote it (`p1.mp4`, not the absolute path the join reads). A part
    /// without a name here is named by its path.
    public var partNames: [URL: String] = [:]

    public init(ffmpegPath: String? = nil, cancellation: RenderCancellation? = nil,
                stallTimeout: Double = VideoOptions().stallTimeout) {
        self.ffmpegPath = ffmpegPath
        self.cancellation = cancellation
        self.stallTimeout = stallTimeout
    }

    /// Joins `parts` in the order given into `target` (its extension, the parts' format); returns the frame count.
    @discardableResult
    public func join(_ parts: [URL], to target: URL) throws -> Int {
        guard !parts.isEmpty else { throw VideoError.invalidOptions("join needs at least one part") }
        let output = try OutputFormat.infer(from: target)
        guard JoinableEncoding.canJoin(output) else {
            throw VideoError.invalidOptions("only MP4 and GIF parts can be joined; '\(target.path)' is neither")
        }
        for part in parts where (try? OutputFormat.infer(from: part)) != output {
            throw VideoError.invalidOptions("\(named(part)) is not \(output.fileExtension.uppercased()) like the output")
        }
        try checkReadable(parts)
        let ffmpeg = try FFmpegLocator.locate(explicit: ffmpegPath)
        let destination = try VideoDestination.prepare(target: target, isDirectory: false, fileExtension: output.fileExtension)
        do {
            let frames = output == .gif
                ? try joinGIF(parts, into: destination.temporary, for: target, ffmpeg: ffmpeg)
                : try joinMP4(parts, into: destination.temporary, ffmpeg: ffmpeg)
            try cancellation?.throwIfCancelled()
            try destination.commit()
            return frames
        } catch VideoError.programFailed(let program, let detail) {
            destination.discard()
            throw FullDisk.error(in: detail, writing: "'\(target.path)'") ?? VideoError.programFailed(program: program, detail: detail)
        } catch {
            destination.discard()
            throw error
        }
    }

    private func joinGIF(_ parts: [URL], into temporary: URL, for target: URL, ffmpeg: String) throws -> Int {
        var read: [(name: String, gif: GIFParts)] = []
        for url in parts {
            try cancellation?.throwIfCancelled()
            guard let data = FileManager.default.contents(atPath: url.path) else {
                throw VideoError.io("cannot read \(named(url))")
            }
            let name = named(url)
            read.append((name, try GIFParts([UInt8](data), name: name)))
        }
        // A part of one frame is a still GIF without a delay: it takes the other parts' delay.
        let stills = read.indices.filter { read[$0].gif.delays == [0] }
        let delays = Set(read.indices.filter { !stills.contains($0) }.flatMap { read[$0].gif.delays })
        guard !delays.isEmpty else {
            throw VideoError.invalidOptions("every part is a single frame, and a GIF of one frame records no delay; cut the film into parts of two frames or more")
        }
        guard delays.count == 1, let delay = delays.first, delay > 0 else {
            throw VideoError.invalidOptions("the parts' frame delays differ (\(delays.sorted().map(String.init).joined(separator: ", ")) cs); parts of one film share one frame rate")
        }
        for i in stills { read[i].gif.setDelay(delay, frame: 0) }
        let order = try PartLabel.filmOrder(read.map { ($0.name, $0.gif.label, $0.gif.frames.count) })
        if let order { read = order.map { read[$0] } }
        let whole = order == nil ? nil : read[0].gif.label.map { PartLabel(frames: 0..<$0.total, total: $0.total, film: $0.film) }
        let bytes = try GIFParts.join(read, label: whole)
        do { try AtomicFile.fill(temporary, with: Data(bytes), for: target) } catch RenderError.write(let why) {
            throw VideoError.io("cannot write \(why)")
        }
        let frames = read.reduce(0) { $0 + $1.gif.frames.count }
        try verify(temporary, .gif, framesPerSecond: 100 / Double(delay), frames: frames, ffmpeg: ffmpeg)
        return frames
    }

    private func joinMP4(_ parts: [URL], into temporary: URL, ffmpeg: String) throws -> Int {
        guard let ffprobe = OutputCheck.ffprobe(beside: ffmpeg) else {
            throw VideoError.ffmpegNotFound("joining MP4 parts needs ffprobe beside ffmpeg or on PATH")
        }
        // Each part as the probes find it; ffmpeg opens them again, so they must still be those files at the end.
        let stamps = Self.partStamps(parts)
        var probed = try parts.map { part in
            try cancellation?.throwIfCancelled()
            return (part: part, stream: try MP4PartProbe(ffprobe: ffprobe, part: part, named: named(part), cancellation: cancellation))
        }
        let order = try PartLabel.filmOrder(probed.map { (named($0.part), $0.stream.label, $0.stream.frames) })
        if let order { probed = order.map { probed[$0] } }
        let whole = order == nil ? nil : probed[0].stream.label.map { PartLabel(frames: 0..<$0.total, total: $0.total, film: $0.film) }
        let parts = probed.map(\.part)
        var first: [String: String]?
        var frames = 0, rate = 0.0
        for (part, stream) in probed {
            if let first, let field = MP4PartProbe.mustAgree.first(where: { first[$0] != stream.fields[$0] }) {
                throw VideoError.invalidOptions("\(named(part)) has another \(field) (\(stream.fields[field] ?? "none")) than the first part (\(first[field] ?? "none"))")
            }
            first = first ?? stream.fields
            frames += stream.frames
            rate = stream.framesPerSecond
        }
        try ScratchDirectory.with("spruce-join") { scratch in
            let list = scratch.appendingPathComponent("parts.txt")
            // The list names each part by a link in the scratch folder: the concat demuxer's list is one line per
            // file, and a part's own path may hold a line break.
            var lines: [String] = []
            for (i, part) in parts.enumerated() {
                let link = scratch.appendingPathComponent("part-\(i).mp4")
                guard symlink(part.standardizedFileURL.path, link.path) == 0 else {
                    throw VideoError.io("cannot link part \(i + 1) in '\(scratch.path)': \(String(cString: strerror(errno)))")
                }
                // The concat demuxer's quoting: inside '…' only the quote itself needs escaping ('\'').
                lines.append("file '" + link.path.replacingOccurrences(of: "'", with: "'\\''") + "'")
            }
            do {
                guard FileManager.default.createFile(atPath: list.path, contents: nil) else { throw RenderError.write(list.path) }
                chmod(list.path, CreationMode.ownerFile)  // made under the umask; filled, then read by ffmpeg
                try AtomicFile.fill(list, with: Data((lines.joined(separator: "\n") + "\n").utf8), for: list)
            } catch RenderError.write(let why) {
                throw VideoError.io("cannot write the list of parts (\(why))")
            }
            let process = try ChildProcess("ffmpeg", executable: ffmpeg, arguments: [
                "-hide_banner", "-nostats", "-loglevel", "error", "-y", "-f", "concat", "-safe", "0", "-i", list.path,
                "-c", "copy"] + (whole.map { ["-metadata", "comment=\($0.text)"] } ?? []) + [
                "-movflags", "+faststart", "-f", "mp4", temporary.path,
            ], pipeStdin: false, cancellation: cancellation, stallTimeout: stallTimeout, growing: temporary.path)
            defer { process.kill() }
            guard process.succeeded else {
                try cancellation?.throwIfCancelled()
                let context = " while joining \(parts.count) parts"
                throw process.failure(process.stallDetail(context) ?? process.failureDetail(context))
            }
        }
        try verify(temporary, .mp4, framesPerSecond: rate, frames: frames, ffmpeg: ffmpeg)
        try checkPartsUnchanged(parts, since: stamps)
        return frames
    }

    /// `part 'p1.mp4'`: a part as messages name it (`partNames`).
    func named(_ part: URL) -> String { "part '\(partNames[part] ?? part.path)'" }

    private func verify(_ url: URL, _ output: OutputFormat, framesPerSecond: Double, frames: Int, ffmpeg: String) throws {
        let format = FrameFormat(width: 1, height: 1, framesPerSecond: framesPerSecond, frameCount: frames)
        try OutputCheck(output: output, format: format, frameCount: frames, ffmpeg: ffmpeg, lastMessage: []).verify(url.path)
    }
}

/// What `VideoJoin` needs to know of an MP4 part: its stream parameters, its frame count and whether it begins on
/// a keyframe (a part cut elsewhere would decode wrongly after the join).
struct MP4PartProbe {
    /// What every part must share with the first: the stream's parameters, and its time base (a part re-muxed with
    /// another one joins with its frames one tick apart, and most of them are lost when the film is decoded).
    static let mustAgree = ["codec_name", "profile", "width", "height", "r_frame_rate", "time_base", "pix_fmt",
                            "color_range", "color_space", "color_transfer", "color_primaries", "has_b_frames"]
    var fields: [String: String] = [:]
    var frames: Int
    var framesPerSecond: Double
    /// The frames of the film it holds, when render-gif wrote it as a part (its `comment` tag).
    var label: PartLabel?

    /// Probes `part`; `name` is how a message names it (`part 'p1.mp4'`).
    init(ffprobe: String, part: URL, named name: String, cancellation: RenderCancellation? = nil) throws {
        // Its boxes first, as every MP4 render-gif writes is read back (`MP4Summary`): a part cut short after it was
        // rendered still lists every frame in its movie box, so ffprobe counts them all, and ffmpeg's concat then
        // loses the last one with a message that names no part. A file that is not MP4 at all is left to ffprobe,
        // which says what its video is.
        do { _ = try MP4Summary.read(path: part.path) } catch MP4Summary.Problem.notMP4 {
        } catch let problem as MP4Summary.Problem {
            throw VideoError.invalidOptions("\(name) \(problem.joinText); render it again")
        }
        func run(_ arguments: [String]) throws -> [String: String] {
            let bytes: [UInt8]
            do {
                bytes = try ChildProcess.runCapturingOutput("ffprobe", at: ffprobe, ["-v", "error", "-select_streams", "v:0"] + arguments + [part.path],
                                                             cancellation: cancellation)
            } catch let cancelled as RenderCancelled {
                throw cancelled
            } catch {
                throw VideoError.invalidOptions("\(name) cannot be read as a video (ffprobe failed)")
            }
            var fields: [String: String] = [:]
            for line in String(decoding: bytes, as: UTF8.self).split(separator: "\n") {
                let pair = line.split(separator: "=", maxSplits: 1).map(String.init)
                if pair.count == 2, fields[pair[0]] == nil { fields[pair[0]] = pair[1] }
            }
            return fields
        }
        fields = try run(["-count_packets", "-show_entries",
                          "stream=\(Self.mustAgree.joined(separator: ",")),nb_read_packets:format_tags=comment",
                          "-of", "default=noprint_wrappers=1"])
        // An MP4 part render-gif wrote holds H.264 (a GIF renamed .mp4 failed later, in ffmpeg, with 70).
        guard fields["codec_name"] == "h264" else {
            throw VideoError.notAPart("\(name) is not an H.264 MP4 part (its video is \(fields["codec_name"] ?? "unknown"))")
        }
        label = fields["TAG:comment"].flatMap(PartLabel.init(text:))
        guard let count = fields["nb_read_packets"].flatMap(Int.init), count > 0 else {
            throw VideoError.invalidOptions("\(name) has no video frames")
        }
        frames = count
        let rate = (fields["r_frame_rate"] ?? "").split(separator: "/").compactMap { Double($0) }
        guard rate.count == 2, rate[1] > 0, rate[0] > 0 else {
            throw VideoError.invalidOptions("\(name) has no frame rate")
        }
        framesPerSecond = rate[0] / rate[1]
        let firstPacket = try run(["-read_intervals", "%+#1", "-show_entries", "packet=flags", "-of", "default=noprint_wrappers=1"])
        guard firstPacket["flags"]?.hasPrefix("K") == true else {
            throw VideoError.notAPart("\(name) does not begin on a keyframe")
        }
    }
}
