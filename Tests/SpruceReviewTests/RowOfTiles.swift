import Foundation
import Spruce
import SpruceFilm

/// Three tiles in a row fading in from the left, `delay` seconds apart.
func rowOfTiles(delay: Double = 0.1, fps: Double = 25) throws -> Film {
    try Film(size: CGSize(width: 160, height: 60), framesPerSecond: fps,
             root: {
                 let root = View(frame: CGRect(x: 0, y: 0, width: 160, height: 60))
                 for i in 0..<3 {
                     let tile = View(frame: CGRect(x: 10 + CGFloat(i) * 50, y: 10, width: 40, height: 40))
                     tile.id = "tile-\(i)"
                     tile.backgroundColor = Color(red: 0.2, green: 0.45, blue: 0.9)
                     root.addSubview(tile)
                 }
                 return root
             },
             choreography: { root in
                 root.spruce.animate([.fadeIn], animationType: StandardAnimation(duration: 0.3),
                                     sortFunction: LinearSortFunction(direction: .leftToRight, interObjectDelay: delay))
             })
}
