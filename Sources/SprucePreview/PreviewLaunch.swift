import Foundation
import SpruceLocalServer
import SprucePreviewModel
import SpruceRender
import SpruceScene

/// `render-gif preview` from its settings to a running server: the scene file and export folder checked, the
/// session made, every export checked as an output (`OutputPlan`: never over the scene file or an image it shows),
/// and the server run on `host`:`port` until it shuts down. `serve` is the one call.
public struct PreviewLaunch {
    public var scene: String
    /// 0 picks a free port.
    public var port = 7878
    /// An address or a name; an IPv6 address may be bracketed as in a URL (`[::1]`).
    public var host = "127.0.0.1"
    /// The folder exports go into; nil: the scene file's folder.
    public var exportFolder: String?

    public init(scene: String) { self.scene = scene }

    /// Refuses, before anything is served, a port out of range, a host that is no address, a path that is not a
    /// scene file, and an export folder that is not a folder.
    public func validate() throws {
        guard (0...65535).contains(port) else { throw PreviewLaunchError.port(port) }
        guard !host.isEmpty, host.utf8.count <= 253, !host.contains(where: { $0.isWhitespace || $0 == "/" }) else {
            throw PreviewLaunchError.host(host)
        }
        guard SceneCatalogue.fileExtensions.contains(URL(plainPath: scene).pathExtension.lowercased()) else {
            throw PreviewLaunchError.notASceneFile(scene)
        }
        switch FileKind.of(scene) {
        case .regular: break
        case .missing where FileKind.isFileNamedAsFolder(scene): throw PreviewLaunchError.sceneNamedAsFolder(scene)
        case .missing: throw PreviewLaunchError.noSuchScene(scene)
        case let kind: throw PreviewLaunchError.sceneIsNotAFile(scene, kind.article)
        }
        guard FileKind.of(exportURL.path) == .directory else { throw PreviewLaunchError.exportFolder(exportFolder ?? "") }
    }

    private var exportURL: URL {
        URL(plainPath: PathGuard.realPath(exportFolder ?? URL(plainPath: scene).deletingLastPathComponent().path))
    }

    /// Whether `host` reaches this machine only (`isLoopback(_:)`).
    public var isLoopback: Bool { Self.isLoopback(host) }

    /// Validates, then serves until the server shuts down (Ctrl-C, SIGTERM, SIGHUP, SIGQUIT). `problem` is told the
    /// scene file's error, if it has one at the start (the page shows it until the file is fixed); `listening` the
    /// page's address once the server listens: when it throws, the server shuts down and `serve` throws its error.
    /// A server that cannot listen throws `PreviewLaunchError.cannotServe`.
    public func serve(problem: (String) -> Void, listening: @escaping @Sendable (String) throws -> Void) throws {
        try validate()
        let sceneURL = URL(plainPath: scene)
        let session = try PreviewSession(sceneURL: sceneURL)
        let sceneFile = sceneURL.path
        let export = PreviewExport(folder: exportURL) { target in
            var plan = OutputPlan()
            plan.output("export", target.path)
            plan.input("the scene file", sceneFile)
            if let doc = session.film?.player.document { for (place, url) in doc.imageInputs { plan.input("the image of \(place)", url.path) } }
            do { try plan.check() } catch let e as OutputPlanError { throw PreviewError.export(e.message) }
        }
        if let error = session.state()["error"] as? [String: Any], let message = error["message"] as? String { problem(message) }
        let bound = Loopback.unbracketed(host)
        let server = PreviewServer(session: session, host: bound, port: port, export: export)
        let shown = bound.contains(":") ? "[\(bound)]" : bound
        let failure = try BlockingServe.serve(run: { try await server.run(handlesSignals: true, onReady: $0) }, shutdown: { await server.shutdown() },
                                              listening: { try listening("http://\(shown):\($0)/?token=\(server.token)") })
        if let error = failure { throw PreviewLaunchError.cannotServe(host: host, port: port, "\(error)") }
    }

    /// Opens `address` in the default browser (xdg-open); false when it cannot be started.
    public static func openBrowser(_ address: String) -> Bool {
        let process = Process()
        process.executableURL = URL(plainPath: "/usr/bin/env")
        process.arguments = ["xdg-open", address]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch { return false }
        return true
    }

    /// Whether every address `host` resolves to is this machine's only: 127.0.0.0/8 or ::1, however spelled
    /// (`Loopback`).
    public static func isLoopback(_ host: String) -> Bool { Loopback.isLoopback(host) }
}

/// Why a preview could not start; `description` says it in one line.
public enum PreviewLaunchError: Error, Equatable, CustomStringConvertible {
    case port(Int)
    case host(String)
    /// A path whose extension is not a scene file's.
    case notASceneFile(String)
    case noSuchScene(String)
    /// The path ends in `/`, a folder's name, and names a file.
    case sceneNamedAsFolder(String)
    /// A folder, FIFO or device where the scene file should be: the path and what it is.
    case sceneIsNotAFile(String, String)
    /// The export folder as given (empty: the scene file's folder).
    case exportFolder(String)
    /// The server could not listen (a port in use, an address not of this machine).
    case cannotServe(host: String, port: Int, String)

    public var description: String {
        switch self {
        case .port(let port): "the port must be 0…65535, got \(port)"
        case .host(let host): "\"\(host)\" is not an address"
        case .notASceneFile(let path): "a preview watches a scene file (.json, .yaml, .yml), got \"\(path)\""
        case .noSuchScene(let path): "no such scene file '\(path)'"
        case .sceneNamedAsFolder(let path): "'\(path)': \(FileKind.fileNamedAsFolder)"
        case let .sceneIsNotAFile(path, what): "'\(path)' is \(what), not a scene file"
        case .exportFolder(let path): "the export folder '\(path)': not a folder"
        case let .cannotServe(host, port, reason): "cannot serve on \(host):\(port): \(reason)"
        }
    }
}
