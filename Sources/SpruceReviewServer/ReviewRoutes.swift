import Foundation
import Hummingbird
import SpruceLocalServer
import SpruceRender
import SpruceScene
import SpruceSnapshotReview

/// The endpoints of the review page, every one behind `HostGuard` and `TokenGuard` (`ReviewServer`):
/// - `GET /` the page (it carries the token);
/// - `GET /api/items` the list, worst first; `GET /api/items/ID` one item's panel (times, timing rows, curves);
/// - `GET /api/items/ID/frame/WHICH/N` frame N of the expected, actual or difference film as PNG;
/// - `GET /api/items/ID/strip/WHICH` the filmstrip golden's expected, actual or difference as PNG;
/// - `POST /api/items/ID/accept` `{"kinds": ["motion", …]}` writes those goldens, `{}` or an empty body every kind
///   that differs (any other body is refused, `AcceptBody`);
///   `POST /api/items/ID/reject` marks the item rejected; `POST /api/accept` `{"ids": [...]}` accepts each item.
/// An ID is looked up in the list: any other text is 404, never a path.
struct ReviewRoutes: Sendable {
    let catalogue: ReviewCatalogue
    /// The artifacts folder's failures (`--artifacts`); nil: none asked for.
    let snapshots: SnapshotFailures?
    let limits: ReviewServer.Limits
    let token: String
    let frames: FrameCache
    let slots: RenderSlots

    init(catalogue: ReviewCatalogue, snapshots: SnapshotFailures?, limits: ReviewServer.Limits, token: String) {
        (self.catalogue, self.snapshots, self.limits, self.token) = (catalogue, snapshots, limits, token)
        frames = FrameCache(budget: limits.cacheBytes)
        slots = RenderSlots(limit: limits.renders, queueLimit: limits.waiting)
    }

    static let immutable = "private, max-age=3600"

    func add(to router: KnownRoutes<BasicRequestContext>) {
        router.get("/") { _, _ in LocalResponse.bytes(.ok, "text/html; charset=utf-8", Data(ReviewPage.html(token: token).utf8), cache: "no-store") }
        router.get("/api/items") { _, _ in try await guarded { try Self.json(listJSON()) } }
        router.get("/api/items/:id") { _, context in try await guarded { try Self.json(try item(context).detail(in: catalogue)) } }
        router.get("/api/items/:id/frame/:which/:index") { _, context in
            try await guarded {
                let item = try item(context)
                let which = try Self.which(context)
                guard let index = context.parameters.get("index").flatMap(Int.init), item.frameTimes.indices.contains(index) else {
                    throw ReviewRefusal.notFound("no such frame (0…\(item.frameTimes.count - 1))")
                }
                return LocalResponse.bytes(.ok, "image/png", try await frame(item, which, index), cache: Self.immutable)
            }
        }
        router.get("/api/items/:id/strip/:which") { _, context in
            try await guarded {
                let item = try item(context)
                let which = try Self.which(context)
                let key = "\(item.id)/strip"
                let index = ["expected": 0, "actual": 1, "difference": 2][which]!
                if let hit = frames.get(key, index) { return LocalResponse.bytes(.ok, "image/png", hit, cache: Self.immutable) }
                let png = try await slots.run(on: .global()) { () throws -> Data in
                    guard let actual = item.actualStrip else { throw ReviewRefusal.notFound("this scene has no filmstrip") }
                    guard let expected = item.expectedStrip else {
                        if which == "actual" { return try actual.pngData() }
                        throw ReviewRefusal.notFound("this scene has no filmstrip golden yet")
                    }
                    switch which {
                    case "expected": return try expected.pngData()
                    case "actual": return try actual.pngData()
                    default: return try StripDifference.image(expected, actual, layout: item.stripLayout).pngData()
                    }
                }
                frames.put(key, index, png)
                return LocalResponse.bytes(.ok, "image/png", png, cache: Self.immutable)
            }
        }
        router.post("/api/items/:id/accept") { request, context in
            try await guarded {
                let item = try item(context)
                let body = try await LocalResponse.body(request, limit: limits.maximumBody)
                try await accept(item, try AcceptBody.kinds(body))
                return try Self.json(item.summary(in: catalogue))
            }
        }
        router.post("/api/items/:id/reject") { request, context in
            try await guarded {
                let item = try item(context)
                _ = try await LocalResponse.body(request, limit: limits.maximumBody)
                try catalogue.reject(item)
                return try Self.json(item.summary(in: catalogue))
            }
        }
        addSnapshots(to: router)
        router.post("/api/accept") { request, _ in
            try await guarded {
                let body = try await LocalResponse.body(request, limit: limits.maximumBody)
                let ids = try AcceptBody.ids(body)
                // Every id is checked before any golden is written.
                let items = try ids.map { id in
                    guard let item = catalogue.item(id) else { throw ReviewRefusal.notFound("no scene in this review has the id '\(SafeText.escaped(id))'") }
                    return item
                }
                for item in items { try await accept(item, nil) }
                return try Self.json(["items": items.map { $0.summary(in: catalogue) }])
            }
        }
    }

    private func listJSON() -> [String: Any] {
        ["items": catalogue.items.map { $0.summary(in: catalogue) }, "scenes": catalogue.scenesChecked, "problems": catalogue.problems,
         "snapshots": snapshots?.rows ?? [], "snapshotProblems": snapshots?.listed.skipped.map { "\($0.name): \($0.reason)" } ?? []]
    }

    /// `GET /api/snapshots/ID/WHICH` (expected, actual, difference), `POST /api/snapshots/ID/accept`, `…/reject`.
    private func addSnapshots(to router: KnownRoutes<BasicRequestContext>) {
        router.get("/api/snapshots/:id/:which") { _, context in
            try await guarded {
                let failure = try snapshot(context)
                guard let which = context.parameters.get("which"), ["expected", "actual", "difference"].contains(which) else {
                    throw ReviewRefusal.notFound("expected expected, actual or difference")
                }
                let (data, type) = try SnapshotFailures.file(failure, which)
                return LocalResponse.bytes(.ok, type, data, cache: "no-store")
            }
        }
        router.post("/api/snapshots/:id/accept") { request, context in
            try await guarded {
                let failure = try snapshot(context)
                _ = try await LocalResponse.body(request, limit: limits.maximumBody)
                do { try snapshots!.failures.accept(id: failure.id) } catch let e as FilmFailureError { throw ReviewRefusal.badRequest(e.description) }
                return try Self.json(snapshots!.row(failure))
            }
        }
        router.post("/api/snapshots/:id/reject") { request, context in
            try await guarded {
                let failure = try snapshot(context)
                _ = try await LocalResponse.body(request, limit: limits.maximumBody)
                snapshots!.reject(failure)
                return try Self.json(snapshots!.row(failure))
            }
        }
    }

    private func snapshot(_ context: BasicRequestContext) throws -> FilmFailure {
        guard let id = context.parameters.get("id"), let failure = snapshots?.failure(id) else {
            throw ReviewRefusal.notFound("no failure in this review's artifacts folder has that id (reload the page)")
        }
        return failure
    }

    private func item(_ context: BasicRequestContext) throws -> ReviewItem {
        guard let id = context.parameters.get("id"), let item = catalogue.item(id) else {
            throw ReviewRefusal.notFound("no scene in this review has that id (reload the page)")
        }
        return item
    }

    private static func which(_ context: BasicRequestContext) throws -> String {
        guard let which = context.parameters.get("which"), ["expected", "actual", "difference"].contains(which) else {
            throw ReviewRefusal.notFound("expected expected, actual or difference")
        }
        return which
    }

    private func accept(_ item: ReviewItem, _ kinds: Set<ReviewItem.Kind>?) async throws {
        let catalogue = self.catalogue
        try await slots.run(on: .global()) {
            do { try catalogue.accept(item, kinds: kinds) } catch let e as GoldenReviewError {
                throw ReviewRefusal.badRequest(e.description)
            } catch let e as ReviewRefusal {
                throw e
            } catch {
                throw ReviewRefusal.notWritten("the goldens of \(SafeText.escaped(item.name)) were not written: \(error)")
            }
        }
    }

    /// The expected, actual and difference frames of one moment are drawn together and cached together.
    private func frame(_ item: ReviewItem, _ which: String, _ index: Int) async throws -> Data {
        let key = { (w: String) in "\(item.id)/\(w)" }
        if let hit = frames.get(key(which), index) { return hit }
        let drawn = try await slots.run(on: .global()) { () throws -> [String: Data] in
            let (e, a) = try item.poser.draw(at: item.frameTimes[index], expected: item.motion.expected, actual: item.motion.actual)
            return ["expected": try e.pngData(), "actual": try a.pngData(), "difference": try ImageComparison.default.diffImage(e, a).pngData()]
        }
        for (w, png) in drawn { frames.put(key(w), index, png) }
        return drawn[which]!
    }

    private func guarded(_ body: () async throws -> Response) async throws -> Response {
        try await LocalResponse.guarded(maximumBody: limits.maximumBody, logger: ReviewServer.logger, refusal: { error in
            guard let e = error as? ReviewRefusal else { return nil }
            return LocalResponse.refusal(HTTPResponse.Status(code: e.status), e.description)
        }, body)
    }

    static func json(_ object: Any) throws -> Response {
        LocalResponse.json(String(decoding: try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]), as: UTF8.self))
    }
}
