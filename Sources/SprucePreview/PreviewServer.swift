import Foundation
import Hummingbird
import Logging
import ServiceLifecycle
import SpruceLocalServer
import SpruceRender

/// `render-gif preview`'s server: Hummingbird on one address (loopback unless told otherwise), the scene file
/// watched beside it, every request checked by `HostGuard` and by `TokenGuard`: the page too is served only to a
/// request that carries this launch's token (the address the command prints holds it), so another user of the machine,
/// who can connect to the port but not see the address, can neither read the scene's folder nor export. `run` returns after a graceful shutdown — Ctrl-C,
/// SIGTERM, SIGHUP or SIGQUIT when `handlesSignals`, or `shutdown()` — which ends the event streams, stops an export
/// and the watcher.
public final class PreviewServer: @unchecked Sendable {
    public struct Limits: Sendable {
        /// Bytes of a POST body (the form, an export request).
        public var maximumBody = 16 << 10
        /// Bytes of a file served from the scene's folder.
        public var maximumFile = 8 << 20
        /// Renders at once, and requests waiting for one before the server answers 503.
        public var renders = 2
        public var waiting = 64
        /// Open event streams.
        public var maximumStreams = 64
        /// Files from the scene's folder being sent at once (each holds at most `maximumFile` bytes in flight).
        public var fileTransfers = 8
        /// Seconds a file transfer waits for its reader to take a piece before it closes the connection.
        public var stallSeconds = 30
        /// Bytes of encoded frames kept.
        public var cacheBytes = 256 << 20
        /// Seconds a connection may sit between requests, or take from a request's first byte to the end of its body,
        /// before it is closed (a response being sent, such as an event stream, is never idle; `ConnectionLifetime`).
        public var idleSeconds = 60
        /// Connections open at once; more wait in the kernel's listen queue (`ConnectionBound`).
        public var maximumConnections = ConnectionBound.standard
        public init() {}
    }

    public let session: PreviewSession
    public let host: String
    public let frames: FrameService
    let routes: PreviewRoutes
    private let requestedPort: Int
    private let state = ServerState()

    /// What every request must carry (`TokenGuard`): in the page's address and its pictures' as `?token=`, in the
    /// `X-Review-Token` header of what the page sends.
    public let token: String

    public init(session: PreviewSession, host: String = "127.0.0.1", port: Int = 0, limits: Limits = Limits(), export: PreviewExport,
                token: String = TokenGuard<BasicRequestContext>.makeToken()) {
        self.session = session
        self.token = token
        self.host = host
        requestedPort = port
        frames = FrameService(cache: FrameCache(budget: limits.cacheBytes), renderLimit: limits.renders, queueLimit: limits.waiting)
        let frames = self.frames
        session.onNewFilm = { frames.prime($0) }
        routes = PreviewRoutes(session: session, frames: frames, export: export, limits: limits,
                               streams: Slots(count: limits.maximumStreams), fileTransfers: Slots(count: limits.fileTransfers))
        idleSeconds = Int64(max(1, limits.idleSeconds))
        maximumConnections = limits.maximumConnections
    }

    private let idleSeconds: Int64
    private let maximumConnections: Int

    /// The port the server listens on, once it does.
    public var port: Int? { state.port }

    /// Serves until shut down. `onReady` gets the bound port.
    public func run(handlesSignals: Bool, onReady: @escaping @Sendable (Int) -> Void = { _ in }) async throws {
        let logger = Self.logger
        // HEAD answers as GET would, headers only (curl -I and uptime checks got 404).
        let router = Router(context: PreviewContext.self, options: .autoGenerateHeadEndpoints)
        router.add(middleware: HostGuard { [self] in HostGuard<PreviewContext>.names(host: host, port: port ?? -1) })
        router.add(middleware: TokenGuard(token: token, open: []))
        let allowed = AllowedMethods()
        router.add(middleware: MethodGuard(allowed))
        routes.add(to: KnownRoutes(router, allowed))
        let app = state.application(router: router, host: host, port: requestedPort, idleSeconds: idleSeconds,
                                    maximumConnections: maximumConnections, logger: logger, onReady: onReady)
        defer { routes.export.cancellation.cancel() }
        // A request still waiting for a body its client never finishes would hold the shutdown until the idle
        // timeout; after `shutdownGrace` the shutdown cancels what is left (connections closed, the export stopped).
        try await state.run([app, WatchService(session: session, cancellation: routes.export.cancellation)],
                            handlesSignals: handlesSignals, grace: Self.shutdownGrace, logger: logger)
    }

    /// Errors only, on standard error (`ServerState.logger`): among them each request that failed (`LocalResponse.failure`).
    static var logger: Logger { ServerState.logger("render-gif preview") }

    /// How long a graceful shutdown may wait for requests in flight.
    public static let shutdownGrace: Duration = .seconds(2)

    /// Starts a graceful shutdown (as Ctrl-C does).
    public func shutdown() async {
        routes.export.cancellation.cancel()
        await state.shutdown()
    }
}

/// Watches the scene file until the server shuts down; the shutdown also stops an export in progress.
struct WatchService: Service {
    let session: PreviewSession
    let cancellation: RenderCancellation
    func run() async throws {
        let cancellation = self.cancellation
        await withGracefulShutdownHandler {
            await cancelWhenGracefulShutdown { await session.watch() }
        } onGracefulShutdown: {
            cancellation.cancel()
        }
    }
}
