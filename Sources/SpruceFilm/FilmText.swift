import Foundation
import Spruce
import SpruceRender

/// The text of a film that Cairo draws: every label's text and its font's family. One holding a scalar Cairo cannot
/// draw (`CairoText`: a Unicode noncharacter, U+0000) is refused when the film is made, before any frame is drawn.
enum FilmText {
    /// Throws `FilmError.undrawableText` for the first label of `root`'s tree (depth first) whose text or font family
    /// holds such a scalar, naming it by its id, else by its place (`0.2`, `root`).
    static func check(_ root: View) throws {
        func walk(_ view: View, _ place: String) throws {
            if let label = view as? Label {
                let name = view.id ?? TreePath.name(ofPlace: place)
                if let text = label.text, let scalar = CairoText.firstUndrawable(in: text) {
                    throw FilmError.undrawableText(view: name, property: "text", scalar: scalar)
                }
                if let scalar = CairoText.firstUndrawable(in: label.font.family) {
                    throw FilmError.undrawableText(view: name, property: "font family", scalar: scalar)
                }
            }
            for (i, child) in view.subviews.enumerated() { try walk(child, TreePath.place(place, child: i)) }
        }
        try walk(root, "")
    }
}
