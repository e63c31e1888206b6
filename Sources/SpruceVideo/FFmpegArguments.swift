import SpruceFilm

/// The ffmpeg command lines, one per output format and pass. Logging is limited to errors so that stderr holds
/// exactly what a failure message needs.
struct FFmpegArguments {
    let format: FrameFormat
    let options: VideoOptions
    /// The layout of the frames on stdin (`WireFormat.choose`).
    let wire: WireFormat
    /// Where the raw frames come from: `-` (stdin, the pipeline) or a file of raw frames (the benchmark's
    /// encoder-only run).
    var inputPath = "-"

    /// Raw frames on stdin, in the wire format's pixel format.
    var input: [String] {
        [
            "-hide_banner", "-nostats", "-loglevel", "error", "-y",
            "-f", "rawvideo", "-pix_fmt", wire.ffmpegPixelFormat,
            "-s", "\(format.width)x\(format.height)", "-r", FrameRate.rational(format.framesPerSecond), "-i", inputPath,
        ]
    }

    /// Tag as BT.709 (what players assume for video), limited range. Frames that arrive as 4:2:0 were converted
    /// that way by the workers (`YUV420Conversion`); BGRA frames are converted by ffmpeg the same way, `area`
    /// averaging each 2x2 block for chroma.
    private var bt709: [String] {
        let tags = ["-colorspace", "bt709", "-color_primaries", "bt709", "-color_trc", "bt709", "-color_range", "tv"]
        if wire == .yuv420p { return tags }
        return ["-vf", "scale=out_color_matrix=bt709:out_range=tv:flags=area+accurate_rnd"] + tags
    }

    func mp4(output: String) -> [String] {
        let rate = options.joinable?.x264Arguments(crf: options.crf) ?? ["-crf", "\(options.crf)"]
        let label = options.joinable?.label.map { ["-metadata", "comment=\($0.text)"] } ?? []
        return input + ["-an", "-c:v", "libx264", "-preset", options.preset] + rate + ["-pix_fmt", "yuv420p"]
            + bt709 + label + ["-movflags", "+faststart", "-f", "mp4", output]
    }

    func webm(output: String) -> [String] {
        input + [
            "-an", "-c:v", "libvpx-vp9", "-pix_fmt", options.transparent ? "yuva420p" : "yuv420p",
            "-crf", "\(options.vp9CRF)", "-b:v", "0", "-deadline", "good", "-cpu-used", "2", "-row-mt", "1",
        ] + bt709 + ["-fflags", "+bitexact", "-f", "webm", output]  // no random segment UID, no muxing date: same bytes every run
    }

    /// GIF pass 1: `palettegen` sees every frame (stats_mode=full: the palette serves the whole animation, not
    /// just what moves, which keeps static backgrounds exact) and writes one 16x16 PNG.
    func gifPalette(output: String) -> [String] {
        input + ["-vf", paletteGen, "-f", "image2", "-update", "1", output]
    }

    /// GIF pass 2: the frames again, mapped onto the palette. `diff_mode=rectangle` only re-dithers the changed
    /// rectangle of each frame, so static areas do not shimmer.
    func gif(palette: String, output: String) -> [String] {
        input + ["-i", palette, "-lavfi", "[0:v][1:v]" + paletteUse(options.dither)] + gifOutput(output)
    }

    /// Both GIF passes in one run over one reading of the frames: `split` hands every frame to `palettegen` and
    /// keeps it for `paletteuse`, which maps the kept frames once the palette is complete. The same filters as the
    /// two passes, so the same bytes; ffmpeg holds every frame meanwhile. `dither`: `VideoRenderer.oneRunDither`.
    func gifOneRun(output: String, dither: GIFDither) -> [String] {
        input + ["-lavfi", "[0:v]split[frames][counted];[counted]\(paletteGen)[palette];[frames][palette]\(paletteUse(dither))"]
            + gifOutput(output)
    }

    private var paletteGen: String { "palettegen=stats_mode=full:reserve_transparent=\(options.transparent ? 1 : 0)" }

    private func paletteUse(_ dither: GIFDither) -> String {
        "paletteuse=\(dither.filterOption):diff_mode=\(options.joinable == nil ? "rectangle" : "none")"
    }

    private func gifOutput(_ output: String) -> [String] { ["-loop", "\(options.loop.ffmpegValue)", "-f", "gif", output] }

    func png(output: String) -> [String] {
        input + ["-frames:v", "1", "-c:v", "png", "-pix_fmt", pngPixelFormat, "-f", "image2", "-update", "1", output]
    }

    func pngSequence(directory: String) -> [String] {
        input + [
            "-c:v", "png", "-pix_fmt", pngPixelFormat, "-start_number", "0", "-f", "image2",
            directory + "/frame_%05d.png",
        ]
    }

    private var pngPixelFormat: String { options.transparent ? "rgba" : "rgb24" }
}
