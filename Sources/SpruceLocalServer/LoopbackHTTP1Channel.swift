import HummingbirdCore
import Logging
import NIOCore
import NIOHTTP1

/// Hummingbird's HTTP/1 channel, closing a connection idle for `timeout` (Hummingbird's idle timeout), with
/// `ConnectionLifetime` and the same `timeout` between NIO's HTTP/1 codec and Hummingbird's conversion to HTTP types,
/// and `RequestStart` before the codec.
struct LoopbackHTTP1Channel: ServerChildChannel {
    let http1: HTTP1Channel
    let timeout: TimeAmount

    init(responder: @escaping HTTPChannelHandler.Responder, timeout: TimeAmount) {
        http1 = HTTP1Channel(responder: responder, configuration: .init(idleTimeout: timeout))
        self.timeout = timeout
    }

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<HTTP1Channel.Value> {
        let timeout = self.timeout
        return http1.setup(channel: channel, logger: logger).flatMapThrowing { value in
            let pipeline = channel.pipeline.syncOperations
            let decoder = try pipeline.context(handlerType: ByteToMessageHandler<HTTPRequestDecoder>.self)
            let lifetime = ConnectionLifetime(timeout: timeout)
            try pipeline.addHandler(lifetime, position: .after(decoder.handler))
            try pipeline.addHandler(RequestStart(lifetime), position: .before(decoder.handler))
            return value
        }
    }

    func handle(value: HTTP1Channel.Value, logger: Logger) async {
        await http1.handle(value: value, logger: logger)
    }

    /// The server of `Application(router:server:)`.
    static func server(timeout: TimeAmount) -> HTTPServerBuilder {
        HTTPServerBuilder { responder in LoopbackHTTP1Channel(responder: responder, timeout: timeout) }
    }
}
