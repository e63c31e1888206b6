import Foundation
import Hummingbird
import NIOCore
import ServiceLifecycle
import SpruceFilm
import SpruceLocalServer
import SprucePreviewModel
import SpruceRender
import SpruceReview
import SpruceScene

/// Every endpoint of the preview server:
/// - `GET /` the page; `GET /state` the film's numbers, the error and the form (JSON); `GET /events` the same as
///   server-sent events, one after every change;
/// - `GET /frame/KEY/N` frame N of the film KEY as PNG (immutable: the key is a hash of the scene and the form);
/// - `GET /chart/KEY`, `GET /curves/KEY` the timing chart and motion curves as PNG;
/// - `POST /settings` the form's values (JSON) → the new state; `POST /export` `{format, name, time, replace}` → the path (409 with `exists` when
/// the name is taken and `replace` is not true);
/// - `GET /files/PATH` a file of the scene's folder (the page shows the scene's text beside an error).
struct PreviewRoutes: Sendable {
    let session: PreviewSession
    let frames: FrameService
    let export: PreviewExport
    let limits: PreviewServer.Limits
    /// Open event streams and files in transfer, each bounded.
    let streams: Slots
    let exports = ExportGate()
    let fileTransfers: Slots

    func add(to router: KnownRoutes<PreviewContext>) {
        router.get("/") { _, _ in Self.response(.ok, "text/html; charset=utf-8", Data(PreviewPage.html.utf8), cache: "no-store") }
        router.get("/state") { _, _ in Self.json(session.stateJSON()) }
        router.get("/events") { _, _ in try events() }
        router.get("/frame/:key/:index") { _, context in
            try await guarded {
                let film = try film(context.parameters.get("key"))
                guard let index = context.parameters.get("index").flatMap(Int.init) else { throw PreviewError.badRequest("the frame index is not a number") }
                let png = try await frames.png(film, index: index)
                return Self.response(.ok, "image/png", png, cache: "public, max-age=31536000, immutable")
            }
        }
        router.get("/chart/:key") { _, context in
            try await guarded { try await review(context.parameters.get("key"), index: -1) { try TimingChart(film: $0.film).render() } }
        }
        router.get("/curves/:key") { _, context in
            try await guarded { try await review(context.parameters.get("key"), index: -2) { try MotionCurves(film: $0.film).render() } }
        }
        router.post("/settings") { request, _ in
            try await guarded {
                let body = try await LocalResponse.body(request, limit: limits.maximumBody)
                let settings: PreviewSettings
                do { settings = try JSONDecoder().decode(PreviewSettings.self, from: body) } catch {
                    throw PreviewError.badRequest("the form is not valid JSON of the expected fields")
                }
                try await frames.slots.run(on: .global()) { try session.apply(settings) }
                return Self.json(session.stateJSON())
            }
        }
        router.post("/export") { request, _ in
            try await guarded {
                let body = try await LocalResponse.body(request, limit: limits.maximumBody)
                let asked: PreviewExportRequest
                do { asked = try JSONDecoder().decode(PreviewExportRequest.self, from: body) } catch {
                    throw PreviewError.badRequest("expected {\"format\": \"gif|mp4|png\", \"name\": \"file.gif\"}")
                }
                guard let film = session.film else { throw PreviewError.notFound("there is no film to export yet") }
                guard exports.enter() else { throw PreviewError.busy }
                defer { exports.leave() }
                let path = try await frames.slots.run(on: .global()) { try export.write(film, asked) }
                let text = String(decoding: try JSONSerialization.data(withJSONObject: ["path": path]), as: UTF8.self)
                return Self.json(text)
            }
        }
        router.get("/files/**") { request, context in
            try await guarded {
                let raw = String(request.uri.path.dropFirst("/files/".count))
                let url = try PathGuard.file(raw, in: session.folder)
                guard let slot = fileTransfers.take() else { throw PreviewError.busy }
                return try Self.streamed(url, limit: limits.maximumFile, stall: .seconds(max(1, limits.stallSeconds)),
                                         holding: slot, on: context.channel)
            }
        }
    }

    private func film(_ key: String?) throws -> PreviewFilm {
        guard let key, let film = session.film(key: key) else { throw PreviewError.notFound("no film has that key (the scene changed; reload the state)") }
        return film
    }

    /// A chart of a film, drawn once per film and cached beside its frames.
    private func review(_ key: String?, index: Int, draw: @escaping @Sendable (PreviewFilm) throws -> Bitmap) async throws -> Response {
        let film = try film(key)
        if let hit = frames.cache.get(film.key, index) { return Self.response(.ok, "image/png", hit, cache: "public, max-age=31536000, immutable") }
        let png = try await frames.slots.run(on: .global()) { try draw(film).pngData() }
        frames.cache.put(film.key, index, png)
        return Self.response(.ok, "image/png", png, cache: "public, max-age=31536000, immutable")
    }

    private func events() throws -> Response {
        guard let slot = streams.take() else { return Self.failure(.busy) }
        let session = self.session
        let body = ResponseBody { writer in
            defer { slot.release() }
            let (stream, feed) = AsyncStream<String>.makeStream(bufferingPolicy: .bufferingNewest(8))
            let id = session.listen { feed.yield("event: state\ndata: \($0)\n\n") }
            defer { session.unlisten(id) }
            feed.yield("retry: 500\nevent: state\ndata: \(session.stateJSON())\n\n")
            // A comment every few seconds finds a client that went away; shutdown ends the stream.
            let ping = Task { while !Task.isCancelled { try? await Task.sleep(for: .seconds(5)); feed.yield(": ping\n\n") } }
            defer { ping.cancel() }
            try await withGracefulShutdownHandler {
                for await chunk in stream { try await writer.write(ByteBuffer(string: chunk)) }
            } onGracefulShutdown: {
                feed.finish()
            }
            try await writer.finish(nil)
        }
        return Response(status: .ok, headers: Self.headers("text/event-stream", cache: "no-store"), body: body)
    }

    // MARK: Helpers

    /// A route's answer (`LocalResponse.guarded`): the preview's refusals, a scene or review picture refused as a bad
    /// request, and any other error 500 with the fixed text, logged.
    private func guarded(_ body: () async throws -> Response) async throws -> Response {
        try await LocalResponse.guarded(maximumBody: limits.maximumBody, logger: PreviewServer.logger, refusal: { error in
            switch error {
            case let e as PreviewError: Self.failure(e)
            case let e as SceneError: Self.failure(.badRequest(e.description))
            case let e as ReviewError: Self.failure(.badRequest(e.description))
            default: nil
            }
        }, body)
    }

    static func failure(_ error: PreviewError) -> Response {
        var fields: [String: Any] = [:]
        if case .exists = error { fields["exists"] = true }
        return LocalResponse.refusal(HTTPResponse.Status(code: error.status), error.description, fields: fields)
    }

    static func json(_ text: String) -> Response { LocalResponse.json(text) }

    static func response(_ status: HTTPResponse.Status, _ type: String, _ data: Data, cache: String) -> Response {
        LocalResponse.bytes(status, type, data, cache: cache)
    }

    static func headers(_ type: String, cache: String, length: Int? = nil) -> HTTPFields { LocalResponse.headers(type, cache: cache, length: length) }

    /// A file sent 64 KiB at a time, each piece read when the connection has taken the one before: a slow reader
    /// holds a piece or two beyond what its socket takes, not the whole file (150 slow readers of an 8 MiB file took
    /// the server to 1.2 GB), and keeps its transfer slot until the last piece is on its way.
    ///
    /// `writer.write` alone does not wait for that. It hands the piece to the connection's event loop and returns at
    /// once while the connection still counts as writable, and the connection learns it is full only when the loop
    /// runs those writes. Reading from the page cache outran the loop: many transfers put the whole file in memory,
    /// finished, and gave their slot back while their reader had not read a byte. So each piece also waits
    /// for the loop to have run it (`submit` queues behind the write), and the next `write` then sees a full
    /// connection and waits until the reader makes room.
    ///
    /// A reader that takes nothing of a piece for `stall` loses its connection, and the transfer its slot: a client
    /// that asks and never reads cannot keep the slots for ever.
    static func streamed(_ url: URL, limit: Int, stall: Duration, holding slot: Slots.Slot, on channel: any Channel) throws -> Response {
        let fd = open(url.path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else { throw PreviewError.notFound("cannot read the file") }
        var st = stat()
        guard fstat(fd, &st) == 0, st.st_mode & S_IFMT == S_IFREG else { close(fd); throw PreviewError.notFound("not a regular file") }
        guard st.st_size <= limit else { close(fd); throw PreviewError.forbidden("the file is over \(limit) bytes") }
        let size = Int(st.st_size)
        let handle = FileHandle(fileDescriptor: fd, closeOnDealloc: true)
        return Response(status: .ok, headers: headers(contentType(url), cache: "no-store", length: size), body: ResponseBody(contentLength: size) { writer in
            defer { try? handle.close(); slot.release() }
            var left = size
            while left > 0, let piece = try handle.read(upToCount: min(left, 1 << 16)), !piece.isEmpty {
                let watchdog = Task { try await Task.sleep(for: stall); channel.close(promise: nil) }
                defer { watchdog.cancel() }
                try await writer.write(ByteBuffer(bytes: piece))
                try await channel.eventLoop.submit {}.get()
                left -= piece.count
            }
            try await writer.finish(nil)
        })
    }

    static func contentType(_ url: URL) -> String {
        switch url.pathExtension.lowercased() {
        case "png": return "image/png"
        case "json": return "application/json"
        default: return "text/plain; charset=utf-8"
        }
    }
}

/// At most `count` of something at once (event streams, each holding a connection; files in transfer, each holding
/// up to a file in memory: without a bound, 150 slow readers of an 8 MiB file took the server to 1.2 GB, as Hummingbird
/// buffers what the socket does not take). A slot is given back when released, or when its response is dropped unsent.
final class Slots: @unchecked Sendable {
    final class Slot: @unchecked Sendable {
        private weak var owner: Slots?
        private var held = true
        private let lock = NSLock()
        init(_ owner: Slots) { self.owner = owner }
        func release() {
            lock.lock(); let was = held; held = false; lock.unlock()
            if was { owner?.give() }
        }
        deinit { release() }
    }

    private let lock = NSLock()
    private var free: Int
    init(count: Int) { free = count }
    func take() -> Slot? {
        lock.lock(); defer { lock.unlock() }
        guard free > 0 else { return nil }
        free -= 1
        return Slot(self)
    }
    fileprivate func give() { lock.lock(); free += 1; lock.unlock() }
}

/// One export at a time: a second press while one runs is refused, not queued.
final class ExportGate: @unchecked Sendable {
    private let lock = NSLock()
    private var busy = false
    func enter() -> Bool { lock.lock(); defer { lock.unlock() }; if busy { return false }; busy = true; return true }
    func leave() { lock.lock(); busy = false; lock.unlock() }
}
