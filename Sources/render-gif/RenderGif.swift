import ArgumentParser
import Foundation
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

    /// Parses, runs, and turns every failure into one line on stderr and a sysexits status — including
    /// argument-parser's own errors, whose default is a usage dump.
    static func entry(_ arguments: [String]) -> Never {
        StandardStreams.prepare()
        failure(of: DispatchEventLoop.start)?.exit()
        // `render-gif --help` shows the default subcommand's flags, which is what people look for.
        let subcommands = ["render", "stitch", "test", "compare", "preview", "review", "join", "batch", "help"]
        if let first = arguments.first, !subcommands.contains(first),
           arguments.contains(where: { $0 == "--help" || $0 == "-h" }) {
            printAndExit(RenderGif.helpMessage(for: Render.self, columns: nil))
        }
        // argument-parser answers `help NAME` for a name that is no command with the root help and status 0.
        if arguments.first == "help", let name = arguments.dropFirst().first(where: { !$0.hasPrefix("-") }), !subcommands.contains(name) {
            fail(Names.unknown(name, flag: "help", allowed: subcommands.filter { $0 != "help" }), code: ExitStatus.usage)
        }
        if let script = CompletionShape.script(for: arguments) {
            printAndExit(script)
        }
        // Each step hands back how the process ends, and only then does it end: an error still held by a `catch`
        // when the process exits is memory the leak checker finds unreachable.
        let command: ParsableCommand
        switch parse(arguments, subcommands) {
        case .run(let parsed): command = parsed
        case .end(let ending): ending.exit()
        }
        run(command).exit()
    }

    /// How the process ends: a status, after text for standard output or one line on stderr.
    enum Ending {
        case status(Int32)
        case print(String)
        case failure(String, code: Int32)

        func exit() -> Never {
            switch self {
            case .status(let code): finish(code)
            case .print(let text): printAndExit(text)
            case .failure(let message, let code): fail(message, code: code)
            }
        }
    }

    /// The ending a `CLIError` from `body` asks for; nil when it succeeds or throws anything else.
    static func failure(of body: () throws -> Void) -> Ending? {
        do { try body(); return nil } catch let e as CLIError { return .failure(e.message, code: e.code) } catch { return nil }
    }

    enum Parsed {
        case run(ParsableCommand)
        case end(Ending)
    }

    static func parse(_ arguments: [String], _ subcommands: [String]) -> Parsed {
        do {
            return .run(try RenderGif.parseAsRoot(arguments))
        } catch {
            if RenderGif.exitCode(for: error) == .success { return .end(.print(RenderGif.fullMessage(for: error))) }  // --help, help, --version
            let message = oneLine(RenderGif.message(for: error))
            return .end(.failure(message + misplacedSubcommand(arguments, subcommands, message), code: ExitStatus.usage))
        }
    }

    static func run(_ command: ParsableCommand) -> Ending {
        var command = command
        do {
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

    /// Help, the version and completion scripts go to standard output like any output.
    static func printAndExit(_ text: String) -> Never {
        StandardStreams.print(text)
        finish(ExitStatus.success)
    }

    /// Every command ends here or in `fail`: what it printed on standard output is flushed first, and output that
    /// cannot be written (`> /dev/full`, `>&-`, a closed pipe) is exit 74 with one line, not `code` with the results
    /// lost.
    static func finish(_ code: Int32) -> Never {
        failUnlessOutputWritten()
        Foundation.exit(code)
    }

    /// Flushes standard output and ends with its error (74, one line) when what was printed could not be written.
    static func failUnlessOutputWritten() {
        failure(of: StandardStreams.flushOutput)?.exit()
    }

    /// `render-gif -q stitch frames/ …` parsed `-q` as the default `render`'s flag and then called `stitch` and
    /// the folder "2 unexpected arguments". When a subcommand's name is among the unexpected words, say where it goes.
    static func misplacedSubcommand(_ arguments: [String], _ subcommands: [String], _ message: String) -> String {
        guard let first = arguments.first, !subcommands.contains(first), message.contains("unexpected argument"),
              let name = arguments.first(where: { $0 != "help" && subcommands.contains($0) }), message.contains("'\(name)'") else { return "" }
        return " ('\(name)' is a subcommand: it comes first, as in render-gif \(name) \(arguments.filter { $0 != name }.joined(separator: " ")))"
    }

    static func code(for error: VideoError) -> Int32 {
        switch error {
        case .ffmpegNotFound, .encoderMissing: return ExitStatus.unavailable
        case .targetNotWritable, .temporaryFolder: return ExitStatus.cannotCreate
        case .invalidFrameFormat, .invalidOptions, .unknownOutputFormat: return ExitStatus.usage
        case .ffmpegFailed, .frameSourceFailed, .outOfResources: return ExitStatus.software
        case .io: return ExitStatus.ioError
        case .noFrames, .unreadableFrame: return ExitStatus.noInput
        case .notAPart: return ExitStatus.dataError
        }
    }

    static func oneLine(_ text: String) -> String {
        text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty && !$0.hasPrefix("Usage:") && !$0.hasPrefix("See '") && !$0.hasPrefix("Help:") }
            .joined(separator: " ")
            .replacingOccurrences(of: "Error: ", with: "")
    }

    /// One line on stderr (user-given text in it escaped), then exit. argument-parser's messages come through
    /// `oneLine` first; ours are one line already, so a line break in them came from the user and is escaped.
    /// If a second Ctrl-C has already claimed the final line (`Interrupts`), that answer stands: its cleanup ends
    /// the process in a moment with its own line and status, so this one waits for it instead. A verdict below 64
    /// (`test`: a scene differs) whose results could not be written on standard output becomes that I/O error (74);
    /// an error (64 and up) stands, as the one line.
    static func fail(_ message: String, code: Int32) -> Never {
        if code < ExitStatus.usage { failUnlessOutputWritten() }
        guard FinalLine.claim() else {
            for _ in 0..<500 { usleep(10_000) }  // the signal thread's `_exit` comes first; this is a safety net
            Foundation.exit(code)
        }
        StandardStreams.writeError("render-gif: error: \(SafeText.escaped(message))\n")
        RenderPhase.exiting()
        Foundation.exit(code)
    }
}
