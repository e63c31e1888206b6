import Advance
import Foundation
import Spruce
import SpruceRender
import XCTest

/// The README's cornered gif, built with the Spruce API as an iOS developer would write it, drawn
/// mid-animation. Checked by eye next to frame 7 of ../shared/reference/gifs/cornered-sort-function.gif:
/// the same diagonal wave from the top-left, tiles behind the front overshooting past their cells so
/// neighbours merge (springs), small faint tiles at the wave's edge, the bottom-right still empty.
/// At this instant ours is about two diagonals further along than that reference frame.
final class ChoreographyGoldenTests: XCTestCase {
    func corneredGrid() -> View {
        let container = View(frame: CGRect(x: 0, y: 0, width: 464, height: 464))
        for row in 0..<7 {
            for col in 0..<7 {
                let tile = View(frame: CGRect(x: 18 + CGFloat(col) * 62, y: 18 + CGFloat(row) * 62, width: 56, height: 56))
                tile.backgroundColor = Color(hex: "#A9F0B4")
                tile.layer.cornerRadius = 2
                tile.clipsToBounds = true
                tile.alpha = 0
                tile.transform = CGAffineTransform(scaleX: 0.1, y: 0.1)
                container.addSubview(tile)
            }
        }
        return container
    }

    func testCorneredGridMidAnimation() {
        let loop = Loop(framesPerSecond: 25)
        let container = corneredGrid()
        loop.makeCurrent {
            let animation = SpringAnimation(duration: 0.5) { view in
                view.alpha = 1
                view.transform = CGAffineTransform(scaleX: 1, y: 1)
            }
            container.spruce.animate(withSortFunction: CorneredSortFunction(corner: .topLeft, interObjectDelay: 0.025),
                                     animation: animation)
        }
        loop.advance(frames: 6)  // 0.24 s
        XCTAssertGreaterThan(container.subviews[0].alpha, 0.95, "the first tile is nearly opaque")
        XCTAssertEqual(container.subviews[48].alpha, 0, "the far corner has not started")
        assertGolden(container, named: "cornered-0.24s")
    }
}
