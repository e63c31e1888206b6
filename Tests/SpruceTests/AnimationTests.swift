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

    func testCompletionFiresExactlyOnceAfterTheLastView() {
        let loop = Loop(framesPerSecond: 60)
        let grid = makeGrid()
        var calls: [(Double, Bool)] = []
        loop.makeCurrent {
            grid.spruce.animate([.fadeIn], sortFunction: CorneredSortFunction(corner: .topLeft, interObjectDelay: 0.1)) {
                calls.append((loop.time, $0))
            }
        }
        loop.advance(to: 1.0)
        XCTAssertEqual(calls.count, 0)
        loop.advance(to: 1.2)  // last view starts at 0.8, ends at 1.1
        XCTAssertEqual(calls.count, 1)
        XCTAssertEqual(calls[0].0, 1.1, accuracy: 1 / 60 + 1e-9)
        XCTAssertTrue(calls[0].1)
        loop.advance(to: 5)
        XCTAssertEqual(calls.count, 1)
    }

    func testExcludedViewsAndCompletionStillFires() {
        let loop = Loop(framesPerSecond: 60)
        let grid = makeGrid()
        var fired = 0
        let excluded = [grid.subviews[24], grid.subviews[0]]
        let choreo = loop.makeCurrent {
            grid.spruce.animate(withSortFunction: LinearSortFunction(direction: .topToBottom, interObjectDelay: 0.1),
                                prepare: { $0.alpha = 0 }, animation: StandardAnimation(duration: 0.2, changes: { $0.alpha = 1 }),
                                exclude: excluded) { _ in fired += 1 }
        }
        XCTAssertEqual(choreo.timings.count, 23)
        XCTAssertEqual(grid.subviews[24].alpha, 1, "excluded views are not prepared")
        loop.advance(to: 2)
        XCTAssertEqual(fired, 1, "FIX: the original never calls completion when the last view is excluded")
    }

    func testNoViewsCompletesAtTheNextFrame() {
        let loop = Loop(framesPerSecond: 60)
        var fired = false
        loop.makeCurrent { View(frame: CGRect(x: 0, y: 0, width: 10, height: 10)).spruce.animate([.fadeIn]) { fired = $0 } }
        XCTAssertFalse(fired)
        loop.advance()
        XCTAssertTrue(fired)
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

    /// Any animatable property may change: the engine records the change and animates to it.
    func testCustomChangesAnimateEveryProperty() {
        let loop = Loop(framesPerSecond: 50)
        let root = View(frame: CGRect(x: 0, y: 0, width: 300, height: 300))
        let label = Label(frame: CGRect(x: 0, y: 0, width: 100, height: 20), text: "hi")
        let v = View(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        v.backgroundColor = Color(red: 1, green: 0, blue: 0)
        root.addSubview(v)
        root.addSubview(label)
        let custom = StockAnimation.custom(prepareFunction: { _ in }, animateFunction: { view in
            view.frame = CGRect(x: 100, y: 100, width: 200, height: 50)
            view.backgroundColor = Color(red: 0, green: 0, blue: 1)
            view.cornerRadius = 20
            view.borderWidth = 4
            (view as? Label)?.textColor = .white
        })
        var anim = StandardAnimation(duration: 1)
        anim.timingFunction = .linear
        loop.makeCurrent { root.spruce.animate([custom], animationType: anim, sortFunction: DefaultSortFunction()) }
        XCTAssertEqual(v.frame, CGRect(x: 0, y: 0, width: 100, height: 100), "the change function's effect is undone at first")
        loop.advance(to: 0.5)
        XCTAssertEqual(v.frame, CGRect(x: 50, y: 50, width: 150, height: 75))
        XCTAssertEqual(v.backgroundColor, Color(red: 0.5, green: 0, blue: 0.5))
        XCTAssertEqual(v.cornerRadius, 10)
        XCTAssertEqual(label.textColor, Color(white: 0.5))
        loop.advance(to: 1.01)
        XCTAssertEqual(v.frame, CGRect(x: 100, y: 100, width: 200, height: 50))
        XCTAssertEqual(v.borderWidth, 4)
        XCTAssertEqual(label.textColor, .white)
    }

    func testTransformsInterpolateByDecomposition() {
        let loop = Loop(framesPerSecond: 50)
        let root = makeGrid(rows: 1, columns: 1)
        var anim = StandardAnimation(duration: 1)
        anim.timingFunction = .linear
        loop.makeCurrent { root.spruce.animate([.spin(.severely)], animationType: anim, sortFunction: DefaultSortFunction()) }
        loop.advance(to: 0.5)
        let t = root.subviews[0].transform
        XCTAssertEqual(Double(atan2(t.b, t.a)), .pi / 2, accuracy: 1e-9, "a half turn passes through a quarter turn")
        XCTAssertEqual(Double(t.a * t.a + t.b * t.b), 1, accuracy: 1e-9, "the view stays rigid")
    }

    func testSpringAnimationMappingAndOvershoot() {
        let spring = SpringAnimation(duration: 0.5)
        XCTAssertEqual(spring.damping, 0.5)
        XCTAssertEqual(spring.initialVelocity, 0.7)
        let omega = log(1000.0) / (0.5 * 0.5)
        XCTAssertEqual(spring.springParameters.tension, omega * omega, accuracy: 1e-9)
        XCTAssertEqual(spring.springParameters.damping, omega * 0.5 * 2, accuracy: 1e-9)
        XCTAssertEqual(spring.springParameters.dampingRatio, 0.5, accuracy: 1e-12)
        XCTAssertEqual(spring.expectedDuration, 0.5, accuracy: 0.15, "settles about when asked")

        let loop = Loop(framesPerSecond: 120)
        let root = makeGrid(rows: 1, columns: 1)
        var peak: CGFloat = 0
        loop.makeCurrent { root.spruce.animate([.expand(.toScale(0.1))], animationType: spring, sortFunction: DefaultSortFunction()) }
        var finishedAt: Double?
        while loop.time < 2 {
            loop.advance()
            peak = max(peak, root.subviews[0].transform.a)
            if finishedAt == nil, root.subviews[0].runningAnimations.isEmpty { finishedAt = loop.time }
        }
        XCTAssertGreaterThan(peak, 1.1, "ζ = 0.5 overshoots")
        XCTAssertEqual(root.subviews[0].transform, .identity, "snaps exactly onto the target")
        XCTAssertEqual(finishedAt ?? 0, spring.expectedDuration, accuracy: 1 / 120 + 1e-9)

        let stiff = SpringAnimation(duration: 0.5)
        var critical = stiff
        critical.damping = 1
        XCTAssertGreaterThan(critical.springParameters.tension, 0)
        XCTAssertEqual(critical.springParameters.dampingRatio, 1, accuracy: 1e-12)
    }

    func testANewAnimationInterruptsTheRunningOne() {
        let loop = Loop(framesPerSecond: 50)
        let root = makeGrid(rows: 1, columns: 1)
        let v = root.subviews[0]
        var results: [Bool] = []
        loop.makeCurrent {
            v.animate(withDuration: 1, timingFunction: .linear, changes: { $0.alpha = 0 }, completion: { results.append($0) })
        }
        loop.advance(to: 0.5)
        loop.makeCurrent {
            v.animate(withDuration: 1, timingFunction: .linear, changes: { $0.alpha = 1 }, completion: { results.append($0) })
        }
        loop.advance()
        XCTAssertEqual(results, [false])
        loop.advance(to: 1.0)
        XCTAssertEqual(Double(v.alpha), 0.75, accuracy: 1e-9, "continues from where the first one was")
        loop.advance(to: 2)
        XCTAssertEqual(results, [false, true])
    }

    /// As in UIKit, a new animation takes over only the properties it animates; the first one keeps the rest.
    func testAnimationsOfDifferentPropertiesRunSideBySide() {
        let loop = Loop(framesPerSecond: 50)
        let v = makeGrid(rows: 1, columns: 1).subviews[0]
        var results: [String] = []
        loop.makeCurrent {
            v.animate(withDuration: 1, timingFunction: .linear, changes: { $0.alpha = 0; $0.cornerRadius = 10 },
                      completion: { results.append("first \($0)") })
        }
        loop.advance(to: 0.5)
        loop.makeCurrent {
            v.animate(withDuration: 1, timingFunction: .linear, changes: { $0.cornerRadius = 0 },
                      completion: { results.append("second \($0)") })
        }
        loop.advance(to: 1.0)
        XCTAssertEqual(v.alpha, 0, "the first animation kept alpha and finished it")
        XCTAssertEqual(Double(v.cornerRadius), 2.5, accuracy: 1e-9, "the second took the corner radius over from 5")
        XCTAssertEqual(results, ["first true"])
        loop.advance(to: 2)
        XCTAssertEqual(results, ["first true", "second true"])
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

    func testBadAnimationParametersThrow() {
        XCTAssertThrowsError(try SpringAnimation.validated(duration: .nan)) { XCTAssertEqual("\($0)", "duration must be a finite number in range, got nan") }
        XCTAssertThrowsError(try SpringAnimation.validated(duration: -1))
        XCTAssertThrowsError(try SpringAnimation.validated(duration: 0.5, damping: 0)) { XCTAssertEqual("\($0)", "damping must be a finite number in range, got 0.0") }
        XCTAssertThrowsError(try SpringAnimation.validated(duration: 0.5, initialVelocity: .infinity))
        XCTAssertThrowsError(try SpringAnimation.validated(duration: 0.5, damping: 16)) {
            XCTAssertEqual($0 as? SpruceError, .springTooStiff(duration: 0.5, damping: 16))
        }
        XCTAssertThrowsError(try SpringAnimation.validated(duration: 0.01))
        XCTAssertNoThrow(try SpringAnimation.validated(duration: 0.045))
        XCTAssertNoThrow(try SpringAnimation.validated(duration: 22.592, damping: 16))
        XCTAssertThrowsError(try StandardAnimation.validated(duration: -0.1)) { XCTAssertEqual("\($0)", "duration must be a finite number in range, got -0.1") }
        XCTAssertNoThrow(try StandardAnimation.validated(duration: 0))
    }

    /// Bad input through the engine: the plain call never traps, the checked call names the problem.
    func testBadChoreographyInputIsReportedNotCrashing() throws {
        struct BrokenSort: SortFunction {
            func timeOffsets(view: View, recursiveDepth: Int) -> [TimedView] {
                view.subviews.enumerated().map { TimedView(spruceView: $1, timeOffset: $0 == 0 ? .nan : -1) }
            }
        }
        let loop = Loop(framesPerSecond: 60)
        let grid = makeGrid(rows: 1, columns: 2)
        let anim = StandardAnimation(duration: 0.1, changes: { $0.alpha = 0.5 })
        try loop.makeCurrent {
            XCTAssertThrowsError(try grid.spruce.checkedAnimate(withSortFunction: BrokenSort(), animation: anim)) {
                XCTAssertEqual("\($0)", "sort function produced time offset nan for view #0; offsets must be finite and ≥ 0")
            }
            XCTAssertThrowsError(try grid.spruce.checkedAnimate(withSortFunction: DefaultSortFunction(), animation: anim,
                                                               recursiveDepth: -2)) {
                XCTAssertEqual("\($0)", "recursiveDepth must be ≥ 0 (Int.max means all levels), got -2")
            }
            let choreo = grid.spruce.animate(withSortFunction: BrokenSort(), animation: anim, recursiveDepth: -2)
            XCTAssertEqual(choreo.timings.map(\.start), [0, 0], "unusable offsets start at once, depth -2 counts as 0")
        }
        loop.advance(to: 1)
        XCTAssertEqual(grid.subviews.map(\.alpha), [0.5, 0.5])
    }
}
