import Foundation
import Spruce
import SpruceFilm

/// A small grid of coloured tiles, the kind of screen the tests animate.
func tileGrid(rows: Int = 3, columns: Int = 3, side: CGFloat = 40, gap: CGFloat = 10,
              color: Color = Color(red: 0.2, green: 0.45, blue: 0.9), offset: CGFloat = 0) -> View {
    let width = CGFloat(columns) * (side + gap) + gap, height = CGFloat(rows) * (side + gap) + gap
    let root = View(frame: CGRect(x: 0, y: 0, width: width, height: height))
    for r in 0..<rows {
        for c in 0..<columns {
            let tile = View(frame: CGRect(x: gap + CGFloat(c) * (side + gap) + offset, y: gap + CGFloat(r) * (side + gap),
                                          width: side, height: side))
            tile.id = "tile-\(r)-\(c)"
            tile.backgroundColor = color
            root.addSubview(tile)
        }
    }
    return root
}

/// The README's corner wave: tiles spring in from the top-left corner.
func cornerFilm(damping: CGFloat = 0.5, delay: Double = 0.05, corner: Corner = .topLeft, offset: CGFloat = 0,
                color: Color = Color(red: 0.2, green: 0.45, blue: 0.9), loop: FilmLoopShape = .inHold(hold: 0.2),
                fps: Double = 30) throws -> Film {
    try Film(size: CGSize(width: 160, height: 160), framesPerSecond: fps, loop: loop,
             root: { tileGrid(color: color, offset: offset) },
             choreography: { root in
                 var spring = SpringAnimation(duration: 0.5)
                 spring.damping = damping
                 root.spruce.animate([.fadeIn, .expand(.slightly)], animationType: spring,
                                     sortFunction: CorneredSortFunction(corner: corner, interObjectDelay: delay))
             })
}
