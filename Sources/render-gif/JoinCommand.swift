import ArgumentParser
import Foundation
import SpruceProcess
import SpruceRender
import SpruceVideo

/// `render-gif join part-*.mp4 --out film.mp4`: parts of one film, rendered with --segment or --frames, put
/// together without re-encoding.
struct Join: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "join",
        abstract: "Join MP4 or GIF parts of one film (rendered with --segment or --frames) without re-encoding.",
        discussion: """
            Each part says which frames of the film it holds, so the parts are joined in the film's order whatever \
            their names, and a frame range no part holds (or two hold) is refused; parts from an older render-gif \
            are joined in natural order of their file names (part-2 before part-10). MP4 through ffmpeg's concat \
            demuxer with -c copy, GIF by splicing frames under one palette. The joined film holds exactly the frames \
            of the whole film rendered with --segment 1/1 and the same flags. Parts must share codec, size, frame \
            rate and (GIF) palette, and each MP4 part must begin on a keyframe. See docs/Distributed.md.

            EXAMPLES
              for i in 1 2 3 4; do render-gif --segment $i/4 --out part-$i.mp4; done
              render-gif join part-*.mp4 --out film.mp4

            \(ExitStatus.help)
            """)

    @Argument(help: ArgumentHelp("The parts: all .mp4 or all .gif.", valueName: "part"), completion: .file(extensions: ["mp4", "gif"]))
    var parts: [String]

    @Option(name: .shortAndLong, help: ArgumentHelp("The joined film: .mp4 or .gif, like the parts.", valueName: "path"), completion: .file(extensions: ["mp4", "gif"]))
    var out: String

    func run() throws { try Interrupts.handling(join) }

    private func join(_ interrupts: Interrupts, _: WrittenOutputs) throws {
        try OutputPlan.checkNames([("--out", out)])
        let ordered: [String]
        do { ordered = try JoinRequest(parts: parts, out: out).orderedParts() } catch let problem as JoinRequest.Problem {
            switch problem {
            case .noParts: throw CLIError.usage("join: name the parts to join, e.g. render-gif join part-*.mp4 --out film.mp4")
            case .notJoinable: throw CLIError.usage("--out '\(out)': only .mp4 and .gif parts can be joined")
            case .otherFormat(let part, let ext): throw CLIError.usage("join: part '\(part)' is not .\(ext) like --out")
            case .samePart(let part, let twin): throw CLIError.usage("join: '\(part)' and '\(twin)' are the same part; name each part once")
            }
        }
        var plan = OutputPlan()
        plan.output("--out", out)
        for part in ordered { plan.input("the part", part) }
        try plan.check()
        RenderPhase.enter("join", cancellation: interrupts.cancellation)
        do {
            let urls = ordered.map { URL(plainPath: $0) }
            var join = VideoJoin(cancellation: interrupts.cancellation)
            join.partNames = Dictionary(zip(urls, ordered), uniquingKeysWith: { first, _ in first })
            try join.join(urls, to: URL(plainPath: out))
        } catch VideoError.invalidOptions(let why) {
            throw CLIError(message: "join: \(why)", code: ExitStatus.dataError)
        } catch VideoError.unreadablePart(let path, let reason) {
            throw CLIError(message: "join: \(VideoError.unreadablePart(path: path, reason: reason))", code: ExitStatus.noInput)
        } catch VideoError.notAPart(let why) {
            throw CLIError(message: "join: \(why); render parts with --segment or --frames", code: ExitStatus.dataError)
        }
    }
}
