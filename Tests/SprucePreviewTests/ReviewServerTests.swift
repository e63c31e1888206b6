import Foundation
import SpruceFilm
import SpruceRender
import SpruceReviewServer
import SpruceScene
import XCTest

/// Every endpoint of `render-gif review`'s server, in process over real sockets, on a folder of real scenes whose
/// goldens were recorded and then two of the scenes changed.
final class ReviewServerTests: XCTestCase {
    func testTheListHoldsTheChangedScenesOnlyByIDsThatAreNotPaths() async throws {
        let h = try ReviewHarness()
        let list = try h.get("/api/items")
        XCTAssertEqual(list.status, 200)
        let items = list.json["items"] as? [[String: Any]] ?? []
        XCTAssertEqual(Set(items.compactMap { $0["name"] as? String }), ["slow", "late"])
        XCTAssertEqual(list.json["scenes"] as? Int, 3)
        for item in items {
            let id = item["id"] as? String ?? ""
            XCTAssertFalse(id.isEmpty || id.contains("/") || id.contains("..") || id.contains(h.folder.path), id)
            XCTAssertEqual(item["state"] as? String, "pending")
            XCTAssertEqual((item["verdicts"] as? [String: String])?["motion"], "differs")
            XCTAssertNotNil(item["firstDifference"] as? Double)
        }
        XCTAssertEqual(try h.client.get("/").status, 403, "the page too is served only with the token")
        let page = try h.get("/")
        XCTAssertEqual(page.status, 200)
        XCTAssertTrue(page.text.contains(h.server.token), "the page carries the token")
        try await h.stop()
    }

    /// The filmstrip's difference marks the frames only: its caption bands (each film's own times, which differ for
    /// `late`, whose film is longer) hold no red mark, so the faded captions stay readable.
    func testTheStripDifferenceMarksTheFramesAndLeavesTheCaptionsClear() async throws {
        let h = try ReviewHarness()
        let reply = try h.get("/api/items/\(try h.id("late"))/strip/difference")
        XCTAssertEqual(reply.status, 200)
        let difference = try Bitmap(pngData: reply.body)
        let layout = FilmstripLayout(frameWidth: 120, frameHeight: 120, frameCount: 8)
        XCTAssertTrue((difference.width, difference.height) == layout.pageSize(frames: 8), "\(difference.width)×\(difference.height)")
        let pixels = difference.packedBGRA()
        func red(_ x: Int, _ y: Int) -> Bool {
            let i = (y * difference.width + x) * 4
            return (pixels[i], pixels[i + 1], pixels[i + 2]) == (0, 0, 255)
        }
        var inFrames = 0, inCaptions = 0
        for i in 0..<8 {
            let cell = layout.cell(i)
            for y in cell.y..<cell.y + cell.height { for x in cell.x..<cell.x + cell.width where red(x, y) { inFrames += 1 } }
            for y in cell.y + cell.height..<cell.y + cell.height + layout.caption {
                for x in cell.x..<cell.x + cell.width where red(x, y) { inCaptions += 1 }
            }
        }
        XCTAssertGreaterThan(inFrames, 0, "the frames differ")
        XCTAssertEqual(inCaptions, 0, "no mark over a caption")
        try await h.stop()
    }

    func testAnItemsPanelFramesAndStripsAreServed() async throws {
        let h = try ReviewHarness()
        let id = try h.id("slow")
        let detail = try h.get("/api/items/\(id)").json
        let times = detail["times"] as? [Double] ?? []
        let first = detail["firstDifferenceFrame"] as? Int ?? -1
        XCTAssertGreaterThan(times.count, 2)
        XCTAssertTrue(times.indices.contains(first))
        let t = detail["firstDifference"] as? Double ?? -1
        XCTAssertTrue(times[first] >= t - 1e-9 && (first == 0 || times[first - 1] < t), "frame \(first) is the first at or after \(t)")
        XCTAssertFalse((detail["curves"] as? [[String: Any]] ?? []).isEmpty, "the changed views' curves")
        XCTAssertFalse((detail["timing"] as? [[String: Any]] ?? []).isEmpty)
        let png = Data([0x89, 0x50, 0x4E, 0x47])
        var frames: [String: Data] = [:]
        for which in ["expected", "actual", "difference"] {
            let reply = try h.get("/api/items/\(id)/frame/\(which)/\(first)")
            XCTAssertEqual(reply.status, 200, which)
            XCTAssertEqual(reply.headers["content-type"], "image/png")
            XCTAssertEqual(reply.body.prefix(4), png)
            frames[which] = reply.body
            let strip = try h.get("/api/items/\(id)/strip/\(which)")
            XCTAssertEqual(strip.status, 200, which)
            XCTAssertEqual(strip.body.prefix(4), png)
        }
        XCTAssertNotEqual(frames["expected"], frames["actual"], "the films differ at the first differing time")
        // Before the first difference both films are posed alike.
        if first > 0 {
            XCTAssertEqual(try h.get("/api/items/\(id)/frame/expected/0").body, try h.get("/api/items/\(id)/frame/actual/0").body)
        }
        // A picture the page loads by address carries the token in its query.
        XCTAssertEqual(try h.client.get("/api/items/\(id)/frame/actual/0?token=\(h.server.token)").status, 200)
        try await h.stop()
    }

    func testAcceptWritesThatScenesGoldensOnlyAndRejectWritesNothing() async throws {
        let h = try ReviewHarness()
        let before = try h.files()
        let (slow, late) = (try h.id("slow"), try h.id("late"))
        let rejected = try h.post("/api/items/\(late)/reject", [String: Any]())
        XCTAssertEqual(rejected.status, 200)
        XCTAssertEqual(rejected.json["state"] as? String, "rejected")
        XCTAssertEqual(try h.files(), before, "a reject writes nothing")
        let accepted = try h.post("/api/items/\(slow)/accept", [String: Any]())
        XCTAssertEqual(accepted.status, 200, accepted.text)
        XCTAssertEqual(accepted.json["state"] as? String, "accepted")
        let after = try h.files()
        let changed = Set(after.keys.filter { after[$0] != before[$0] }).union(Set(before.keys).subtracting(after.keys))
        XCTAssertFalse(changed.isEmpty)
        XCTAssertTrue(changed.allSatisfy { $0.hasPrefix("goldens/slow.") }, "\(changed)")
        XCTAssertTrue(try h.passes("slow"))
        XCTAssertFalse(try h.passes("late"))
        XCTAssertEqual((try h.get("/api/items").json["items"] as? [[String: Any]])?.first { $0["id"] as? String == slow }?["state"] as? String, "accepted")
        try await h.stop()
    }

    /// A golden that became a symbolic link is not written through: the accept is refused with 403 and one line (it
    /// was 500, as if the server had failed), and the file the link names, outside the goldens folder, is as it was.
    func testAcceptDoesNotWriteThroughAGoldenThatIsALink() async throws {
        let h = try ReviewHarness()
        let outside = FileManager.default.temporaryDirectory.appendingPathComponent("spruce-outside-\(UUID().uuidString).txt")
        try Data("outside\n".utf8).write(to: outside)
        defer { try? FileManager.default.removeItem(at: outside) }
        let motion = h.goldens.appendingPathComponent("slow.motion.txt")
        try FileManager.default.removeItem(at: motion)
        try FileManager.default.createSymbolicLink(at: motion, withDestinationURL: outside)
        let reply = try h.post("/api/items/\(try h.id("slow"))/accept", [String: Any]())
        XCTAssertEqual(reply.status, 403, reply.text)
        XCTAssertEqual(reply.json["error"] as? String,
                       "the golden slow.motion.txt is a symbolic link; a golden is written only as a regular file in its folder (remove the link)")
        XCTAssertEqual(try h.post("/api/accept", ["ids": [try h.id("slow")]]).status, 403, "accept all shown too")
        XCTAssertEqual(try String(contentsOf: outside, encoding: .utf8), "outside\n")
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: motion.path), outside.path)
        try await h.stop()
    }

    /// A FIFO in a golden's place is refused as a link is (403, one line saying to move it away), not a 500 after the
    /// list told the page that accepting replaces it.
    func testAcceptRefusesAFIFOInAGoldensPlace() async throws {
        let h = try ReviewHarness()
        let motion = h.goldens.appendingPathComponent("slow.motion.txt")
        try FileManager.default.removeItem(at: motion)
        XCTAssertEqual(mkfifo(motion.path, 0o644), 0)
        let reply = try h.post("/api/items/\(try h.id("slow"))/accept", [String: Any]())
        XCTAssertEqual(reply.status, 403, reply.text)
        XCTAssertEqual(reply.json["error"] as? String,
                       "the golden slow.motion.txt is a FIFO (named pipe); a golden is written only as a regular file in its folder (move it away)")
        XCTAssertEqual(FileKind.of(motion.path, followLinks: false), .fifo)
        try await h.stop()
    }

    func testAcceptingOneKindWritesThatGoldenOnly() async throws {
        let h = try ReviewHarness()
        let before = try h.files()
        let late = try h.id("late")
        let reply = try h.post("/api/items/\(late)/accept", ["kinds": ["motion"]])
        XCTAssertEqual(reply.status, 200, reply.text)
        XCTAssertEqual(reply.json["state"] as? String, "pending", "the other kinds still differ")
        XCTAssertEqual(reply.json["accepted"] as? [String], ["motion"])
        let after = try h.files()
        XCTAssertEqual(Set(after.keys.filter { after[$0] != before[$0] }), ["goldens/late.motion.txt"])
        try await h.stop()
    }

    /// `{"kinds": 5}`, `{"kinds": "filmstrip"}` or a misspelled key wrote every golden of the scene. A body that is
    /// not `{}`, empty, or `{"kinds": [NAME, …]}` of known names is refused with 400 naming those forms, and nothing
    /// is written; the empty body still accepts every kind that differs.
    func testAMalformedAcceptIsRefusedAndWritesNothing() async throws {
        let h = try ReviewHarness()
        let before = try h.files()
        let late = try h.id("late")
        let malformed: [Any] = [["kinds": 5], ["kinds": "filmstrip"], ["kind": ["timing"]], ["kinds": ["motion"], "all": true], ["kinds": []],
                                ["kinds": NSNull()], ["kinds": [1]], [String](), 5, "motion"]
        for body in malformed {
            let reply = try h.client.send("POST", "/api/items/\(late)/accept", headers: h.token,
                                          body: try JSONSerialization.data(withJSONObject: body, options: .fragmentsAllowed))
            XCTAssertEqual(reply.status, 400, "\(body)")
            XCTAssertTrue((reply.json["error"] as? String ?? "").contains("{\"kinds\": [\"filmstrip\", \"timing\", \"motion\"]}"), "\(body): \(reply.text)")
        }
        let unknown = try h.post("/api/items/\(late)/accept", ["kinds": ["motion", "timings"]])
        XCTAssertEqual(unknown.status, 400)
        XCTAssertEqual(unknown.json["error"] as? String, "no golden kind 'timings' (filmstrip, timing, motion)")
        XCTAssertEqual(try h.post("/api/accept", ["ids": [late], "kinds": ["motion"]]).status, 400, "an unknown key of the accept of many")
        XCTAssertEqual(try h.files(), before, "no malformed accept wrote anything")
        let all = try h.client.send("POST", "/api/items/\(late)/accept", headers: h.token, body: Data())
        XCTAssertEqual(all.status, 200, all.text)
        XCTAssertEqual(all.json["state"] as? String, "accepted")
        try await h.stop()
    }

    func testAcceptAllShownAcceptsEachIDOrNoneWhenOneIsUnknown() async throws {
        let h = try ReviewHarness()
        let before = try h.files()
        let ids = [try h.id("slow"), try h.id("late")]
        XCTAssertEqual(try h.post("/api/accept", ["ids": ids + ["s0000000000000000"]]).status, 404)
        XCTAssertEqual(try h.files(), before, "an unknown id: nothing written")
        let reply = try h.post("/api/accept", ["ids": ids])
        XCTAssertEqual(reply.status, 200, reply.text)
        XCTAssertTrue(try h.passes("slow"))
        XCTAssertTrue(try h.passes("late"))
        try await h.stop()
    }

    func testRequestsWithoutTheTokenOrFromElsewhereAreRefused() async throws {
        let h = try ReviewHarness()
        let before = try h.files()
        let id = try h.id("slow")
        let own = "127.0.0.1:\(h.port)"
        // The token with its first character changed (a token that begins with "0" gets a "1").
        let wrong = (h.server.token.first == "0" ? "1" : "0") + h.server.token.dropFirst()
        for target in ["/api/items", "/api/items/\(id)", "/api/items/\(id)/frame/actual/0", "/api/items/\(id)/strip/actual"] {
            XCTAssertEqual(try h.client.get(target).status, 403, "no token: \(target)")
            XCTAssertEqual(try h.client.get(target, headers: [("X-Review-Token", wrong)]).status, 403, "wrong token: \(target)")
            XCTAssertEqual(try h.client.get(target + "?token=nope").status, 403, "wrong query token: \(target)")
        }
        for host in ["evil.example:\(h.port)", "127.0.0.1", "localhost.evil.example:\(h.port)"] {
            XCTAssertEqual(try h.client.get("/", host: host).status, 403, host)
            XCTAssertEqual(try h.client.get("/api/items", host: host, headers: h.token).status, 403, host)
        }
        for origin in ["http://evil.example", "http://evil.example:\(h.port)", "https://\(own)", "null"] {
            XCTAssertEqual(try h.client.post("/api/items/\(id)/accept", json: [String: Any](), headers: h.token + [("Origin", origin)]).status, 403, origin)
        }
        // A form post from another page cannot set the token header; the query token is for pictures only.
        XCTAssertEqual(try h.client.post("/api/items/\(id)/accept?token=\(h.server.token)", json: [String: Any]()).status, 403)
        XCTAssertEqual(try h.files(), before)
        try await h.stop()
    }

    /// `curl -I` of the printed address, or a HEAD of a picture with `?token=`, got 403 where the GET got 200.
    func testHeadTakesTheQueryTokenWhereGetDoes() async throws {
        let h = try ReviewHarness()
        let id = try h.id("slow")
        let token = "token=\(h.server.token)"
        for target in ["/?\(token)", "/api/items?\(token)", "/api/items/\(id)?\(token)", "/api/items/\(id)/frame/actual/0?\(token)",
                       "/api/items/\(id)/strip/actual?\(token)"] {
            let get = try h.client.get(target), head = try h.client.send("HEAD", target)
            XCTAssertEqual(get.status, 200, target)
            XCTAssertEqual(head.status, get.status, target)
            for name in ["content-type", "content-length", "cache-control"] { XCTAssertEqual(head.headers[name], get.headers[name], "\(target) \(name)") }
            XCTAssertEqual(head.body, Data(), target)
        }
        XCTAssertEqual(try h.client.send("HEAD", "/api/items?token=nope").status, 403)
        try await h.stop()
    }

    /// OPTIONS, PUT, DELETE and PATCH on a known path got 404. They get 405 with an `Allow` header; a path no route
    /// has stays 404, and a request without the token is refused before it learns which methods a path takes.
    func testAMethodAPathDoesNotTakeIs405WithAllow() async throws {
        let h = try ReviewHarness()
        let before = try h.files()
        let id = try h.id("slow")
        for (path, allow) in [("/api/items", "GET, HEAD"), ("/api/items/\(id)/accept", "POST"), ("/api/accept", "POST"),
                              ("/api/items/\(id)/frame/actual/0", "GET, HEAD")] {
            for method in ["OPTIONS", "PUT", "DELETE", "PATCH"] {
                let reply = try h.client.send(method, path, headers: h.token)
                XCTAssertEqual(reply.status, 405, "\(method) \(path)")
                XCTAssertEqual(reply.headers["allow"], allow, "\(method) \(path)")
            }
        }
        XCTAssertEqual(try h.client.send("DELETE", "/api/nowhere", headers: h.token).status, 404)
        XCTAssertEqual(try h.client.send("PUT", "/api/items/\(id)/accept").status, 403, "no token")
        XCTAssertEqual(try h.files(), before)
        try await h.stop()
    }

    func testNoRequestTextBecomesAPathAndBadRequestsAreRefused() async throws {
        let h = try ReviewHarness()
        let before = try h.files()
        let id = try h.id("slow")
        let notFound = ["/api/items/..%2F..%2Fetc%2Fpasswd", "/api/items/%2e%2e/strip/expected", "/api/items/slow.json", "/api/items/goldens",
                        "/api/items/\(h.folder.path)/strip/actual", "/api/items/s0000000000000000", "/api/items/\(id)/frame/actual/-1",
                        "/api/items/\(id)/frame/actual/100000", "/api/items/\(id)/frame/actual/x", "/api/items/\(id)/frame/..%2F..%2Fx/0",
                        "/api/items/\(id)/strip/..", "/api/items/\(id)/strip/golden", "/../../etc/passwd", "/goldens/slow.motion.txt"]
        for target in notFound {
            let reply = try h.get(target)
            XCTAssertTrue([404, 400].contains(reply.status), "\(target): \(reply.status)")
        }
        XCTAssertEqual(try h.post("/api/items/..%2Fslow/accept", [String: Any]()).status, 404)
        XCTAssertEqual(try h.post("/api/items/\(id)/accept", ["kinds": ["../../x"]]).status, 400)
        XCTAssertEqual(try h.client.send("POST", "/api/items/\(id)/accept", headers: h.token, body: Data("{not json".utf8)).status, 400)
        let big = Data(repeating: 0x20, count: ReviewServer.Limits().maximumBody + 1)
        XCTAssertEqual(try h.client.send("POST", "/api/items/\(id)/accept", headers: h.token, body: big).status, 413)
        XCTAssertEqual(try h.client.send("POST", "/api/accept", headers: h.token, body: big).status, 413)
        XCTAssertEqual(try h.files(), before, "no refused request wrote anything")
        try await h.stop()
    }

    /// The actual film is the scene's tree posed with the actual motion golden's values: it draws what the film itself
    /// draws at that time (within the goldens' tolerance: positions are rounded to 0.01 pt), and the expected film at
    /// the same time differs from it exactly where the motion goldens do.
    func testThePosedActualFilmIsTheFilmsOwnFrames() async throws {
        let h = try ReviewHarness()
        let film = try SceneGoldenRun.film(of: h.folder.appendingPathComponent("slow.json"))
        let id = try h.id("slow")
        let detail = try h.get("/api/items/\(id)").json
        let times = detail["times"] as? [Double] ?? [], first = detail["firstDifferenceFrame"] as? Int ?? 0
        let expected = try Bitmap(pngData: try h.get("/api/items/\(id)/frame/expected/\(first)").body)
        XCTAssertFalse(ImageComparison.default.compare(try film.frame(at: times[first]), expected).matches, "expected differs at \(times[first]) s")
        for index in [0, first, times.count / 2, times.count - 1] {
            let posed = try Bitmap(pngData: try h.get("/api/items/\(id)/frame/actual/\(index)").body)
            let own = try film.frame(at: times[index])
            XCTAssertTrue(ImageComparison.default.compare(own, posed).matches, "frame \(index) at \(times[index]) s")
        }
        try await h.stop()
    }
}
