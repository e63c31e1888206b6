import Foundation
import MediaTestSupport
import Spruce
import SpruceFilm
@testable import SpruceLottie
import SpruceRender
import XCTest

/// What the exporter writes, read back from the JSON: every animated property reproduces the film's own
/// values at every frame within the stated bound; what Lottie cannot carry is refused by view and property.
final class LottieExportTests: XCTestCase {
    /// The README grid: each tile's scale and opacity, evaluated from the file's keyframes at every frame,
    /// against the film's tiles read directly (springs in, a hold, the entrance backwards).
    func testGridKeyframesStayWithinTheBoundAtEveryFrame() throws {
        let film = try sceneFilm("grid.json")
        let export = try LottieExport(film: film)
        let document = try JSONSerialization.jsonObject(with: export.data) as! [String: Any]
        let layers = document["layers"] as! [[String: Any]]
        XCTAssertEqual(document["op"] as? Int, film.frameCount)
        let times = (0..<film.frameCount).map(film.time(ofFrame:))
        let truth = try film.sample(at: times) { root in
            Dictionary(uniqueKeysWithValues: root.subviews[0].subviews.map { ($0.id!, (Double($0.transform.a) * 100, Double($0.alpha) * 100)) })
        }
        var worstScale = 0.0, worstOpacity = 0.0, animated = 0
        for tile in layers where (tile["nm"] as? String)?.hasPrefix("tile") == true {
            let id = tile["nm"] as! String
            let ks = tile["ks"] as! [String: Any]
            let scale = Self.values(ks["s"], frames: film.frameCount)
            let group = (tile["shapes"] as! [[String: Any]])[0]["it"] as! [[String: Any]]
            let opacity = Self.values(group.last!["o"], frames: film.frameCount)
            if (ks["s"] as! [String: Any])["a"] as? Int == 1 { animated += 1 }
            for f in 0..<film.frameCount {
                worstScale = max(worstScale, abs(scale[f][0] - truth[f][id]!.0))
                worstOpacity = max(worstOpacity, abs(opacity[f][0] - truth[f][id]!.1))
            }
        }
        XCTAssertEqual(animated, 49)
        // Half a pixel at a 56-point tile's corner (40 points from its anchor) is 1.26 % of scale.
        XCTAssertLessThanOrEqual(worstScale, 100 * 0.5 / (56 * 2.squareRoot() / 2) + 1e-3)
        XCTAssertLessThanOrEqual(worstOpacity, 0.5 + 1e-3)
        XCTAssertLessThan(export.keyframes, export.keyframesAtEveryFrame / 3, export.summary)
    }

    /// A property's value at every frame from its JSON (`{"a":0,"k":v}` or keyframes with o/i handles).
    static func values(_ property: Any?, frames: Int) -> [[Double]] {
        let p = property as! [String: Any]
        guard p["a"] as? Int == 1 else {
            let k = p["k"]!
            let v = (k as? [Double]) ?? [(k as! NSNumber).doubleValue]
            return Array(repeating: v, count: frames)
        }
        let keys = (p["k"] as! [[String: Any]]).map { k -> Keyframe in
            let easing = (k["o"] as? [String: Double]).map { o -> UnitBezier in
                let i = k["i"] as! [String: Double]
                return UnitBezier(firstX: o["x"]!, firstY: o["y"]!, secondX: i["x"]!, secondY: i["y"]!)
            }
            return Keyframe(frame: k["t"] as! Int, value: k["s"] as! [Double], easing: easing)
        }
        return LottieEvaluator.values(of: keys, frames: frames)
    }

    // MARK: What cannot be exported

    private func film(_ animate: @escaping (View) -> Void, root: @escaping () -> View = LottieExportTests.twoTiles) throws -> Film {
        try Film(size: CGSize(width: 100, height: 100), framesPerSecond: 25, loop: .in, root: root) { root in
            root.animate(withDuration: 0.2, changes: { _ in animate(root) })
        }
    }

    static func twoTiles() -> View {
        let root = View(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let a = View(frame: CGRect(x: 10, y: 10, width: 30, height: 30))
        a.id = "a"
        a.backgroundColor = .red
        root.addSubview(a)
        let label = Label(frame: CGRect(x: 10, y: 60, width: 80, height: 20), text: "Hello")
        label.id = "hello"
        root.addSubview(label)
        return root
    }

    func testSkewIsRefusedNamingTheView() throws {
        let f = try film { root in root.view(withID: "a")!.transform = CGAffineTransform(a: 1, b: 0, c: 0.5, d: 1, tx: 0, ty: 0) }
        XCTAssertThrowsError(try LottieExport(film: f)) { error in
            let e = error as? LottieExportError
            XCTAssertEqual(e?.view, "a")
            XCTAssertEqual(e?.property, "transform")
        }
    }

    /// A label without text (Cairo's path of no glyphs has no data) exports as a label layer with no outline.
    func testAnEmptyLabelExports() throws {
        for text in ["", nil] as [String?] {
            let f = try film { root in (root.view(withID: "hello") as! Label).text = text }
            XCTAssertNoThrow(try LottieExport(film: f), "text \(String(describing: text))")
        }
    }

    func testChangingTextIsRefusedNamingTheLabel() throws {
        let f = try film { root in
            root.view(withID: "a")!.alpha = 0.5
            _ = Loop.current.schedule(at: 0.1) { (root.view(withID: "hello") as! Label).text = "Bye" }
        }
        XCTAssertThrowsError(try LottieExport(film: f)) { error in
            XCTAssertEqual((error as? LottieExportError)?.view, "hello")
            XCTAssertEqual((error as? LottieExportError)?.property, "text")
            XCTAssertTrue("\(error)".hasPrefix("cannot export view 'hello' to Lottie: text changes at "), "\(error)")
        }
    }

    /// A number JSON cannot hold (here an alpha that becomes NaN half-way) is refused in one line naming the view
    /// and the property, instead of stopping the process.
    func testANonFiniteNumberIsRefusedNamingTheViewAndProperty() throws {
        for (property, change) in [("alpha", { (v: View) in v.alpha = .nan }),
                                   ("transform", { (v: View) in v.transform = CGAffineTransform(scaleX: .infinity, y: 1) }),
                                   ("backgroundColor", { (v: View) in v.backgroundColor = Color(red: .nan, green: 0, blue: 0) })] {
            let f = try film { root in
                _ = Loop.current.schedule(at: 0.1) { change(root.view(withID: "a")!) }
            }
            XCTAssertThrowsError(try LottieExport(film: f), property) { error in
                XCTAssertEqual("\(error)", "cannot export view 'a' to Lottie: \(property) is not a finite number; a Lottie file holds numbers only")
            }
        }
    }

    /// A tile whose subview slides out of its clipping bounds, inside another clipping view.
    static func clipped(nested: Bool) -> View {
        let root = LottieExportTests.twoTiles()
        let a = root.view(withID: "a")!
        a.clipsToBounds = true
        let inner = View(frame: CGRect(x: 5, y: 5, width: 20, height: 20))
        inner.id = "inner"
        inner.backgroundColor = .green
        a.addSubview(inner)
        let leaf = View(frame: CGRect(x: 2, y: 2, width: 10, height: 10))
        leaf.id = "leaf"
        leaf.backgroundColor = .blue
        inner.addSubview(leaf)
        inner.clipsToBounds = nested
        return root
    }

    /// Two clipping views that would both cut one layer: Lottie gives a layer one matte, so it is refused.
    func testNestedClipsThatBothCutAreRefused() throws {
        let f = try film({ root in
            root.view(withID: "inner")!.center = CGPoint(x: 30, y: 15)
            root.view(withID: "leaf")!.center = CGPoint(x: 25, y: 7)
        }, root: { LottieExportTests.clipped(nested: true) })
        XCTAssertThrowsError(try LottieExport(film: f)) { error in
            XCTAssertEqual((error as? LottieExportError)?.view, "inner")
            XCTAssertEqual((error as? LottieExportError)?.property, "clipsToBounds")
        }
    }

    /// A subview sliding out of its clipping view is cut by a track matte: valid, and rlottie cuts it where we do.
    func testClippedSubviewIsMattedAndMatchesRlottie() throws {
        let f = try film({ root in root.view(withID: "inner")!.center = CGPoint(x: 35, y: 15) },
                         root: { LottieExportTests.clipped(nested: false) })
        let export = try LottieExport(film: f)
        let layers = (try JSONSerialization.jsonObject(with: export.data) as! [String: Any])["layers"] as! [[String: Any]]
        XCTAssertEqual(layers.filter { $0["tt"] as? Int == 1 }.count, 2, "inner and leaf matted")
        XCTAssertEqual(layers.filter { $0["td"] as? Int == 1 }.count, 2)
        try assertMatchesRlottie(f, frames: [0, 2, 4, f.frameCount - 1])
    }

    private func assertMatchesRlottie(_ f: Film, frames: [Int], line: UInt = #line) throws {
        let scratch = try Scratch()
        let url = scratch.path("t.json")
        try f.write(to: url, as: .lottie())
        try LottieTools.assertValid(url, line: line)
        let ours = try f.frames(at: frames.map(f.time(ofFrame:)))
        let theirs = try LottieTools.render(url, frames: frames, width: ours[0].width, height: ours[0].height, into: scratch.url)
        let psnr = PSNR(decoded: theirs.map { $0.packedBGRA() }, expected: ours.map { $0.packedBGRA() })
        XCTAssertGreaterThanOrEqual(psnr.worst, 30, "\(psnr)", line: line)
    }

    /// Rotation, scale, a moving centre, a colour change and a fade together: the file is valid and rlottie
    /// draws what we draw.
    func testTransformsAndColoursMatchRlottie() throws {
        let f = try film { root in
            let a = root.view(withID: "a")!
            a.transform = CGAffineTransform(rotationAngle: 2.5).scaledBy(x: 1.5, y: 0.75)
            a.center = CGPoint(x: 60, y: 40)
            a.backgroundColor = .blue
            a.cornerRadius = 8
            root.view(withID: "hello")!.alpha = 0.3
        }
        try assertMatchesRlottie(f, frames: [0, 2, 4, f.frameCount - 1])
    }

    /// The file on disk is the export's bytes, and a failed write leaves nothing behind.
    func testWriteIsAtomicAndReadBack() throws {
        let f = try sceneFilm("examples/minimal.json")
        let scratch = try Scratch()
        let url = scratch.path("m.json")
        try f.write(to: url, as: .lottie())
        XCTAssertEqual(try Data(contentsOf: url), try LottieExport(film: f).data)
        XCTAssertThrowsError(try f.write(to: scratch.path("missing/m.json"), as: .lottie()))
        XCTAssertEqual(scratch.contents, ["m.json"])
    }

    /// The read-back parses the whole file (a cut or broken file fails) and counts its layers and frames.
    func testReadBackCountsLayersAndFramesOfValidJSONOnly() throws {
        let export = try LottieExport(film: try sceneFilm("examples/minimal.json"))
        let summary = try XCTUnwrap(LottieReadBack.summary(export.data))
        XCTAssertEqual(summary.layers, export.layers)
        XCTAssertEqual(summary.frames, Double(export.frameCount))
        XCTAssertNil(LottieReadBack.summary(export.data.dropLast()), "cut short")
        var broken = export.data
        broken[broken.count / 2] = UInt8(ascii: "{")
        XCTAssertNil(LottieReadBack.summary(broken), "a brace in the middle")
        XCTAssertNil(LottieReadBack.summary(Data(#"{"op": 3}"#.utf8)), "no layers")
        XCTAssertEqual(LottieReadBack.summary(Data(#"{"op": 3, "layers": [{}, {"a": [1, {"b": 2}]}]}"#.utf8))?.layers, 2)
    }
}
