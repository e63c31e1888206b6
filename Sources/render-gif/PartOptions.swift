import ArgumentParser
import Foundation
import Geometry
import SpruceFilm
import SpruceVideo

/// `--frames A..B`, `--segment I/N`, `--keyint N`: a part of the film, encoded so that `render-gif join` puts the
/// parts back together without re-encoding (MP4 and GIF only; `JoinableEncoding`).
struct PartOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Render only frames A..B of the film (from 0, B excluded) as a joinable part. An MP4 part "
                               + "must start on a keyframe (a multiple of --keyint).", valueName: "A..B"))
    var frames: String?

    @Option(help: ArgumentHelp("Render part I of N (1…N), cut on keyframes so that `render-gif join` puts the parts "
                               + "together without re-encoding. --segment 1/1 is the whole film, encoded the same way.",
                               valueName: "I/N"))
    var segment: String?

    @Option(help: ArgumentHelp("Frames from one keyframe to the next in joinable MP4 parts (default: 2 s of frames; GIF "
                               + "segments are cut at any frame); give every part the same value.", valueName: "n"), transform: DecimalArgument.parse)
    var keyint: Double?

    static let largest = 10_000_000

    var isRequested: Bool { frames != nil || segment != nil }

    /// Everything that can be checked before the scene is loaded.
    func check(format: OutputFormat?, out: String?, optimize: Bool) throws {
        guard isRequested else {
            if keyint != nil { throw CLIError.usage("--keyint sets the keyframes of joinable parts; use it with --segment or --frames") }
            return
        }
        if frames != nil, segment != nil { throw CLIError.usage("--frames and --segment both choose the part; give one") }
        let flag = segment != nil ? "--segment" : "--frames"
        guard let format else { throw CLIError.usage("\(flag) renders a part of a video; it needs an .mp4 or .gif --out") }
        guard JoinableEncoding.canJoin(format) else {
            throw CLIError.usage("\(flag): only .mp4 and .gif parts can be joined; '\(out ?? "")' cannot")
        }
        if optimize { throw CLIError.usage("\(flag): --optimize re-encodes a GIF, so its parts would no longer join; leave it out") }
        _ = try keyframeInterval(framesPerSecond: 1)
        if let frames { _ = try Self.pair(frames, separator: "..", flag: "--frames", shape: "A..B") }
        if let segment {
            let (i, n) = try Self.pair(segment, separator: "/", flag: "--segment", shape: "I/N")
            guard n >= 1, (1...n).contains(i) else { throw CLIError.usage("--segment \(segment): I must be in 1…N") }
        }
    }

    /// The frames to render and how to encode them, for a film.
    func part(of film: Film, format: OutputFormat?) throws -> (FrameRange, JoinableEncoding) {
        // A GIF has no keyframes: unless --keyint says otherwise, its segments are cut at any frame.
        let interval = format == .gif && keyint == nil ? 1 : try keyframeInterval(framesPerSecond: film.framesPerSecond)
        do {
            if let segment {
                let (i, n) = try Self.pair(segment, separator: "/", flag: "--segment", shape: "I/N")
                return (try FrameRange.segment(i, of: n, frameCount: film.frameCount, keyframeInterval: interval),
                        JoinableEncoding(keyframeInterval: interval))
            }
            let (a, b) = try Self.pair(frames ?? "", separator: "..", flag: "--frames", shape: "A..B")
            let range = try FrameRange(a, b)
            try range.check(within: film.frameCount)
            return (range, JoinableEncoding(keyframeInterval: interval))
        } catch let e as FilmError {
            throw CLIError.usage("\(segment != nil ? "--segment" : "--frames"): \(e)")
        }
    }

    private func keyframeInterval(framesPerSecond: Double) throws -> Int {
        guard let keyint else { return JoinableEncoding.defaultKeyframeInterval(framesPerSecond: framesPerSecond) }
        guard keyint.isFinite, keyint.rounded() == keyint, (1...100_000).contains(keyint) else {
            throw CLIError.usage("--keyint: must be a whole number of frames in 1…100000, got \(Checked.text(keyint))")
        }
        return Int(keyint)
    }

    /// `A..B` or `I/N`: two whole numbers in 0…10000000, read as text before they become integers (also `batch --shard`).
    static func pair(_ text: String, separator: String, flag: String, shape: String) throws -> (Int, Int) {
        let parts = text.components(separatedBy: separator)
        let numbers = parts.compactMap { part -> Int? in
            guard !part.isEmpty, part.count <= 8, part.allSatisfy(\.isASCII), part.allSatisfy(\.isNumber) else { return nil }
            return Int(part)
        }
        guard parts.count == 2, numbers.count == 2, numbers.allSatisfy({ $0 <= largest }) else {
            throw CLIError.usage("\(flag) '\(text)': expected \(shape) with whole numbers in 0…\(largest)")
        }
        return (numbers[0], numbers[1])
    }
}
