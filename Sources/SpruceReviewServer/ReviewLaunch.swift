import Foundation
import SpruceFilm
import SpruceLocalServer
import SpruceRender
import SpruceScene

/// `render-gif review` from its settings to a running server: the port and the goldens folder checked, the port
/// held, every scene played against its goldens (`ReviewCatalogue`), and the server run on loopback on the port held
/// until it shuts down.
/// `serve` is the one call.
public struct ReviewLaunch {
    public var paths: [String]
    public var goldens: String?
    /// How the scenes' messages name `goldens` (a command line passes its flag).
    public var goldensLabel = SceneGoldenRun.Labels().goldens
    /// A swift-snapshot-testing artifacts folder (`SNAPSHOT_ARTIFACTS`) whose failed film goldens are listed too.
    public var artifacts: String?
    /// 0 picks a free port.
    public var port = 7879
    public let host = "127.0.0.1"

    public init(paths: [String]) { self.paths = paths }

    /// Refuses a port out of range and a goldens folder that is something other than a folder, before any scene is
    /// played. A goldens folder not there yet is taken as `render-gif test` takes it: every golden is new, and the
    /// first Accept makes the folder.
    public func validate() throws {
        guard (0...65535).contains(port) else { throw ReviewLaunchError.port(port) }
        if let goldens {
            // The check `render-gif test` makes, so that both say the same of the same folder.
            do { try FilmGoldens.checkFolder(goldens) } catch let problem as FilmGoldensFolderProblem {
                throw ReviewLaunchError.goldensFolder(label: goldensLabel, goldens, problem)
            }
        }
        if let artifacts, FileKind.of(artifacts) != .directory { throw ReviewLaunchError.artifactsFolder(artifacts) }
    }

    /// Validates, holds the port (`PortReservation`: a port in use is said before any scene is played), plays every
    /// scene, then serves on that port until the server shuts down (Ctrl-C, SIGTERM, SIGHUP, SIGQUIT). `found` is
    /// told how many scenes differ of how many; `listening` the page's address once the server listens (when it
    /// throws, the server shuts down and `serve` throws its error). Throws `SceneGoldenRunError` for the scenes,
    /// `ReviewLaunchError.cannotServe` when the port cannot be held or the server cannot listen.
    public func serve(found: (ReviewCatalogue) -> Void, listening: @escaping @Sendable (String) throws -> Void) throws {
        try validate()
        let reservation: PortReservation
        do { reservation = try PortReservation(host: host, port: port) } catch {
            throw ReviewLaunchError.cannotServe(host: host, port: port, "\(error)")
        }
        defer { reservation.release() }
        let catalogue = try ReviewCatalogue(paths: paths, goldens: goldens, goldensLabel: goldensLabel)
        found(catalogue)
        let server = ReviewServer(catalogue: catalogue, artifacts: artifacts.map { URL(plainPath: $0) }, host: host, port: reservation.port)
        reservation.release()
        let address = "http://\(host):"
        let failure = try BlockingServe.serve(run: { try await server.run(handlesSignals: true, onReady: $0) }, shutdown: { await server.shutdown() },
                                              listening: { try listening(address + "\($0)/?token=\(server.token)") })
        if let error = failure { throw ReviewLaunchError.cannotServe(host: host, port: port, "\(error)") }
    }
}

/// Why a review could not start; `description` says it in one line.
public enum ReviewLaunchError: Error, Equatable, CustomStringConvertible {
    case port(Int)
    /// `label` names the folder as the caller's `ReviewLaunch.goldensLabel` does (a command line passes its flag);
    /// the problem is what `render-gif test` says of it.
    case goldensFolder(label: String, String, FilmGoldensFolderProblem)
    case artifactsFolder(String)
    case cannotServe(host: String, port: Int, String)

    public var description: String {
        switch self {
        case .port(let port): "the port must be 0…65535, got \(port)"
        case let .goldensFolder(label, path, problem): "\(label) '\(path)': \(problem)"
        case .artifactsFolder(let path): "the artifacts folder '\(path)': not a folder"
        case let .cannotServe(host, port, reason): "cannot serve on \(host):\(port): \(reason)"
        }
    }
}
