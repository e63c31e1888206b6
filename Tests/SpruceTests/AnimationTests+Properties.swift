import Advance
import Foundation
@testable import Spruce
import XCTest

/// What the engine animates (any property, transforms by decomposition) and how a new animation meets a running one.
extension AnimationTests {
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
}
