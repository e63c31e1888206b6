import Foundation
@testable import SpruceReviewServer
import XCTest

/// `render-gif review` refuses renders beyond `Limits.renders` (and `waiting` queued) at once with 503 and
/// Retry-After, and the same request succeeds once a slot is free. The test holds the server's only render slot
/// itself (`RenderSlots.acquire`), so no request races another.
final class ReviewBusyTests: XCTestCase {
    func testWorkBeyondTheRenderBoundIsRefusedWith503AndSucceedsWhenRetried() async throws {
        var limits = ReviewServer.Limits()
        (limits.renders, limits.waiting) = (1, 0)
        let h = try ReviewHarness(limits: limits)
        let id = try h.id("slow")
        let slots = h.server.routes.slots
        try await slots.acquire()
        let renders = ["/api/items/\(id)/frame/actual/0", "/api/items/\(id)/strip/difference"]
        for target in renders {
            let busy = try h.get(target)
            XCTAssertEqual(busy.status, 503, target)
            XCTAssertEqual(busy.headers["retry-after"], "1", target)
            XCTAssertEqual(busy.json["error"] as? String, "too many renders at once; try again", target)
        }
        let before = try h.files()
        XCTAssertEqual(try h.post("/api/items/\(id)/accept", [String: Any]()).status, 503, "an accept takes a slot too")
        XCTAssertEqual(try h.files(), before, "a refused accept writes nothing")
        XCTAssertEqual(try h.get("/api/items/\(id)").status, 200, "the list and the panels take no slot")

        await slots.release()
        for target in renders {
            let retried = try h.get(target)
            XCTAssertEqual(retried.status, 200, target)
            XCTAssertEqual(retried.body.prefix(4), Data([0x89, 0x50, 0x4E, 0x47]), target)
        }
        XCTAssertEqual(try h.post("/api/items/\(id)/accept", [String: Any]()).status, 200)
        XCTAssertTrue(try h.passes("slow"))
        let peak = await slots.peak
        XCTAssertEqual(peak, 1, "never more than one render at once")
        try await h.stop()
    }
}
