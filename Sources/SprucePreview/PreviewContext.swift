import Hummingbird
import NIOCore

/// The preview's request context: Hummingbird's basic one and the request's connection, which a file transfer needs
/// to know when its pieces have reached the connection (`PreviewRoutes.streamed`).
struct PreviewContext: RequestContext {
    var coreContext: CoreRequestContextStorage
    let channel: any Channel

    init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        channel = source.channel
    }
}
