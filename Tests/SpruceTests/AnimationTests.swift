import Advance
import Foundation
@testable import Spruce
import XCTest

/// A 500×500 view holding a 5×5 grid of 100×100 tiles, tags 0–24 row-major (the original's fixture).
func makeGrid(rows: Int = 5, columns: Int = 5, side: CGFloat = 100) -> View {
    let root = View(frame: CGRect(x: 0, y: 0, width: CGFloat(columns) * side, height: CGFloat(rows) * side))
    for r in 0..<rows {
        for c in 0..<columns {
            let v = View(frame: CGRect(x: CGFloat(c) * side, y: CGFloat(r) * side, width: side, height: side))
            v.tag = r * columns + c
            v.backgroundColor = .spruceGreen
            root.addSubview(v)
        }
    }
    return root
}

final class AnimationTests: XCTestCase {
    func testStockAnimationValues() {
        XCTAssertEqual(StockAnimation.slide(.up, .slightly).slideOffset, CGPoint(x: 0, y: 10))
        XCTAssertEqual(StockAnimation.slide(.down, .moderately).slideOffset, CGPoint(x: 0, y: -30))
        XCTAssertEqual(StockAnimation.slide(.left, .severely).slideOffset, CGPoint(x: 50, y: 0))
        XCTAssertEqual(StockAnimation.slide(.right, .slightly).slideOffset, CGPoint(x: -10, y: 0))
        // FIX: byPoints uses the named distances' signs.
        XCTAssertEqual(StockAnimation.slide(.up, .byPoints(7)).slideOffset, CGPoint(x: 0, y: 7))
        XCTAssertEqual(StockAnimation.slide(.left, .byPoints(7)).slideOffset, CGPoint(x: 7, y: 0))
        XCTAssertEqual(StockAnimation.spin(.slightly).spinAngle, .pi / 4)
        XCTAssertEqual(StockAnimation.spin(.moderately).spinAngle, .pi / 2)
        XCTAssertEqual(StockAnimation.spin(.severely).spinAngle, .pi)
        XCTAssertEqual(StockAnimation.spin(.toAngle(0.3)).spinAngle, 0.3)
        XCTAssertEqual([Scale.slightly, .moderately, .severely, .toScale(0.2)].map { StockAnimation.expand($0).scale }, [0.9, 0.7, 0.5, 0.2])
        XCTAssertEqual([Scale.slightly, .moderately, .severely, .toScale(2)].map { StockAnimation.contract($0).scale }, [1.1, 1.3, 1.5, 2])
        let v = View(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        StockAnimation.fadeIn.prepareFunction(v)
        StockAnimation.expand(.moderately).prepareFunction(v)
        XCTAssertEqual(v.alpha, 0)
        XCTAssertEqual(v.transform, CGAffineTransform(scaleX: 0.7, y: 0.7))
        StockAnimation.expand(.moderately).animationFunction(v)
        XCTAssertEqual(v.transform, .identity)
    }

    /// The README's basic call: StandardAnimation(0.3) with ease-out, LinearSortFunction(.topToBottom, 0.05).
    func testDefaultsOfTheBasicCall() {
        let loop = Loop(framesPerSecond: 100)
        let grid = makeGrid()
        let choreo = loop.makeCurrent { grid.spruce.animate([.fadeIn, .expand(.slightly)]) }
        XCTAssertEqual(grid.subviews.map(\.alpha), Array(repeating: 0, count: 25), "prepared at once")
        XCTAssertEqual(choreo.timings.map(\.start), (0..<25).map { Double($0 / 5) * 0.05 })
        XCTAssertEqual(choreo.timings.map(\.end).last!, 0.2 + 0.3, accuracy: 1e-12)
        loop.advance(to: 0.15)
        let expected = TimingFunction.easeOut.solve(at: 0.5, epsilon: 1 / (1000 * 0.3))
        XCTAssertEqual(Double(grid.subviews[0].alpha), expected, accuracy: 1e-9, "row 0 halfway along ease-out")
        XCTAssertEqual(Double(grid.subviews[5].alpha), TimingFunction.easeOut.solve(at: 1.0 / 3, epsilon: 1 / 300), accuracy: 1e-9,
                       "row 1 started at 0.05")
        XCTAssertEqual(grid.subviews[24].alpha, 0, "row 4 starts at 0.2")
        loop.advance(to: 0.6)
        XCTAssertEqual(grid.subviews.map(\.alpha), Array(repeating: 1, count: 25))
        XCTAssertEqual(grid.subviews.map(\.transform), Array(repeating: .identity, count: 25))
        XCTAssertTrue(choreo.isFinished)
    }

    /// Sub-frame start times: a view whose delay falls between frames is evaluated from its exact start.
    func testStartsBetweenFramesAreExact() {
        for fps in [10.0, 25, 60] {
            let loop = Loop(framesPerSecond: fps)
            let root = makeGrid(rows: 1, columns: 2)
            loop.makeCurrent {
                var a = StandardAnimation(duration: 1)
                a.timingFunction = .linear
                a.changeFunction = { $0.alpha = 1 }
                root.spruce.prepare(withRecursiveDepth: 0) { $0.alpha = 0 }
                root.spruce.animate(withSortFunction: DefaultSortFunction(interObjectDelay: 0.033), animation: a)
            }
            loop.advance(to: 0.5)
            XCTAssertEqual(Double(root.subviews[1].alpha), 0.5 - 0.033, accuracy: 1e-3, "at \(fps) fps")
        }
    }

    func testRecursiveDepthAnimatesNestedViews() {
        let loop = Loop(framesPerSecond: 60)
        let root = View(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
        let card = View(frame: CGRect(x: 0, y: 0, width: 200, height: 100))
        let inner = View(frame: CGRect(x: 10, y: 10, width: 20, height: 20))
        card.addSubview(inner)
        root.addSubview(card)
        let choreo = loop.makeCurrent {
            root.spruce.animate(withSortFunction: LinearSortFunction(direction: .topToBottom, interObjectDelay: 0.1),
                                prepare: { $0.alpha = 0 }, animation: StandardAnimation(duration: 0.1, changes: { $0.alpha = 1 }),
                                recursiveDepth: 1)
        }
        XCTAssertEqual(choreo.timings.count, 2)
        XCTAssertEqual(inner.alpha, 0)
        loop.advance(to: 1)
        XCTAssertEqual(inner.alpha, 1)
        XCTAssertEqual(choreo.timings.map(\.x), [20, 100], "centers in the animated view's coordinates, inner first (dy 20 < 50)")
    }

    func testTwoRunsAreBitIdentical() {
        func run() -> [UInt64] {
            let loop = Loop(framesPerSecond: 60)
            let grid = makeGrid(rows: 7, columns: 7, side: 60)
            loop.makeCurrent {
                grid.spruce.animate([.fadeIn, .expand(.severely), .spin(.slightly)], animationType: SpringAnimation(duration: 0.5),
                                    sortFunction: RadialSortFunction(position: .middle, interObjectDelay: 0.03))
            }
            var bits: [UInt64] = []
            for _ in 0..<60 {
                loop.advance()
                for v in grid.subviews { bits += [UInt64(v.alpha.bitPattern), UInt64(v.transform.a.bitPattern), UInt64(v.transform.b.bitPattern)] }
            }
            return bits
        }
        XCTAssertEqual(run(), run())
    }

    func testTimingExport() throws {
        let loop = Loop(framesPerSecond: 60)
        let grid = makeGrid(rows: 2, columns: 2)
        grid.subviews[0].id = "hero"
        let choreo = loop.makeCurrent {
            grid.spruce.animate([.fadeIn], animationType: StandardAnimation(duration: 0.4),
                                sortFunction: CorneredSortFunction(corner: .bottomRight, interObjectDelay: 0.1))
        }
        let json = try JSONSerialization.jsonObject(with: choreo.timingJSON()) as! [String: Any]
        let views = json["views"] as! [[String: Any]]
        XCTAssertEqual(views.map { $0["view"] as! String }, ["3", "1", "2", "hero"])
        XCTAssertEqual(views.map { $0["start"] as! Double }, [0, 0.1, 0.1, 0.2])
        for (end, expected) in zip(views.map { $0["end"] as! Double }, [0.4, 0.5, 0.5, 0.6]) {
            XCTAssertEqual(end, expected, accuracy: 1e-12)
        }
        XCTAssertEqual(json["duration"] as! Double, 0.6, accuracy: 1e-12)
    }
}
