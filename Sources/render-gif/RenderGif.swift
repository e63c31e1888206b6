import ArgumentParser
import Foundation
import SpruceProcess
import SpruceRender
import SpruceReview
import SpruceScene
import SpruceVideo

/// The root command: `render` is the default, so `render-gif --sort cornered --out demo.gif` works.
/// Every command names itself (`commandName`): derived from the type's name, each name costs a launch
/// a demangling (1–2 ms of a 15 ms start), and the man page could not tell that `render` is the default.
struct RenderGif: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render-gif",
        abstract: "Spruce choreographies rendered offline to GIF, MP4, WebM and PNG.",
        discussion: "`render` is the default subcommand: `render-gif --sort cornered --out demo.gif`. "
            + "See `render-gif --help` for every flag and `render-gif stitch --help` for stitching frames.",
        version: SpruceForLinux.version,
        subcommands: [Render.self, Stitch.self, Test.self, Compare.self, Preview.self, Review.self, Join.self, Batch.self],
        defaultSubcommand: Render.self)

    /// The words that name a subcommand when they come first (`help` among them).
    static let subcommandNames = ["render", "stitch", "test", "compare", "preview", "review", "join", "batch", "help"]

    /// Parses, runs, and turns every failure into one line on stderr and a sysexits status — including
    /// argument-parser's own errors, whose default is a usage dump.
    static func entry(_ arguments: [String]) -> Never {
        // The stack first: under a small `ulimit -s` even setting up the streams can run out of it.
        let stackRefused = CommandEnding.failure(of: StackLimit.ensure)
        StandardStreams.prepare(program: "render-gif")
        CrashCleanup.install()
        stackRefused?.exit()
        TerminalWidth.setAsideUnusableColumns()
        CommandEnding.failure(of: DispatchEventLoop.start)?.exit()
        // `render-gif --help` shows the default subcommand's flags, which is what people look for.
        if let first = arguments.first, !subcommandNames.contains(first),
           arguments.contains(where: { $0 == "--help" || $0 == "-h" }) {
            CommandEnding.printAndExit(RenderGif.helpMessage(for: Render.self, columns: nil))
        }
        // argument-parser answers `help NAME` for a name that is no command with the root help and status 0.
        if arguments.first == "help", let name = arguments.dropFirst().first(where: { !$0.hasPrefix("-") }), !subcommandNames.contains(name) {
            CommandEnding.fail(Names.unknown(name, flag: "help", allowed: subcommandNames.filter { $0 != "help" }), code: ExitStatus.usage)
        }
        if let script = CompletionShape.script(for: arguments) {
            CommandEnding.printAndExit(script)
        }
        // Each step hands back how the process ends (`CommandEnding`), and only then does it end.
        let command: ParsableCommand
        switch parse(arguments) {
        case .run(let parsed): command = parsed
        case .end(let ending): ending.exit()
        }
        run(command).exit()
    }

    enum Parsed {
        case run(ParsableCommand)
        case end(CommandEnding)
    }

    static func parse(_ arguments: [String]) -> Parsed {
        if let render = renderAlone(arguments) { return .run(render) }
        do {
            return .run(try RenderGif.parseAsRoot(arguments))
        } catch {
            if RenderGif.exitCode(for: error) == .success { return .end(.print(RenderGif.fullMessage(for: error))) }  // --help, help, --version
            let message = oneLine(RenderGif.message(for: error))
            return .end(.failure(message + misplacedSubcommand(arguments, message), code: ExitStatus.usage))
        }
    }

    /// The default subcommand parsed on its own when the first argument names no subcommand: the root would hand
    /// every argument to `render` anyway, and its own pass over them is about an eighth of the parse (5 of some 43
    /// million instructions, most of them the runtime's search for the protocols of each flag's type). Nil when
    /// `render` alone refuses them (`--help`, a mistake), and for `--version`, the root's own flag: the root then
    /// parses them and words the answer.
    static func renderAlone(_ arguments: [String]) -> Render? {
        if let first = arguments.first, subcommandNames.contains(first) { return nil }
        if arguments.contains("--version") { return nil }
        return try? Render.parseAsRoot(arguments) as? Render
    }

    static func run(_ command: ParsableCommand) -> CommandEnding {
        var command = command
        do {
            // Every command may run ffmpeg (a render, a comparison film, a preview's export), each under
            // `VideoOptions`' default watchdog time, the environment's: one it does not take is refused before any work
            // (`VideoError.environment`, 64).
            _ = try VideoOptions.stallTimeout()
            try command.run()
            return .status(ExitStatus.success)
        } catch let e as ExitCode {
            return .status(e.rawValue)  // a verdict, not an error (compare: 1 = the films differ)
        } catch let e as CLIError {
            return .failure(e.message, code: e.code)
        } catch let e as OutputPlanError {
            return .failure(e.message, code: ExitStatus.of(e))
        } catch let e as VideoError {
            return .failure(e.description, code: code(for: e))
        } catch let e as RenderCancelled {
            return .failure(e.description, code: ExitStatus.interrupted)
        } catch let e as SceneError {
            return .failure("scene: \(e)", code: ExitStatus.dataError)
        } catch let e as ReviewError {
            return .failure(e.description, code: ExitStatus.dataError)  // a picture or comparison these films cannot give
        } catch let e as RenderError {
            return .failure(e.description, code: ExitStatus.ofFailedOutput(e))  // a write that failed is 74, a drawing 70
        } catch {
            if RenderGif.exitCode(for: error) == .success { return .print(RenderGif.fullMessage(for: error)) }
            return .failure(oneLine(RenderGif.message(for: error)), code: ExitStatus.usage)
        }
    }

    /// `render-gif -q stitch frames/ …` parsed `-q` as the default `render`'s flag and then called `stitch` and
    /// the folder "2 unexpected arguments". When a subcommand's name is among the unexpected words, say where it goes.
    static func misplacedSubcommand(_ arguments: [String], _ message: String) -> String {
        guard let first = arguments.first, !subcommandNames.contains(first), message.contains("unexpected argument"),
              let name = arguments.first(where: { $0 != "help" && subcommandNames.contains($0) }), message.contains("'\(name)'") else { return "" }
        return " ('\(name)' is a subcommand: it comes first, as in render-gif \(name) \(arguments.filter { $0 != name }.joined(separator: " ")))"
    }

    static func code(for error: VideoError) -> Int32 {
        switch error {
        case .ffmpegNotFound, .encoderMissing: return ExitStatus.unavailable
        case .targetNotWritable, .temporaryFolder: return ExitStatus.cannotCreate
        case .invalidFrameFormat, .invalidOptions, .unknownOutputFormat, .environment: return ExitStatus.usage
        case .programFailed, .frameSourceFailed, .outOfResources: return ExitStatus.software
        case .io: return ExitStatus.ioError
        case .noFrames, .unreadableFrame, .unreadablePart: return ExitStatus.noInput
        case .notAPart: return ExitStatus.dataError
        }
    }

    static func oneLine(_ text: String) -> String {
        text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty && !$0.hasPrefix("Usage:") && !$0.hasPrefix("See '") && !$0.hasPrefix("Help:") }
            .joined(separator: " ")
            .replacingOccurrences(of: "Error: ", with: "")
    }
}
