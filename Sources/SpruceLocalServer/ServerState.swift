import Foundation
import Hummingbird
import Logging
import ServiceLifecycle
import Synchronization

/// What a loopback server knows of its own run, shared between the task that runs it and those that ask: the port
/// it bound, its service group, and whether a shutdown was asked for before the group was there to take it.
public final class ServerState: Sendable {
    private struct Run {
        var boundPort: Int?
        var group: ServiceGroup?
        var stopRequested = false
    }

    private let state = Mutex(Run())

    public init() {}

    /// The port the server listens on, once it does.
    public var port: Int? { state.withLock { $0.boundPort } }

    public func bound(_ port: Int) { state.withLock { $0.boundPort = port } }

    /// Keeps the group for `shutdown`; false when a shutdown came before the server started (it should not run).
    public func install(_ group: ServiceGroup) -> Bool {
        state.withLock { run in
            run.group = group
            return !run.stopRequested
        }
    }

    /// Starts a graceful shutdown of the group, or, before there is one, keeps it from running.
    public func shutdown() async {
        let group = state.withLock { run in
            run.stopRequested = true
            return run.group
        }
        await group?.triggerGracefulShutdown()
    }

    /// A server's logger (`label` names the server): errors only, on standard error.
    public static func logger(_ label: String) -> Logger {
        var logger = Logger(label: label)
        logger.logLevel = .error
        return logger
    }

    /// The HTTP/1 application on `host`:`port` (0: any free port), closing a connection idle for `idleSeconds`, or
    /// whose request takes longer than that from its first byte to the end of its body (`ConnectionLifetime`), and holding at most `maximumConnections` open (`ConnectionBound`); once it listens, the port it bound is kept here
    /// and told to `onReady`.
    public func application<Builder: HTTPResponderBuilder>(router: Builder, host: String, port: Int, idleSeconds: Int64,
                                                            maximumConnections: Int, logger: Logger,
                                                            onReady: @escaping @Sendable (Int) -> Void) -> Application<Builder.Responder> {
        Application(router: router, server: LoopbackHTTP1Channel.server(timeout: .seconds(idleSeconds)),
                    configuration: .init(address: .hostname(host, port: port),
                                         availableConnectionsDelegate: ConnectionBound.delegate(maximum: maximumConnections)),
                    onServerRunning: { [self] channel in
                        let p = channel.localAddress?.port ?? port
                        bound(p)
                        onReady(p)
                    }, logger: logger)
    }

    /// Runs `services` until a graceful shutdown (`shutdown()`, or SIGINT, SIGTERM, SIGHUP and SIGQUIT when
    /// `handlesSignals`), which may wait `grace` for requests in flight before cancelling what is left; returns at
    /// once when a shutdown came first. A signal the process ignores (`nohup`'s SIGHUP) is left ignored: a server
    /// started with `nohup` outlives the terminal.
    public func run(_ services: [any Service], handlesSignals: Bool, grace: Duration, logger: Logger) async throws {
        var configuration = ServiceGroupConfiguration(services: services,
                                                      gracefulShutdownSignals: handlesSignals ? [.sigint, .sigterm, .sighup, .sigquit] : [], logger: logger)
        configuration.gracefulShutdownSignals.removeAll { Self.isIgnored($0.rawValue) }
        configuration.maximumGracefulShutdownDuration = grace
        let group = ServiceGroup(configuration: configuration)
        if !install(group) { return }
        try await group.run()
    }

    /// Whether the process ignores `sig` (SIG_IGN): a handler installed for it would undo what the user asked for.
    private static func isIgnored(_ sig: Int32) -> Bool {
        var current = sigaction()
        return sigaction(sig, nil, &current) == 0
            && unsafeBitCast(current.__sigaction_handler.sa_handler, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self)
    }
}
