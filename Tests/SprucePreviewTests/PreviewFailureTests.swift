import Foundation
import SpruceFilm
import SpruceLocalServer
@testable import SprucePreview
import SpruceRender
import XCTest

/// A request the preview server fails for a reason that is not a refusal: 500 with one fixed text, as the review server
/// answers one, and the error itself on the terminal (standard error), not in the answer.
final class PreviewFailureTests: XCTestCase {
    /// A film whose frames find no memory to be drawn in. No request makes one for real short of a memory limit on the
    /// whole process (a scene's images are read when its film is made, and every route maps the errors of its input
    /// to refusals), so the film stands in for that: its tree throws `RenderError.outOfMemory` when it is built.
    func testAFailedRequestAnswersAFixedTextAndLogsTheError() async throws {
        let h = try PreviewHarness()
        let playing = try XCTUnwrap(h.session.film)
        let starved = try Film(canvas: playing.film.canvas, framesPerSecond: playing.film.framesPerSecond, phases: playing.film.phases,
                               timings: playing.film.timings) { _ in throw RenderError.outOfMemory("no memory for the tree (a test's film)") }
        h.session.play(PreviewFilm(key: "starved", film: starved, player: playing.player, settings: playing.settings))
        let (reply, logged) = try await StandardErrorCapture.run { try h.client.get("/frame/starved/0") }
        XCTAssertEqual(reply.status, 500, reply.text)
        XCTAssertEqual(reply.json.keys.sorted(), ["error"], reply.text)
        XCTAssertEqual(reply.json["error"] as? String, LocalResponse.failedText)
        XCTAssertTrue(logged.contains("a request failed: ") && logged.contains("no memory for the tree (a test's film)"), logged)
        XCTAssertFalse(reply.text.contains("no memory"), "the error stays out of the answer")
        XCTAssertEqual(try h.client.get("/frame/\(playing.key)/0").status, 200, "the server still answers")
        try await h.stop()
    }
}
