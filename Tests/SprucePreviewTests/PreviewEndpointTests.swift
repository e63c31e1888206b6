import Foundation
import SprucePreview
import SprucePreviewModel
import SpruceRender
import SpruceReview
import SpruceScene
import XCTest

/// Every endpoint, over real HTTP on loopback, against frames drawn independently of the server.
final class PreviewEndpointTests: XCTestCase {
    func testPageStateAndFramesAreTheCommandLinesStills() async throws {
        let h = try PreviewHarness()
        let page = try h.client.get("/")
        XCTAssertEqual(page.status, 200)
        XCTAssertTrue(page.text.contains("<img id=\"frame\""), "the page has the frame image")
        XCTAssertTrue(page.text.contains("new EventSource(signed(\"/events\"))"))

        let info = try h.filmInfo()
        let key = try XCTUnwrap(info["key"] as? String)
        let film = try h.expectedFilm()
        XCTAssertEqual(info["frameCount"] as? Int, film.frameCount)
        XCTAssertEqual(info["fps"] as? Double, film.framesPerSecond)
        // Forward, backward (a cursor restarts), the last frame: each is byte for byte render-gif's still.
        for index in [0, 10, 25, 5, film.frameCount - 1, 17] {
            let reply = try h.client.get("/frame/\(key)/\(index)")
            XCTAssertEqual(reply.status, 200)
            XCTAssertEqual(reply.headers["content-type"], "image/png")
            XCTAssertEqual(reply.body, try h.expectedPNG(film, index), "frame \(index) differs from the still of its time")
        }
        XCTAssertEqual(try h.client.get("/frame/\(key)/\(film.frameCount)").status, 404)
        XCTAssertEqual(try h.client.get("/frame/\(key)/-1").status, 404)
        XCTAssertEqual(try h.client.get("/frame/\(key)/x").status, 400)
        XCTAssertEqual(try h.client.get("/frame/0000000000000000/0").status, 404)
        try await h.stop()
    }

    /// HEAD got 404 on every path (curl -I, uptime checks). It answers as GET would, headers only, and a HEAD of
    /// the event stream or of a file holds no slot: with one stream and one transfer allowed, GETs still get theirs.
    func testHeadAnswersAsGetWithoutABody() async throws {
        var limits = PreviewServer.Limits()
        limits.maximumStreams = 1
        limits.fileTransfers = 1
        let h = try PreviewHarness(limits: limits)
        let key = try XCTUnwrap(h.filmInfo()["key"] as? String)
        let film = try h.expectedFilm()
        let frame = try h.client.send("HEAD", "/frame/\(key)/3")
        XCTAssertEqual(frame.status, 200)
        XCTAssertEqual(frame.headers["content-type"], "image/png")
        XCTAssertEqual(frame.headers["content-length"], String(try h.expectedPNG(film, 3).count))
        XCTAssertEqual(frame.body, Data(), "no body after the head")
        XCTAssertEqual(try h.client.send("HEAD", "/").status, 200)
        XCTAssertEqual(try h.client.send("HEAD", "/frame/\(key)/\(film.frameCount)").status, 404)
        XCTAssertEqual(try h.client.send("HEAD", "/files/scene.json").headers["content-length"],
                       String(try Data(contentsOf: h.folder.appendingPathComponent("scene.json")).count))
        for _ in 0..<3 {
            XCTAssertEqual(try h.client.send("HEAD", "/events").status, 200)
            XCTAssertEqual(try h.client.send("HEAD", "/files/scene.json").status, 200)
        }
        XCTAssertEqual(try h.client.get("/files/scene.json").status, 200, "the transfer slot was given back")
        let events = try EventStream(port: h.port, token: h.server.token)
        XCTAssertNotNil(try events.next { $0["film"] != nil }, "the stream slot was given back")
        XCTAssertEqual(try h.client.send("HEAD", "/x/../../etc/passwd").status, 404)
        XCTAssertEqual(try h.client.send("HEAD", "/", host: "evil.example:80").status, 403, "HEAD is guarded like GET")
        try await h.stop()
    }

    /// OPTIONS, PUT, DELETE and PATCH on a known path got 404, as if the path were not there. They get 405 with an
    /// `Allow` header naming the path's methods; a path no route has stays 404; the Host and the token come first.
    func testAMethodAPathDoesNotTakeIs405WithAllow() async throws {
        let h = try PreviewHarness()
        let key = try XCTUnwrap(h.filmInfo()["key"] as? String)
        for (path, allow) in [("/", "GET, HEAD"), ("/state", "GET, HEAD"), ("/settings", "POST"), ("/export", "POST"),
                              ("/frame/\(key)/0", "GET, HEAD"), ("/files/scene.json", "GET, HEAD")] {
            for method in ["OPTIONS", "PUT", "DELETE", "PATCH"] {
                let reply = try h.client.send(method, path)
                XCTAssertEqual(reply.status, 405, "\(method) \(path)")
                XCTAssertEqual(reply.headers["allow"], allow, "\(method) \(path)")
                XCTAssertEqual(reply.json["error"] as? String, "\(method) is not allowed here (allowed: \(allow))")
            }
        }
        XCTAssertEqual(try h.client.get("/settings").headers["allow"], "POST")
        XCTAssertEqual(try h.client.send("PUT", "/nowhere").status, 404)
        XCTAssertEqual(try h.client.send("OPTIONS", "/frame/\(key)").status, 404)
        XCTAssertEqual(try RawHTTP(port: h.port).send("PUT", "/settings").status, 403, "the token is checked first")
        XCTAssertEqual(try h.client.send("DELETE", "/settings", host: "evil.example:80").status, 403, "the Host is checked first")
        try await h.stop()
    }

    /// A HEAD of the printed address, or of anything the page loads by address, with the token as `?token=`, got
    /// 403 where the GET got 200. It takes the token wherever GET does and gets GET's status and headers; a POST
    /// still takes it in the header only.
    func testHeadTakesTheQueryTokenWhereGetDoes() async throws {
        let h = try PreviewHarness()
        let bare = RawHTTP(port: h.port)
        let key = try XCTUnwrap(h.filmInfo()["key"] as? String)
        let token = "token=\(h.server.token)"
        for target in ["/?\(token)", "/state?\(token)", "/files/scene.json?\(token)", "/frame/\(key)/2?\(token)"] {
            let get = try bare.get(target), head = try bare.send("HEAD", target)
            XCTAssertEqual(get.status, 200, target)
            XCTAssertEqual(head.status, get.status, target)
            for name in ["content-type", "content-length", "cache-control"] { XCTAssertEqual(head.headers[name], get.headers[name], "\(target) \(name)") }
            XCTAssertEqual(head.body, Data(), target)
        }
        let events = try bare.send("HEAD", "/events?\(token)")
        XCTAssertEqual(events.status, 200)
        XCTAssertEqual(events.headers["content-type"], "text/event-stream")
        XCTAssertEqual(try bare.send("HEAD", "/state?token=nope").status, 403)
        XCTAssertEqual(try bare.post("/settings?\(token)", json: ["sort": "radial"]).status, 403, "a POST takes the token in the header only")
        try await h.stop()
    }

    func testTimingChartAndMotionCurvesArePNGsOfTheFilm() async throws {
        let h = try PreviewHarness()
        let key = try XCTUnwrap(h.filmInfo()["key"] as? String)
        let film = try h.expectedFilm()
        for (path, expected) in [("chart", try TimingChart(film: film).render().pngData()), ("curves", try MotionCurves(film: film).render().pngData())] {
            let reply = try h.client.get("/\(path)/\(key)")
            XCTAssertEqual(reply.status, 200, path)
            XCTAssertEqual(reply.body, expected, "\(path) is not the film's own")
        }
        try await h.stop()
    }

    func testTheFormRerendersAndRefusesBadValues() async throws {
        let h = try PreviewHarness()
        let before = try XCTUnwrap(h.filmInfo()["key"] as? String)
        let changed = try h.client.post("/settings", json: ["sort": "radial", "animationType": "spring", "damping": 0.4, "duration": 0.5, "width": 300])
        XCTAssertEqual(changed.status, 200, changed.text)
        let film = try XCTUnwrap(changed.json["film"] as? [String: Any])
        let after = try XCTUnwrap(film["key"] as? String)
        XCTAssertNotEqual(before, after)
        XCTAssertEqual(film["width"] as? Int, 300)
        let spec = try XCTUnwrap(changed.json["spec"] as? [String: Any])
        XCTAssertEqual(spec["sort"] as? String, "radial")
        XCTAssertEqual(spec["animationType"] as? String, "spring")

        // The frame is the film the form describes, built here from the file with the same values.
        var document = try SceneParser.load(contentsOf: h.sceneURL)
        var settings = PreviewSettings()
        (settings.sort, settings.animationType, settings.damping, settings.duration, settings.width) = ("radial", "spring", 0.4, 0.5, 300)
        document = try settings.apply(to: document)
        let expected = try SceneFilm(document: document, framesPerSecond: document.timeline.fps ?? 60).film
        XCTAssertEqual(try h.client.get("/frame/\(after)/12").body, try h.expectedPNG(expected, 12))

        for (bad, field) in [(["delay": 99], "form.delay"), (["sort": "sideways"], "form.sort"), (["width": 1e12], "form.width"),
                             (["damping": -1], "form.damping"), (["corner": "middle"], "form.corner")] as [([String: Any], String)] {
            let reply = try h.client.post("/settings", json: bad)
            XCTAssertEqual(reply.status, 400, "\(bad)")
            XCTAssertTrue((reply.json["error"] as? String ?? "").contains(field), "\(reply.text) names \(field)")
        }
        XCTAssertEqual(try h.filmInfo()["key"] as? String, after, "a refused value leaves the film as it was")
        XCTAssertEqual(try h.client.send("POST", "/settings", body: Data("{not json".utf8)).status, 400)
        // Back to the file's values: the first film again, by the same key (frames cached by content).
        XCTAssertEqual(try h.client.post("/settings", json: [String: Any]()).json["film"].flatMap { ($0 as? [String: Any])?["key"] as? String }, before)
        try await h.stop()
    }

    func testExportWritesThroughAtomicOutputsIntoTheFolder() async throws {
        let h = try PreviewHarness()
        let film = try h.expectedFilm()
        let still = try h.client.post("/export", json: ["format": "png", "name": "still.png", "time": film.time(ofFrame: 12)])
        XCTAssertEqual(still.status, 200, still.text)
        let written = h.folder.appendingPathComponent("still.png")
        XCTAssertEqual(try Data(contentsOf: written), try h.expectedPNG(film, 12))
        let gif = try h.client.post("/export", json: ["format": "gif", "name": "film.gif"])
        XCTAssertEqual(gif.status, 200, gif.text)
        XCTAssertTrue(try Data(contentsOf: h.folder.appendingPathComponent("film.gif")).starts(with: Data("GIF89a".utf8)))
        let mp4 = try h.client.post("/export", json: ["format": "mp4", "name": "film.mp4"])
        XCTAssertEqual(mp4.status, 200, mp4.text)
        XCTAssertEqual(try Data(contentsOf: h.folder.appendingPathComponent("film.mp4"))[4..<8], Data("ftyp".utf8))
        // Nothing but the outputs (no temporary left) beside the scene.
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: h.folder.path).sorted(), ["film.gif", "film.mp4", "scene.json", "still.png"])
        // A name already taken is not replaced unasked: 409 with `exists`, the file as it was; `replace` writes it.
        let mine = h.folder.appendingPathComponent("mine.png")
        try Data("mine".utf8).write(to: mine)
        let taken = try h.client.post("/export", json: ["format": "png", "name": "mine.png"])
        XCTAssertEqual(taken.status, 409, taken.text)
        XCTAssertEqual(taken.json["exists"] as? Bool, true, taken.text)
        XCTAssertEqual(taken.json["error"] as? String, "mine.png already exists in the export folder")
        XCTAssertEqual(try Data(contentsOf: mine), Data("mine".utf8))
        XCTAssertEqual(try h.client.post("/export", json: ["format": "gif", "name": "film.gif"]).status, 409, "an earlier export too")
        let replaced = try h.client.post("/export", json: ["format": "png", "name": "mine.png", "time": film.time(ofFrame: 12), "replace": true])
        XCTAssertEqual(replaced.status, 200, replaced.text)
        XCTAssertEqual(try Data(contentsOf: mine), try h.expectedPNG(film, 12))
        try FileManager.default.removeItem(at: mine)
        for name in ["a\nb.png", "a\u{1B}[31m.png", "a\rb.png"] {
            XCTAssertEqual(try h.client.post("/export", json: ["format": "png", "name": name]).status, 403, name)
        }
        XCTAssertEqual(try h.client.post("/export", json: ["format": "webm", "name": "x.webm"]).status, 400)
        XCTAssertEqual(try h.client.post("/export", json: ["format": "gif", "name": "x.png"]).status, 400)
        XCTAssertEqual(try h.client.post("/export", json: ["nope": 1]).status, 400)
        try await h.stop()
    }
}
