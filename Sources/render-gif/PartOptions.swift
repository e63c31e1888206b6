import ArgumentParser
import Foundation
import Geometry
import SpruceJobs

/// `--frames A..B`, `--segment I/N`, `--keyint N`: a part of the film, encoded so that `render-gif join` puts the
/// parts back together without re-encoding (MP4 and GIF only; `JoinableEncoding`).
struct PartOptions: ParsableArguments {
    @Option(parsing: .unconditional,
            help: ArgumentHelp("Render only frames A..B of the film (from 0, B excluded) as a joinable part. An MP4 part "
                               + "must start on a keyframe (a multiple of --keyint).", valueName: "A..B"))
    var frames: String?

    @Option(parsing: .unconditional,
            help: ArgumentHelp("Render part I of N (1…N), cut on keyframes so that `render-gif join` puts the parts "
                               + "together without re-encoding. --segment 1/1 is the whole film, encoded the same way.",
                               valueName: "I/N"))
    var segment: String?

    @Option(parsing: .unconditional,
            help: ArgumentHelp("Frames from one keyframe to the next in joinable MP4 parts (default: 2 s of frames; GIF "
                               + "segments are cut at any frame); give every part the same value.", valueName: "n"), transform: DecimalArgument.parse)
    var keyint: Double?

    var isRequested: Bool { frames != nil || segment != nil }

    /// The part the flags ask for; whether it fits the output and the film is `PartRequest`'s to check, and
    /// `check` runs that check (`PartRequest.read`).
    func request(_ check: (PartRequest) throws -> Void) throws -> PartRequest? {
        do { return try PartRequest.read(frames: frames, segment: segment, keyframeInterval: keyint, check: check) } catch let p as PartRequest.ReadingProblem {
            switch p {
            case .keyframeIntervalAlone: throw CLIError.usage("--keyint sets the keyframes of joinable parts; use it with --segment or --frames")
            case .twoChoices: throw CLIError.usage("--frames and --segment both choose the part; give one")
            case .notAPair(let text): throw Self.notAPair(text, flag: segment != nil ? "--segment" : "--frames", shape: segment != nil ? "I/N" : "A..B")
            }
        }
    }

    /// A part that does not fit, worded by its flags.
    func usage(_ problem: PartRequest.Problem) -> CLIError {
        let flag = segment != nil ? "--segment" : "--frames"
        switch problem {
        case .needsVideo: return CLIError.usage("\(flag) renders a part of a video; it needs an .mp4 or .gif --out")
        case .notJoinable(let out): return CLIError.usage("\(flag): only .mp4 and .gif parts can be joined; '\(out)' cannot")
        case .optimized: return CLIError.usage("\(flag): --optimize re-encodes a GIF, so its parts would no longer join; leave it out")
        case .keyframeInterval(let keyint):
            return CLIError.usage("--keyint: must be a whole number of frames in 1…100000, got \(Checked.text(keyint))")
        case .segmentIndex: return CLIError.usage("--segment \(segment ?? ""): I must be in 1…N")
        case .range(let e): return CLIError.usage("\(flag): \(e)")
        case .offKeyframe(let first, let interval):
            return CLIError.usage("--frames \(frames ?? ""): an MP4 part begins on a keyframe, a multiple of the keyframe interval "
                                  + "\(interval) (--keyint), and \(first) is not; begin at \(first / interval * interval) or \(first / interval * interval + interval)")
        }
    }

    /// `I/N` or `A..B` that is not two whole numbers in range (`PartRequest.numbers`; also `batch --shard`).
    static func notAPair(_ text: String, flag: String, shape: String) -> CLIError {
        CLIError.usage("\(flag) '\(text)': expected \(shape) with whole numbers in 0…\(PartRequest.largestNumber)")
    }
}
