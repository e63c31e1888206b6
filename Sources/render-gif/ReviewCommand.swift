import ArgumentParser
import Foundation
import SpruceProcess
import SpruceRender
import SpruceReviewServer
import SpruceScene

/// `render-gif review scenes/`: the scenes whose goldens differ, watched and accepted in a browser.
struct Review: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "review",
        abstract: "Review in the browser the scenes whose goldens differ, and accept or reject each.",
        discussion: """
            Plays every scene as `render-gif test` does and serves, on 127.0.0.1, a page listing those whose \
            goldens differ or are missing, worst first. For each: the expected and actual films in lockstep (the \
            scene posed with each motion golden's values), a difference overlay, the first differing time marked, \
            the filmstrip, timing rows and motion curves; Accept writes the scene's goldens (all, or one kind), \
            Reject leaves them. Keys: j/k move, a accept, r reject. Only the goldens folder is written. \
            See docs/Testing.md.

            EXAMPLES
              render-gif review scenes/
              render-gif review scenes/ --goldens goldens/ --port 0 --open
              render-gif review scenes/ --artifacts "$SNAPSHOT_ARTIFACTS"
              render-gif review --artifacts "$SNAPSHOT_ARTIFACTS"

            Ctrl-C ends the server and exits 0; it exits 69 when it cannot listen (a port in use).

            \(ExitStatus.help)
            """)

    @Argument(help: ArgumentHelp("Scene files (.json, .yaml, .yml) or folders of them (none: only --artifacts' failures).",
                                 valueName: "scene-or-folder"),
              completion: .file(extensions: ["json", "yaml", "yml"]))
    var paths: [String] = []

    @Option(help: ArgumentHelp("Folder of the goldens (default: a goldens/ folder beside each scene).", valueName: "dir"), completion: .directory)
    var goldens: String?

    @Option(help: ArgumentHelp("A swift-snapshot-testing artifacts folder (SNAPSHOT_ARTIFACTS): its failed film goldens are listed too.",
                               valueName: "dir"), completion: .directory)
    var artifacts: String?

    @Option(parsing: .unconditional,
            help: ArgumentHelp("TCP port (0 picks a free one).", valueName: "n"), transform: WholeArgument.parse)
    var port: Int = 7879

    @Flag(help: "Open the page in the default browser (xdg-open).")
    var open = false

    func validate() throws {
        guard (0...65535).contains(port) else { throw CLIError.usage("--port: must be 0…65535, got \(port)") }
        guard !paths.isEmpty || artifacts != nil else { throw CLIError.usage("review: give scene files or folders, or --artifacts") }
    }

    func run() throws {
        var launch = ReviewLaunch(paths: paths)
        (launch.goldens, launch.goldensLabel, launch.artifacts, launch.port) = (goldens, "--goldens", artifacts, port)
        let open = open
        do {
            try launch.serve(found: { StandardStreams.print("render-gif review: \($0.items.count) of \($0.scenesChecked) scenes differ from their goldens") },
                             listening: { address in
                try ServerAddress.announce("render-gif review: \(address)  (Ctrl-C stops)", address: address, open: open)
            })
        } catch let e as ReviewLaunchError {
            switch e {
            case .port(let port): throw CLIError.usage("--port: must be 0…65535, got \(port)")
            case .goldensFolder: throw CLIError(message: "\(e)", code: ExitStatus.noInput)
            case .artifactsFolder(let path): throw CLIError(message: "--artifacts '\(path)': not a folder", code: ExitStatus.noInput)
            case .cannotServe: throw CLIError(message: "review: \(e)", code: ExitStatus.unavailable)
            }
        } catch let e as SceneGoldenRunError {
            if case .clash = e { throw CLIError.usage("\(e)") }
            throw CLIError(message: "\(e)", code: ExitStatus.noInput)
        }
    }
}
