import Foundation
import Spruce
import SpruceFilm
import SpruceRender

/// The evidence scenes of docs/Testing.md: a canvas of any size filled with rounded, bordered tiles and a
/// caption, springing in with a spin and a scale, so that mid-film most edges are rotated and smoothed.
struct ToleranceScene {
    var size: CGSize
    /// Moves the tile in the middle by this many points.
    var nudge: CGFloat = 0
    /// Changes the red of every tile by this many 1/255 steps.
    var recolour: Int = 0
    var antialias: Antialias = .good

    func makeRoot() -> View {
        let root = View(frame: CGRect(origin: .zero, size: size))
        let columns = 6, rows = 4
        let cell = CGSize(width: size.width / CGFloat(columns), height: size.height / CGFloat(rows + 1))
        let side = min(cell.width, cell.height) * 0.7
        for r in 0..<rows {
            for c in 0..<columns {
                let tile = View(frame: CGRect(x: CGFloat(c) * cell.width + (cell.width - side) / 2,
                                              y: CGFloat(r) * cell.height + (cell.height - side) / 2, width: side, height: side))
                tile.id = "tile-\(r)-\(c)"
                let red = (60 + recolour)
                tile.backgroundColor = Color(red: CGFloat(red) / 255, green: 120.0 / 255, blue: 200.0 / 255)
                tile.cornerRadius = side * 0.15
                tile.borderWidth = max(1, side * 0.03)
                tile.borderColor = Color(red: 0.1, green: 0.2, blue: 0.4)
                if r == rows / 2, c == columns / 2 { tile.center.x += nudge }
                root.addSubview(tile)
            }
        }
        let caption = Label(frame: CGRect(x: 0, y: CGFloat(rows) * cell.height, width: size.width, height: cell.height))
        caption.id = "caption"
        caption.text = "Spruce · tolerance"
        caption.font = Font.systemFont(ofSize: max(8, cell.height * 0.4))
        caption.textAlignment = .center
        root.addSubview(caption)
        return root
    }

    func film() throws -> Film {
        var film = try Film(size: size, framesPerSecond: 25, loop: .inHold(hold: 0.2), root: makeRoot, choreography: { root in
            root.spruce.animate([.spin(.moderately), .expand(.moderately)], animationType: SpringAnimation(duration: 0.6),
                                sortFunction: LinearSortFunction(direction: .leftToRight, interObjectDelay: 0.03))
        })
        film.canvas.antialias = antialias
        return film
    }

    /// Mid-entrance (rotated, scaled edges everywhere) and at rest.
    static let times = [0.2, 0.35, 1.0]
}
