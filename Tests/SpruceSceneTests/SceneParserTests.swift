import Foundation
import Spruce
@testable import SpruceScene
import XCTest

final class SceneParserTests: XCTestCase {
    func error(_ json: String, yaml: Bool = false) -> String {
        do { _ = try SceneParser.parse(Data(json.utf8), yaml: yaml); return "no error" } catch { return "\(error)" }
    }

    func testTheIssuesExampleMessages() {
        let badFrame = #"{"views": [{}, {}, {}, {"frame": [0, 0, -10, 20]}]}"#
        XCTAssertEqual(error(badFrame), "views[3].frame: width must not be negative")
        XCTAssertEqual(error(#"{"choreography": {"sort": "conered"}}"#),
                       #"choreography.sort: unknown sort "conered", did you mean "cornered"?"#)
    }

    func testMessagesNameThePlace() {
        XCTAssertEqual(error(#"{"canvas": {"width": -3}}"#), "canvas.width: must be positive, got -3")
        XCTAssertEqual(error(#"{"canvas": {"width": 20000}}"#), "canvas: 20000×464 pixels; each side must be 1…16384 (size × scale)")
        XCTAssertEqual(error(##"{"canvas": {"background": "#12"}}"##),
                       ##"canvas.background: "#12" is not a colour (#RGB, #RRGGBB, #RRGGBBAA or a name such as white)"##)
        XCTAssertEqual(error(##"{"views": [{"colour": "#fff"}]}"##),
                       #"views[0].colour: unknown key "colour"; expected one of: alpha, backgroundColor, borderColor, borderWidth, clipsToBounds, contentMode, cornerRadius, font, frame, grid, hidden, id, image, subviews, tag, text, textAlignment, textColor, transform, type"#)
        XCTAssertEqual(error(#"{"views": [{"subviews": [{"frame": {"x": 1, "y": 2, "width": 3}}]}]}"#),
                       "views[0].subviews[0].frame: missing height")
        XCTAssertEqual(error(#"{"views": [{"frame": [0, 0, "wide", 1]}]}"#), "views[0].frame[2]: expected a number, found a string")
        XCTAssertEqual(error(#"{"views": [{"type": "lable"}]}"#), #"views[0].type: unknown view type "lable", did you mean "label"?"#)
        XCTAssertEqual(error(#"{"views": [{"text": "hi"}]}"#), "views[0].text: only views of type label have text")
        XCTAssertEqual(error(#"{"views": [{"alpha": 2}]}"#), "views[0].alpha: must be between 0 and 1, got 2")
        XCTAssertEqual(error(#"{"choreography": {"corner": "top-left"}}"#), "no error", "dashes are accepted")
        XCTAssertEqual(error(#"{"choreography": {"corner": "middle"}}"#),
                       #"choreography.corner: unknown corner "middle"; expected one of: topLeft, topRight, bottomLeft, bottomRight"#)
        XCTAssertEqual(error(#"{"choreography": {"delay": -0.1}}"#), "choreography.delay: must not be negative")
        XCTAssertEqual(error(#"{"choreography": {"animations": ["fade-in", "slide:sideways"]}}"#),
                       #"choreography.animations[1]: unknown slide direction "sideways"; expected one of: up, down, left, right"#)
        XCTAssertEqual(error(#"{"choreography": {"animations": "fade-in,exapnd"}}"#),
                       #"choreography.animations: unknown animation "exapnd", did you mean "expand"?"#)
        XCTAssertEqual(error(#"{"choreography": {"recursiveDepth": -1}}"#), "choreography.recursiveDepth: must not be negative")
        XCTAssertEqual(error(#"{"choreography": {"reversed": "yes"}}"#), "choreography.reversed: expected true or false, found a string")
        // Booleans and numbers apart, both ways and from both readers (`Node.isBoolean`).
        XCTAssertEqual(error(#"{"canvas": {"width": true}}"#), "canvas.width: expected a number, found a boolean")
        XCTAssertEqual(error("canvas:\n  width: false\n", yaml: true), "canvas.width: expected a number, found a boolean")
        XCTAssertEqual(error(#"{"views": [{"frame": [0, 0, 1.5, true]}]}"#), "views[0].frame[3]: expected a number, found a boolean")
        XCTAssertEqual(error(#"{"choreography": {"reversed": 0}}"#), "choreography.reversed: expected true or false, found a number")
        XCTAssertEqual(error("choreography:\n  reversed: 1.5\n", yaml: true), "choreography.reversed: expected true or false, found a number")
        XCTAssertEqual(error("choreography:\n  reversed: true\ncanvas:\n  width: 300\n", yaml: true), "no error")
        XCTAssertEqual(error(#"{"timeline": {"loop": "forever"}}"#),
                       #"timeline.loop: unknown loop "forever"; expected one of: in, in-hold, in-out, in-hold-out, in-hold-fade, in-hold-reverse"#)
        XCTAssertEqual(error("[1, 2]"), "expected an object, found a list")
        XCTAssertEqual(error(#"{"views": [{"grid": {"rows": 0, "columns": 3}}]}"#), "views[0].grid.rows: must be 1…1000, got 0")
    }

    /// A label's text and font family are drawn by Cairo, which refuses a string holding a Unicode noncharacter (the
    /// render stopped at its first frame) and cuts one at U+0000: such a string is refused where the scene holds it.
    func testTextCairoCannotDrawIsNamedWithItsCodePoint() {
        func label(_ fields: String) -> String { #"{"views": [{"type": "label", "# + fields + "}]}" }
        XCTAssertEqual(error(label(#""text": "a\uFFFEb""#)), "views[0].text: holds U+FFFE (a Unicode noncharacter), which Cairo cannot draw")
        XCTAssertEqual(error(label(#""text": "\uFDEF""#)), "views[0].text: holds U+FDEF (a Unicode noncharacter), which Cairo cannot draw")
        XCTAssertEqual(error(label(#""text": "\uDBFF\uDFFF""#)), "views[0].text: holds U+10FFFF (a Unicode noncharacter), which Cairo cannot draw")
        XCTAssertEqual(error(label(#""text": "a\u0000""#)), "views[0].text: holds U+0000 (NUL), which Cairo cannot draw")
        XCTAssertEqual(error(label(#""font": {"family": "x\uFFFF"}"#)), "views[0].font.family: holds U+FFFF (a Unicode noncharacter), which Cairo cannot draw")
        XCTAssertEqual(error("views:\n  - type: label\n    subviews:\n      - type: label\n        text: \"\\U0001FFFF\"\n", yaml: true),
                       "views[0].subviews[0].text: holds U+1FFFF (a Unicode noncharacter), which Cairo cannot draw")
        XCTAssertEqual(error(label(#""text": "\uFFFD \uFDCF \uFDF0 \uFFFC \uD83F\uDFFD""#)), "no error", "the code points beside them are drawn")
    }

    /// The parsed object keeps no order: of several unknown keys the message names the first in sorted order, the
    /// same one on every run (it followed the dictionary's hash order, which changes from process to process).
    func testOfSeveralUnknownKeysTheFirstInSortedOrderIsNamed() {
        let keys = (0..<40).map { "k\($0)" }.shuffled()
        let json = "{" + keys.map { "\"\($0)\": 1" }.joined(separator: ", ") + "}"
        XCTAssertEqual(error(json), #"k0: unknown key "k0"; expected one of: canvas, choreography, description, name, timeline, views"#)
    }

    /// A Lottie file (what `--out x.json` writes) given as a scene is named as such.
    func testALottieFileIsNotAScene() {
        XCTAssertEqual(error(#"{"v": "5.7.0", "fr": 25, "ip": 0, "op": 54, "w": 464, "h": 464, "layers": []}"#),
                       #"this is a Lottie animation (it has "layers" and "fr"), not a scene file; render-gif writes Lottie files and does not read them"#)
    }

    func testNotJSONAtAll() {
        XCTAssertTrue(error("{\"views\": [").hasPrefix("not valid JSON: "), error("{\"views\": ["))
        XCTAssertTrue(error("views: [\n  - {frame: [0, 0, 1", yaml: true).hasPrefix("not valid YAML"))
        XCTAssertEqual(error("{[1]: 2}", yaml: true), "mapping keys must be plain names, found a list")
    }

    func testYAMLReadsLikeJSON() throws {
        let yaml = """
        canvas: {width: 200, height: 100, background: transparent}
        views:
          - id: card
            frame: [10, 10, 80, 80]
            backgroundColor: "#A9F0B4"
            cornerRadius: 6
            hidden: false
        choreography:
          sort: cornered
          corner: bottom-right
          reversed: true
          animations: [fade-in, "expand:slightly"]
          animation: spring
        timeline: {fps: 25, loop: in-hold-out}
        """
        let doc = try SceneParser.parse(Data(yaml.utf8), yaml: true)
        XCTAssertNil(doc.canvas.background)
        XCTAssertEqual(doc.views.first?.id, "card")
        XCTAssertEqual(doc.views.first?.cornerRadius, 6)
        XCTAssertEqual(doc.choreography.sort, .cornered(corner: .bottomRight, delay: 0.05, reversed: true))
        XCTAssertEqual(doc.choreography.animations, [.fadeIn, .expand(.slightly)])
        XCTAssertEqual(doc.choreography.animationType, .spring)
        XCTAssertEqual(doc.timeline.fps, 25)
        XCTAssertEqual(error(yaml.replacingOccurrences(of: "cornerRadius: 6", with: "cornerRadius: -6"), yaml: true),
                       "views[0].cornerRadius: must not be negative")
    }

    func testBuilderMakesTheTree() throws {
        let json = #"""
        {"canvas": {"width": 100, "height": 100},
         "views": [{"id": "board", "frame": [0, 0, 100, 100],
                    "grid": {"rows": 2, "columns": 3, "spacing": 4, "inset": 10, "tile": {"id": "t", "tag": 1, "backgroundColor": "#ff0000"}}},
                   {"type": "label", "frame": [0, 0, 50, 20], "text": "hi", "textAlignment": "center",
                    "transform": {"rotation": 90, "scale": 2}}]}
        """#
        let doc = try SceneParser.parse(Data(json.utf8))
        let root = try SceneBuilder(doc).makeRoot()
        let board = try XCTUnwrap(root.view(withID: "board"))
        XCTAssertEqual(board.subviews.count, 6)
        XCTAssertEqual(board.subviews[0].frame, CGRect(x: 10, y: 10, width: 24, height: 38))
        XCTAssertEqual(board.subviews[5].frame.maxX, 90, accuracy: 1e-9)
        XCTAssertEqual(board.subviews[5].tag, 6)
        XCTAssertEqual(board.subviews[4].id, "t-1-1")
        let label = try XCTUnwrap(root.subviews[1] as? Label)
        XCTAssertEqual(label.text, "hi")
        XCTAssertEqual(label.transform.b, 2, accuracy: 1e-9)
    }

    func testMissingImageIsNamed() throws {
        let doc = try SceneParser.parse(Data(#"{"views": [{"type": "image", "image": "nope.png"}]}"#.utf8))
        XCTAssertThrowsError(try SceneBuilder(doc)) { e in
            XCTAssertTrue("\(e)".hasPrefix("views[0].image: cannot read PNG: "), "\(e)")
        }
    }

    func testUnreadableFile() {
        XCTAssertThrowsError(try SceneParser.load(contentsOf: URL(fileURLWithPath: "/nonexistent/scene.json"))) { e in
            XCTAssertEqual("\(e)", "cannot read scene file /nonexistent/scene.json: no such file")
        }
    }

    /// Random bytes, truncations and mutations of a valid scene never crash the loader:
    /// each either parses or throws a SceneError.
    func testFuzzedInputsNeverCrash() throws {
        let valid = #"""
        {"canvas": {"width": 300, "height": 200, "scale": 2, "background": "#fff"},
         "views": [{"id": "a", "frame": [1, 2, 30, 40], "cornerRadius": 3, "subviews": [{"type": "label", "text": "x"}]},
                   {"grid": {"rows": 3, "columns": 3, "tile": {"backgroundColor": "#A9F0B4"}}}],
         "choreography": {"sort": "radial", "position": "middle", "delay": 0.05, "animations": ["fade-in", "spin:90deg"],
                          "weights": ["heavy", 0.3], "exclude": ["a"]},
         "timeline": {"fps": 25, "loop": "in-out", "hold": 0.4}}
        """#
        let bytes = Array(valid.utf8)
        var rng = SplitMix(seed: 7)
        var parsed = 0, rejected = 0
        func attempt(_ data: [UInt8], yaml: Bool) {
            do { _ = try SceneParser.parse(Data(data), yaml: yaml); parsed += 1 } catch is SceneError { rejected += 1 } catch {
                XCTFail("unexpected error type \(type(of: error)): \(error)")
            }
        }
        for cut in stride(from: 0, to: bytes.count, by: 3) { attempt(Array(bytes[..<cut]), yaml: false); attempt(Array(bytes[..<cut]), yaml: true) }
        let alphabet = Array(#"{}[]",:0123456789.-eE truefalsnul"#.utf8)
        for _ in 0..<1500 {
            var m = bytes
            for _ in 0..<(1 + Int(rng.next() % 4)) {
                let i = Int(rng.next() % UInt64(m.count))
                m[i] = alphabet[Int(rng.next() % UInt64(alphabet.count))]
            }
            attempt(m, yaml: rng.next() % 2 == 0)
        }
        for _ in 0..<300 {
            attempt((0..<Int(rng.next() % 200)).map { _ in UInt8(truncatingIfNeeded: rng.next()) }, yaml: rng.next() % 2 == 0)
        }
        attempt(Array(String(repeating: "[", count: 5000).utf8), yaml: false)
        attempt(Array((String(repeating: #"{"subviews":["#, count: 100) + "{}" + String(repeating: "]}", count: 100)).utf8), yaml: false)
        XCTAssertGreaterThan(parsed, 0)
        XCTAssertGreaterThan(rejected, 100)
    }
}

struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
