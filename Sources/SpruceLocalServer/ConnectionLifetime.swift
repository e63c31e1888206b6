import NIOCore
import NIOHTTP1

/// When a loopback server's connection ends, beyond Hummingbird's idle timeout (which closes a connection idle
/// between requests for `timeout`):
/// - a request must arrive whole, head and body, within `timeout` of its first byte (`RequestStart` tells when that
///   came), else the connection is closed (with 408 Request Timeout when its head came and no answer to it was
///   begun): a client sending a request a byte at a time holds no connection for longer. A request pipelined
///   behind another is timed from the read that brought its first byte too, even when that read also brought the
///   end of the one before: `RequestStart` hands the decoder a read in pieces, each ending where a request may end
///   (the end of a head, of a body of known length, of a chunked body: `ChunkedBodyEnd`);
/// - a request answered before its body arrived whole (a refusal: 403, 413, 400) is answered with
///   `Connection: close`; once the answer is written the connection's sending side is shut (the client reads the
///   answer and its end), and the rest of the body is read and dropped, at most `drainBytes` of it for at most
///   `drainTime`, before the connection is closed: closing it with the body unread would send the client a reset,
///   which can reach it before it has read the answer;
/// - an HTTP/1.0 request is answered in HTTP/1.0 with `Connection: close` and the connection closed after the answer:
///   a body of unknown length (the event stream) goes unchunked, HTTP/1.0 having no chunks, and ends with the
///   connection.
/// It sits between NIO's HTTP/1 decoder and encoder and Hummingbird's conversion to HTTP types.
final class ConnectionLifetime: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias InboundOut = HTTPServerRequestPart
    typealias OutboundIn = HTTPServerResponsePart
    typealias OutboundOut = HTTPServerResponsePart

    /// The most of a refused request's body read and dropped after the answer, and for how long at most.
    static let drainBytes = 8 << 20
    static let drainTime: TimeAmount = .seconds(2)

    private let timeout: TimeAmount
    private var context: ChannelHandlerContext?
    private var deadline: Scheduled<Void>?
    /// Whether a request's first byte came and its end did not.
    private var requestOpen = false
    /// Whether the open request's head was decoded, and how many bytes of its body are still to come when its
    /// `Content-Length` tells (nil: no head yet, or a chunked body).
    private var headRead = false, bodyLeft: Int?
    /// Where the open request's chunked body ends; nil: no head yet, or a body of known length.
    private var chunks: ChunkedBodyEnd?
    /// Requests whose head was read, requests read to their end, answers begun: the n-th answer is the n-th request's.
    private var requestsBegun = 0, requestsEnded = 0, answersBegun = 0
    /// The first HTTP/1.0 request, whose answer is the connection's last.
    private var oneZeroRequest: Int?
    private var closesAfterAnswer = false
    /// Bytes of body dropped since the answer to a request whose body had not all come; nil before such an answer.
    private var drained: Int?

    init(timeout: TimeAmount) { self.timeout = timeout }

    func handlerAdded(context: ChannelHandlerContext) { self.context = context }

    func handlerRemoved(context: ChannelHandlerContext) {
        cancelDeadline()
        self.context = nil
    }

    /// Bytes came from the client (`RequestStart`): the first of a request starts its deadline.
    func bytesArrived() {
        guard !requestOpen, drained == nil, let context else { return }
        requestOpen = true
        startDeadline(context)
    }

    /// How many of `bytes`, the next the decoder reads, to hand it before looking again: up to the blank line that
    /// ends a head not decoded yet, or to the end of a body, where a request ends and the next may begin; all of
    /// them otherwise.
    func piece(of bytes: ByteBuffer) -> Int {
        let all = bytes.readableBytes
        guard drained == nil else { return all }
        guard headRead else { return bytes.readableBytesView.endOfHead ?? all }
        if chunks != nil { return chunks!.end(in: bytes.readableBytesView) ?? all }
        guard let left = bodyLeft, left > 0 else { return all }
        return min(left, all)
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let part = unwrapInboundIn(data)
        if let count = drained { return drain(context, part, count) }
        switch part {
        case .head(let head):
            headRead = true
            let chunked = !head.headers["transfer-encoding"].isEmpty
            bodyLeft = chunked ? nil : head.headers["content-length"].first.flatMap { Int($0) } ?? 0
            chunks = chunked ? ChunkedBodyEnd() : nil
            requestsBegun += 1
            if head.version == .http1_0, oneZeroRequest == nil { oneZeroRequest = requestsBegun }
            // The request began in bytes read with the previous one's end: its deadline starts now.
            if !requestOpen {
                requestOpen = true
                startDeadline(context)
            }
        case .body(let bytes):
            bodyLeft = bodyLeft.map { $0 - bytes.readableBytes }
        case .end:
            requestsEnded += 1
            (requestOpen, headRead, bodyLeft, chunks) = (false, false, nil, nil)
            cancelDeadline()
        }
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        switch unwrapOutboundIn(data) {
        case .head(var head):
            answersBegun += 1
            if answersBegun == oneZeroRequest { head.version = .http1_0 }
            guard requestsEnded < answersBegun || answersBegun == oneZeroRequest else { return context.write(data, promise: promise) }
            closesAfterAnswer = true
            head.headers.replaceOrAdd(name: "connection", value: "close")
            context.write(wrapOutboundOut(.head(head)), promise: promise)
        case .body:
            context.write(data, promise: promise)
        case .end:
            guard closesAfterAnswer else { return context.write(data, promise: promise) }
            guard requestsEnded < answersBegun else { return writeAndClose(context, data, promise: promise) }
            writeAndDrain(context, data, promise: promise)
        }
    }

    func channelInactive(context: ChannelHandlerContext) {
        cancelDeadline()
        context.fireChannelInactive()
    }

    private func startDeadline(_ context: ChannelHandlerContext) {
        cancelDeadline()
        deadline = context.eventLoop.assumeIsolated().scheduleTask(in: timeout) { [self] in requestTimedOut(context) }
    }

    private func requestTimedOut(_ context: ChannelHandlerContext) {
        deadline = nil
        guard drained == nil, answersBegun < requestsBegun else { return context.close(promise: nil) }
        answersBegun += 1
        closesAfterAnswer = true
        let head = HTTPResponseHead(version: answersBegun == oneZeroRequest ? .http1_0 : .http1_1, status: .requestTimeout, headers: ["connection": "close", "content-length": "0"])
        context.write(wrapOutboundOut(.head(head)), promise: nil)
        writeAndClose(context, wrapOutboundOut(.end(nil)), promise: nil)
    }

    /// Writes `data`, then closes the connection once it is written (or could not be).
    private func writeAndClose(_ context: ChannelHandlerContext, _ data: NIOAny, promise: EventLoopPromise<Void>?) {
        let written = context.eventLoop.makePromise(of: Void.self)
        written.futureResult.assumeIsolated().whenComplete { _ in context.close(promise: nil) }
        if let promise { written.futureResult.cascade(to: promise) }
        context.writeAndFlush(data, promise: written)
    }

    /// Writes the end of an answer given before its request's body came whole, then shuts the sending side and drops
    /// the rest of the body (`drain`) until it ends, `drainBytes` were dropped or `drainTime` passed.
    private func writeAndDrain(_ context: ChannelHandlerContext, _ data: NIOAny, promise: EventLoopPromise<Void>?) {
        drained = 0
        cancelDeadline()
        deadline = context.eventLoop.assumeIsolated().scheduleTask(in: min(timeout, Self.drainTime)) { context.close(promise: nil) }
        let written = context.eventLoop.makePromise(of: Void.self)
        written.futureResult.assumeIsolated().whenComplete { result in
            guard case .success = result else { return context.close(promise: nil) }
            let shut = context.eventLoop.makePromise(of: Void.self)
            shut.futureResult.assumeIsolated().whenFailure { _ in context.close(promise: nil) }
            context.close(mode: .output, promise: shut)
        }
        if let promise { written.futureResult.cascade(to: promise) }
        context.writeAndFlush(data, promise: written)
    }

    /// A part of a refused request's body, dropped; its end, or more than `drainBytes`, closes the connection.
    private func drain(_ context: ChannelHandlerContext, _ part: HTTPServerRequestPart, _ count: Int) {
        switch part {
        case .body(let buffer):
            drained = count + buffer.readableBytes
            if count + buffer.readableBytes > Self.drainBytes { context.close(promise: nil) }
        case .head, .end:
            context.close(promise: nil)
        }
    }

    private func cancelDeadline() {
        deadline?.cancel()
        deadline = nil
    }
}

/// Tells `ConnectionLifetime` when bytes come from the client, before NIO's HTTP/1 decoder makes them a request:
/// a request's deadline counts from its first byte, not from its head. A read goes to the decoder in the pieces
/// `ConnectionLifetime.piece(of:)` cuts, so that the bytes after a request's end count as the next one's first.
final class RequestStart: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer

    private let lifetime: ConnectionLifetime

    init(_ lifetime: ConnectionLifetime) { self.lifetime = lifetime }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        var bytes = unwrapInboundIn(data)
        while bytes.readableBytes > 0, context.channel.isActive {
            lifetime.bytesArrived()
            context.fireChannelRead(wrapInboundOut(bytes.readSlice(length: lifetime.piece(of: bytes))!))
        }
    }
}

extension ByteBufferView {
    /// The count of bytes up to and including the first blank line (CR LF CR LF); nil when there is none.
    var endOfHead: Int? {
        var matched = 0
        for (offset, byte) in enumerated() {
            matched = byte == (matched % 2 == 0 ? 0x0D : 0x0A) ? matched + 1 : (byte == 0x0D ? 1 : 0)
            if matched == 4 { return offset + 1 }
        }
        return nil
    }
}
