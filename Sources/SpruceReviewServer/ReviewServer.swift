import Foundation
import Hummingbird
import Logging
import SpruceLocalServer

/// `render-gif review`'s server: Hummingbird on one loopback address, every request checked by `HostGuard` (its
/// Host and Origin are this server's) and `TokenGuard` (it carries this launch's token), bodies and renders
/// bounded. `run` returns after a graceful shutdown: Ctrl-C, SIGTERM, SIGHUP or SIGQUIT when `handlesSignals`, or
/// `shutdown()`. The server writes nothing but the goldens an accept asks for.
public final class ReviewServer: @unchecked Sendable {
    public struct Limits: Sendable {
        /// Bytes of a POST body: an accept's kinds, the ids of "accept all shown".
        public var maximumBody = 64 << 10
        /// Posed frame pairs drawn, or accepts written, at once; `waiting` more queue, and the next is answered 503.
        public var renders = 2, waiting = 64
        /// Bytes of PNG frames and strips kept, the least recently used dropped first.
        public var cacheBytes = 256 << 20
        /// Seconds a connection may sit idle, or take from a request's first byte to the end of its body, before it is
        /// closed (`ConnectionLifetime`).
        public var idleSeconds = 60
        /// Connections open at once; more wait in the kernel's listen queue (`ConnectionBound`).
        public var maximumConnections = ConnectionBound.standard
        public init() {}
    }

    public let catalogue: ReviewCatalogue
    public let host: String
    /// The token every request but the page's own must carry.
    public let token: String
    /// The routes and their bounds (internal: the tests of the bounds hold its render slots).
    let routes: ReviewRoutes
    private let requestedPort: Int
    private let idleSeconds: Int64
    private let maximumConnections: Int
    private let state = ServerState()

    /// `artifacts`: a swift-snapshot-testing artifacts folder whose failed film goldens are listed too.
    public init(catalogue: ReviewCatalogue, artifacts: URL? = nil, host: String = "127.0.0.1", port: Int = 0, limits: Limits = Limits(),
                token: String = TokenGuard<BasicRequestContext>.makeToken()) {
        (self.catalogue, self.host, self.token, requestedPort) = (catalogue, host, token, port)
        routes = ReviewRoutes(catalogue: catalogue, snapshots: artifacts.map(SnapshotFailures.init(artifacts:)), limits: limits, token: token)
        idleSeconds = Int64(max(1, limits.idleSeconds))
        maximumConnections = limits.maximumConnections
    }

    /// The port the server listens on, once it does.
    public var port: Int? { state.port }

    /// The router: the guards, then every route (`ReviewRoutes`).
    func buildRouter() -> Router<BasicRequestContext> {
        let router = Router(context: BasicRequestContext.self, options: .autoGenerateHeadEndpoints)
        router.add(middleware: HostGuard { [self] in HostGuard<BasicRequestContext>.names(host: host, port: port ?? -1) })
        router.add(middleware: TokenGuard(token: token, open: []))  // the page too: its address carries the token
        let allowed = AllowedMethods()
        router.add(middleware: MethodGuard(allowed))
        routes.add(to: KnownRoutes(router, allowed))
        return router
    }

    /// The application on `host`:`port`, telling `onReady` the port it bound.
    func buildApplication(onReady: @escaping @Sendable (Int) -> Void) -> some ApplicationProtocol {
        state.application(router: buildRouter(), host: host, port: requestedPort, idleSeconds: idleSeconds,
                          maximumConnections: maximumConnections, logger: Self.logger, onReady: onReady)
    }

    /// Serves until shut down. `onReady` gets the bound port.
    public func run(handlesSignals: Bool, onReady: @escaping @Sendable (Int) -> Void = { _ in }) async throws {
        try await state.run([buildApplication(onReady: onReady)], handlesSignals: handlesSignals, grace: .seconds(2), logger: Self.logger)
    }

    /// Errors only, on standard error (`ServerState.logger`): among them each request that failed (`LocalResponse.failure`).
    static var logger: Logger { ServerState.logger("render-gif review") }

    /// Starts a graceful shutdown (as Ctrl-C does).
    public func shutdown() async { await state.shutdown() }
}
