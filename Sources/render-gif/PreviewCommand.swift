import ArgumentParser
import Foundation
import SprucePreview
import SpruceProcess
import SpruceRender

/// `render-gif preview scene.yaml`: the film in a browser, redrawn when the file is saved.
struct Preview: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "preview",
        abstract: "Play a scene file in the browser, re-rendered every time the file is saved.",
        discussion: """
            Starts a local web server and prints its address. The page plays the film frame by frame as render-gif \
            draws it (play, pause, scrub, step, loop, speed), with its timing chart and motion curves, a form that \
            overrides the sort, animation and canvas, and an Export button (GIF, MP4, PNG) that writes into the \
            export folder as `render-gif --out` would. Saving the scene file reloads the film; an error in it is \
            shown with its line while the last good film keeps playing. Ctrl-C stops the server.

            The server listens on 127.0.0.1 only and answers only requests addressed to itself (Host and Origin \
            are checked); it reads files of the scene's folder only. See docs/Preview.md.

            EXAMPLES
              render-gif preview my-screen.yaml
              render-gif preview my-screen.yaml --port 0 --open

            Ctrl-C ends the server and exits 0; it exits 69 when it cannot listen on the address (a port in use).

            \(ExitStatus.help)
            """)

    @Argument(help: ArgumentHelp("The .json, .yaml or .yml scene file to watch.", valueName: "scene-file"), completion: .file(extensions: ["json", "yaml", "yml"]))
    var scene: String

    @Option(parsing: .unconditional,
            help: ArgumentHelp("TCP port (0 picks a free one).", valueName: "n"), transform: WholeArgument.parse)
    var port: Int = 7878

    @Option(help: ArgumentHelp("Address to listen on. One outside 127.0.0.0/8 and ::1 (however written) lets other machines in, "
                               + "with a warning.", valueName: "address"))
    var host: String = "127.0.0.1"

    @Flag(help: "Open the page in the default browser (xdg-open).")
    var open = false

    @Option(help: ArgumentHelp("Folder the Export button writes into (default: the scene file's folder).", valueName: "folder"), completion: .directory)
    var exportDir: String?

    func run() throws {
        var launch = PreviewLaunch(scene: scene)
        (launch.port, launch.host, launch.exportFolder) = (port, host, exportDir)
        let (host, open, name) = (host, open, SafeText.escaped(URL(plainPath: scene).lastPathComponent))
        do {
            try launch.serve(problem: {
                StandardStreams.writeError("render-gif: warning: \(SafeText.escaped($0)); the page shows it until the file is fixed\n")
            }, listening: { address in
                // Once listening: a host that cannot be bound is one line, the error, not a warning before it.
                if !PreviewLaunch.isLoopback(host) {
                    StandardStreams.writeError("render-gif: warning: --host \(host): the preview is reachable from other machines; "
                                               + "it has no password, and anyone who can reach it can read your scene's folder\n")
                }
                try ServerAddress.announce("render-gif preview: \(address)  (watching \(name); Ctrl-C stops)", address: address, open: open)
            })
        } catch let e as PreviewLaunchError {
            switch e {
            case .port(let port): throw CLIError.usage("--port: must be 0…65535, got \(port)")
            case .host(let host): throw CLIError.usage("--host: \"\(host)\" is not an address")
            case .notASceneFile(let path): throw CLIError.usage("preview watches a scene file (.json, .yaml, .yml), got \"\(path)\"")
            case .noSuchScene, .sceneNamedAsFolder, .sceneIsNotAFile: throw CLIError(message: "preview: \(e)", code: ExitStatus.noInput)
            case .exportFolder(let path): throw CLIError(message: "--export-dir '\(path)': not a folder", code: ExitStatus.cannotCreate)
            case .cannotServe: throw CLIError(message: "preview: \(e)", code: ExitStatus.unavailable)
            }
        }
    }
}
