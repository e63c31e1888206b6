import ArgumentParser
import Foundation
import SprucePreview
import SpruceRender
import SpruceScene

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

    @Option(help: ArgumentHelp("TCP port (0 picks a free one).", valueName: "n"))
    var port: Int = 7878

    @Option(help: ArgumentHelp("Address to listen on. Anything but 127.0.0.1/localhost/::1 lets other machines in, "
                               + "with a warning.", valueName: "address"))
    var host: String = "127.0.0.1"

    @Flag(help: "Open the page in the default browser (xdg-open).")
    var open = false

    @Option(help: ArgumentHelp("Folder the Export button writes into (default: the scene file's folder).", valueName: "folder"), completion: .directory)
    var exportDir: String?

    func run() throws {
        guard (0...65535).contains(port) else { throw CLIError.usage("--port: must be 0…65535, got \(port)") }
        guard !host.isEmpty, host.utf8.count <= 253, !host.contains(where: { $0.isWhitespace || $0 == "/" }) else {
            throw CLIError.usage("--host: \"\(host)\" is not an address")
        }
        let sceneURL = URL(fileURLWithPath: scene)
        guard SceneCatalogue.fileExtensions.contains(sceneURL.pathExtension.lowercased()) else {
            throw CLIError.usage("preview watches a scene file (.json, .yaml, .yml), got \"\(scene)\"")
        }
        switch FileKind.of(scene) {
        case .regular: break
        case .missing: throw CLIError(message: "preview: no such scene file '\(scene)'", code: ExitStatus.noInput)
        case let kind: throw CLIError(message: "preview: '\(scene)' is \(kind.article), not a scene file", code: ExitStatus.noInput)
        }
        let folder = URL(fileURLWithPath: PathGuard.realPath(exportDir ?? sceneURL.deletingLastPathComponent().path))
        guard FileKind.of(folder.path) == .directory else {
            throw CLIError(message: "--export-dir '\(exportDir ?? "")': not a folder", code: ExitStatus.cannotCreate)
        }
        let session = try PreviewSession(sceneURL: sceneURL)
        let sceneFile = sceneURL.path
        let export = PreviewExport(folder: folder) { target in
            var plan = OutputPlan()
            plan.output("export", target.path)
            plan.input("the scene file", sceneFile)
            if let doc = session.film?.player.document { for (place, url) in doc.imageInputs { plan.input("the image of \(place)", url.path) } }
            do { try plan.check() } catch let e as OutputPlanError { throw PreviewError.export(e.message) }
        }
        if let problem = session.state()["error"] as? [String: Any], let message = problem["message"] as? String {
            StandardStreams.writeError("render-gif: warning: \(SafeText.escaped(message)); the page shows it until the file is fixed\n")
        }
        let server = PreviewServer(session: session, host: host, port: port, export: export)
        let host = self.host, open = self.open
        let done = DispatchSemaphore(value: 0)
        let failure = LockedError(), unwritten = LockedError()
        Task {
            do {
                try await server.run(handlesSignals: true) { port in
                    // Once listening: a host that cannot be bound is one line, the error, not a warning before it.
                    if !Self.isLoopback(host) {
                        StandardStreams.writeError("render-gif: warning: --host \(host): the preview is reachable from other machines; "
                                                   + "it has no password, and anyone who can reach it can read your scene's folder\n")
                    }
                    let shown = host.contains(":") ? "[\(host)]" : host
                    StandardStreams.print("render-gif preview: http://\(shown):\(port)/  (watching \(SafeText.escaped(sceneURL.lastPathComponent)); Ctrl-C stops)")
                    // The address is what the user needs: a server nobody can be told about stops and the command
                    // ends (74), as every command whose output cannot be written does.
                    do { try StandardStreams.flushOutput() } catch {
                        unwritten.set(error)
                        Task { await server.shutdown() }
                        return
                    }
                    if open { Preview.openBrowser("http://\(shown):\(port)/") }
                }
            } catch {
                failure.set(error)
            }
            done.signal()
        }
        done.wait()
        if let error = unwritten.error { throw error }
        if let error = failure.error {
            throw CLIError(message: "preview: cannot serve on \(host):\(port): \(error)", code: ExitStatus.unavailable)
        }
    }

    static func openBrowser(_ address: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["xdg-open", address]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch {
            StandardStreams.writeError("render-gif: warning: --open: cannot start xdg-open; open \(address) yourself\n")
        }
    }
}

/// The server task's error, handed to the main thread.
final class LockedError: @unchecked Sendable {
    private let lock = NSLock()
    private(set) var error: Error? {
        get { lock.lock(); defer { lock.unlock() }; return stored }
        set { lock.lock(); stored = newValue; lock.unlock() }
    }
    private var stored: Error?
    func set(_ e: Error) { error = e }
}


extension Preview {
    /// Whether `host` names this machine only: `localhost` (any case), 127.0.0.0/8, or ::1 (written any way).
    static func isLoopback(_ host: String) -> Bool {
        if host.lowercased() == "localhost" { return true }
        var v4 = in_addr()
        if inet_pton(AF_INET, host, &v4) == 1 { return UInt32(bigEndian: v4.s_addr) >> 24 == 127 }
        var v6 = in6_addr(), loopback = in6addr_loopback
        return inet_pton(AF_INET6, host, &v6) == 1 && memcmp(&v6, &loopback, MemoryLayout<in6_addr>.size) == 0
    }
}
