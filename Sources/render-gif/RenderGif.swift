import ArgumentParser
import Foundation
import SpruceRender
import SpruceScene
import SpruceVideo

/// The root command: `render` is the default, so `render-gif --sort cornered --out demo.gif` works.
struct RenderGif: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render-gif",
        abstract: "Spruce choreographies rendered offline to GIF, MP4, WebM and PNG.",
        discussion: "`render` is the default subcommand: `render-gif --sort cornered --out demo.gif`. "
            + "See `render-gif --help` for every flag and `render-gif stitch --help` for stitching frames.",
        subcommands: [Render.self, Stitch.self, Test.self, Compare.self],
        defaultSubcommand: Render.self)

    /// Parses, runs, and turns every failure into one line on stderr and a sysexits status — including
    /// argument-parser's own errors, whose default is a usage dump.
    static func entry(_ arguments: [String]) -> Never {
        // `render-gif --help` shows the default subcommand's flags, which is what people look for.
        let subcommands = ["render", "stitch", "test", "compare", "help"]
        if let first = arguments.first, !subcommands.contains(first),
           arguments.contains(where: { $0 == "--help" || $0 == "-h" }) {
            print(RenderGif.helpMessage(for: Render.self, columns: nil))
            Foundation.exit(0)
        }
        var command: ParsableCommand
        do {
            command = try RenderGif.parseAsRoot(arguments)
        } catch {
            if RenderGif.exitCode(for: error) == .success { RenderGif.exit(withError: error) }  // --help, help
            fail(oneLine(RenderGif.message(for: error)), code: ExitStatus.usage)
        }
        do {
            try command.run()
            Foundation.exit(ExitStatus.success)
        } catch let e as ExitCode {
            Foundation.exit(e.rawValue)  // a verdict, not an error (compare: 1 = the films differ)
        } catch let e as CLIError {
            fail(e.message, code: e.code)
        } catch let e as VideoError {
            fail(e.description, code: code(for: e))
        } catch let e as SceneError {
            fail("scene: \(e)", code: ExitStatus.dataError)
        } catch let e as RenderError {
            fail(e.description, code: ExitStatus.failure)
        } catch {
            if RenderGif.exitCode(for: error) == .success { RenderGif.exit(withError: error) }
            fail(oneLine(RenderGif.message(for: error)), code: ExitStatus.usage)
        }
    }

    static func code(for error: VideoError) -> Int32 {
        switch error {
        case .ffmpegNotFound, .encoderMissing: return ExitStatus.unavailable
        case .targetNotWritable: return ExitStatus.cannotCreate
        case .invalidFrameFormat, .invalidOptions, .unknownOutputFormat: return ExitStatus.usage
        case .cancelled: return ExitStatus.interrupted
        case .ffmpegFailed, .io, .frameSourceFailed: return ExitStatus.failure
        }
    }

    static func oneLine(_ text: String) -> String {
        text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty && !$0.hasPrefix("Usage:") && !$0.hasPrefix("See '") && !$0.hasPrefix("Help:") }
            .joined(separator: " ")
            .replacingOccurrences(of: "Error: ", with: "")
    }

    static func fail(_ message: String, code: Int32) -> Never {
        FileHandle.standardError.write(Data("render-gif: error: \(oneLine(message))\n".utf8))
        Foundation.exit(code)
    }
}
