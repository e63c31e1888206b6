import Foundation
import Spruce
import SpruceFilm
import SpruceRender
import XCTest

/// Text Cairo cannot draw (`CairoText`: a Unicode noncharacter, U+0000). In a film's label it is refused when the film
/// is made, naming the view (it stopped the render at its first frame, naming none); anywhere else it is drawn as
/// U+FFFD (a title holding one failed its whole sheet).
final class FilmTextTests: XCTestCase {
    private func film(_ makeRoot: @escaping () -> View, entrance: @escaping (View) -> Void = { _ in }) throws -> Film {
        try Film(size: CGSize(width: 160, height: 160), framesPerSecond: 25, root: makeRoot) { root in
            entrance(root)
            _ = root.spruce.animate([.fadeIn], duration: 0.2)
        }
    }

    private func tree(text: String, id: String? = "title", family: String = Font.defaultFamily) -> View {
        let root = tileGrid()
        let label = Label(frame: CGRect(x: 0, y: 0, width: 100, height: 30), text: text, font: Font(family: family, size: 17))
        label.id = id
        root.subviews[1].addSubview(label)
        return root
    }

    func testALabelHoldingANoncharacterIsRefusedNamingTheView() {
        XCTAssertThrowsError(try film { self.tree(text: "a\u{FFFE}b") }) { error in
            XCTAssertEqual(error as? FilmError, .undrawableText(view: "title", property: "text", scalar: "\u{FFFE}"))
            XCTAssertEqual("\(error)", "view 'title': its text holds U+FFFE (a Unicode noncharacter), which Cairo cannot draw")
        }
        XCTAssertThrowsError(try film { self.tree(text: "ok", id: nil, family: "Deja\u{10FFFF}") }) { error in
            XCTAssertEqual("\(error)", "view '1.0': its font family holds U+10FFFF (a Unicode noncharacter), which Cairo cannot draw")
        }
        XCTAssertThrowsError(try film { self.tree(text: "a\u{0}b") }) { error in
            XCTAssertEqual("\(error)", "view 'title': its text holds U+0000 (NUL), which Cairo cannot draw")
        }
    }

    func testTextTheEntranceSetsIsCheckedToo() throws {
        let scalar = try XCTUnwrap(Unicode.Scalar(0xFDD0))  // Swift takes no literal of U+FDD0…U+FDEF
        XCTAssertThrowsError(try film({ self.tree(text: "ok") }, entrance: { root in
            (root.subviews[1].subviews[0] as? Label)?.text = String(Character(scalar))
        })) { error in
            XCTAssertEqual(error as? FilmError, .undrawableText(view: "title", property: "text", scalar: scalar))
        }
    }

    func testOtherTextIsDrawnWithTheReplacementCharacter() throws {
        func drawn(_ text: String) throws -> Bitmap {
            let label = Label(frame: CGRect(x: 0, y: 0, width: 120, height: 30), text: text)
            return try Renderer(size: label.bounds.size).render(label)
        }
        XCTAssertEqual(try drawn("a\u{FFFF}b\u{1FFFE}"), try drawn("a\u{FFFD}b\u{FFFD}"))
        XCTAssertNotEqual(try drawn("a\u{FFFD}b\u{FFFD}"), try drawn("ab"))
        XCTAssertEqual(TextMetrics.width(of: "\u{FFFE}", font: .systemFont(ofSize: 17)),
                       TextMetrics.width(of: "\u{FFFD}", font: .systemFont(ofSize: 17)))
    }
}
