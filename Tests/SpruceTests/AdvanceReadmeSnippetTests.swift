import Advance
import Foundation
import Spruce
import XCTest

// Every code snippet of Advance's README, verbatim apart from `UIView` spelled `View`, one test per snippet,
// named after its section, on the offline clock (`Loop.shared`, which Advance's types use by default).
// Names a snippet uses without defining (`view`, `spring`, `animator`, `MyCustomFunction`,
// `dragGestureRecognizer`) are set up before it. The Animator snippet's "Some time in the future" comments
// are where the clock is advanced.

/// The README's `VectorConvertible` declaration, verbatim, in a namespace of its own.
enum AdvanceReadme {
    public protocol VectorConvertible: Equatable, Interpolatable {
        associatedtype VectorType: SIMD where VectorType.Scalar == Double
        init(vector: VectorType)
        var vector: VectorType { get }
    }
}

extension CGPoint: AdvanceReadme.VectorConvertible {}
extension CGSize: AdvanceReadme.VectorConvertible {}
extension CGRect: AdvanceReadme.VectorConvertible {}
extension Double: AdvanceReadme.VectorConvertible {}

/// A simulation function of the test's own, for "Simulated animations".
struct MyCustomFunction: SimulationFunction {
    func acceleration(value: CGSize.VectorType, velocity: CGSize.VectorType) -> CGSize.VectorType {
        -40 * (value - CGSize(width: 50, height: 50).vector) - 10 * velocity
    }

    func convergence(value: CGSize.VectorType, velocity: CGSize.VectorType) -> Convergence<CGSize> {
        let offset = value - CGSize(width: 50, height: 50).vector
        let still = (offset * offset).sum() < 0.01 && (velocity * velocity).sum() < 0.01
        return still ? .converge(atValue: CGSize(width: 50, height: 50).vector) : .keepRunning
    }
}

/// Stands in for a `UIPanGestureRecognizer` whose finger left at 300 points a second.
struct DragGestureRecognizer {
    func velocity(in view: View) -> CGSize { CGSize(width: 300, height: -120) }
}

final class AdvanceReadmeSnippetTests: XCTestCase {
    let loop = Loop.shared

    func settle(_ seconds: Double = 10) { loop.advance(to: loop.time + seconds) }

    /// Section "Advance" (the opening snippet): the centre springs to (300, 200).
    func testAdvance() {
        let view = View(frame: CGRect(x: 0, y: 0, width: 100, height: 100))

        // Springs animate changes to a value
        let spring = Spring(initialValue: view.center)

        // The `onChange` closure will be called every time the spring updates
        spring.onChange = { [view] newCenter in
            view.center = newCenter
        }

        /// The view's center will realistically animate to the new target value.
        spring.target = CGPoint(x: 300, y: 200)

        XCTAssertEqual(view.center, CGPoint(x: 50, y: 50), "nothing moves until the clock advances")
        loop.advance()
        XCTAssertGreaterThan(view.center.x, 50)
        XCTAssertLessThan(view.center.x, 300)
        settle()
        XCTAssertEqual(view.center, CGPoint(x: 300, y: 200))
        XCTAssertFalse(spring.isRunning)
    }

    /// Section "Spring": the alpha springs to 0.5.
    func testSpring() {
        let view = View(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let spring = Spring(initialValue: 0.0)
        spring.onChange = { [view] newAlpha in 
            view.alpha = newAlpha 
        }

        // Off it goes!
        spring.target = 0.5
        settle()
        XCTAssertEqual(view.alpha, 0.5)
    }

    /// Section "Configuring a spring": the settings take, and `reset(to:)` rests at once on 0.5.
    func testConfiguringASpring() {
        let spring = Spring(initialValue: 0.0)
        spring.target = 1

        /// Spring values can be adjusted at any time.
        spring.tension = 30.0 /// The strength of the spring
        spring.damping = 2.0 /// The resistance (drag) that the spring encounters
        spring.threshold = 0.1 /// The maximum delta between the current value and the spring's target (for each component) for which the simulation can enter a converged state.

        /// Update the simulation state at any time.
        spring.velocity = 6.5
        spring.value = 0.2

        /// Sets the spring's target and the current simulation value, and removes all velocity. This causes the spring to converge at the given value.
        spring.reset(to: 0.5)

        XCTAssertEqual((spring.tension, spring.damping, spring.threshold).0, 30)
        XCTAssertEqual(spring.damping, 2)
        XCTAssertEqual(spring.value, 0.5)
        XCTAssertEqual(spring.target, 0.5)
        XCTAssertEqual(spring.velocity, 0)
        XCTAssertFalse(spring.isRunning)
    }

    /// Section "Animator": timed, then a spring keeping its velocity, then a decay keeping the spring's.
    func testAnimator() {
        let view = View(frame: CGRect(x: 0, y: 0, width: 100, height: 100))

        /// Animators coordinate animations to drive changes to a value.
        let sizeAnimator = Animator(initialValue: view.bounds.size)

        sizeAnimator.onChange = { [view] newSize in
            view.bounds.size = newSize
        }

        /// A simple timed animation
        sizeAnimator.animate(to: CGSize(width: 123, height: 456), duration: 0.25, timingFunction: .easeInOut)

        /// Some time in the future (before the previous timed animation was complete)...
        loop.advance(to: loop.time + 0.1)
        XCTAssertGreaterThan(view.bounds.height, 100)
        XCTAssertEqual(sizeAnimator.state, .animating)
        let timedVelocity = sizeAnimator.velocity

        /// Spring physics will move the view's size to the new value, maintaining the velocity from the timed animation.
        sizeAnimator.simulate(using: SpringFunction(target: CGSize(width: 300, height: 300)))
        XCTAssertEqual(sizeAnimator.velocity, timedVelocity, "the spring keeps the timed animation's velocity")

        /// Some time in the future (before the previous spring animation was complete)...
        loop.advance(to: loop.time + 0.1)
        XCTAssertEqual(sizeAnimator.state, .simulating)
        let springVelocity = sizeAnimator.velocity
        let before = view.bounds.size

        /// The value will keep the same velocity that it had from the preceeding spring
        /// animation, and a decay function will slowly bring movement to a stop.
        sizeAnimator.simulate(using: DecayFunction(drag: 2.0))

        XCTAssertEqual(sizeAnimator.velocity, springVelocity, "the decay keeps the spring's velocity")
        settle()
        XCTAssertFalse(sizeAnimator.isRunning)
        // A decay travels about v0/drag further (the simulation continues from its own substep state, a
        // little ahead of the velocity the animator reports between substeps).
        let travel = springVelocity.width / 2
        XCTAssertGreaterThan(travel, 50)
        XCTAssertEqual(view.bounds.width, before.width + travel, accuracy: travel * 0.03)
    }

    /// Section "Timed animations": there at the end of its 0.25 s, part way before.
    func testTimedAnimations() {
        let animator = Animator(initialValue: CGSize(width: 10, height: 10))
        animator.animate(to: CGSize(width: 123, height: 456), duration: 0.25, timingFunction: .easeInOut)
        let start = loop.time
        loop.advance(to: start + 0.125)
        XCTAssertEqual(animator.value.width, 10 + 113 * 0.5, accuracy: 1e-3, "easeInOut is halfway at half time")
        loop.advance(to: start + 0.3)
        XCTAssertEqual(animator.value, CGSize(width: 123, height: 456))
    }

    /// Section "Timed animations", the standard set of timing functions.
    func testTimingFunctions() {
        TimingFunction.linear // No easing
        TimingFunction.easeIn
        TimingFunction.easeOut
        TimingFunction.easeInOut
        TimingFunction.swiftOut // Similar to Material Design's default curve

        XCTAssertEqual(TimingFunction.linear.solve(at: 0.3, epsilon: 1e-6), 0.3, accuracy: 1e-6)
        XCTAssertEqual(TimingFunction.easeInOut.solve(at: 0.1, epsilon: 1e-6), 0.0197, accuracy: 1e-4)
        XCTAssertLessThan(TimingFunction.easeIn.solve(at: 0.5, epsilon: 1e-6), 0.5)
        XCTAssertGreaterThan(TimingFunction.easeOut.solve(at: 0.5, epsilon: 1e-6), 0.5)
        XCTAssertGreaterThan(TimingFunction.swiftOut.solve(at: 0.5, epsilon: 1e-6), TimingFunction.easeOut.solve(at: 0.5, epsilon: 1e-6))
    }

    /// Section "Timed animations", a custom unit bezier: starts at 0, ends at 1, dips early (y1 0.2, y2 0).
    func testCustomTimingFunction() {
        let customTimingFunction = TimingFunction(x1: 0.1, y1: 0.2, x2: 0.6, y2: 0.0)
        XCTAssertEqual(customTimingFunction.solve(at: 0, epsilon: 1e-6), 0, accuracy: 1e-9)
        XCTAssertEqual(customTimingFunction.solve(at: 1, epsilon: 1e-6), 1, accuracy: 1e-9)
        XCTAssertLessThan(customTimingFunction.solve(at: 0.7, epsilon: 1e-6), 0.7)
    }

    /// Section "Simulated animations": the custom function keeps the velocity, the decay imparts the drag's.
    func testSimulatedAnimations() {
        let view = View(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let dragGestureRecognizer = DragGestureRecognizer()
        let animator = Animator(initialValue: CGSize(width: 10, height: 10))
        animator.animate(to: CGSize(width: 20, height: 20), duration: 1)
        loop.advance(to: loop.time + 0.2)
        let velocity = animator.velocity

        // Begins animating with the custom simulation function, maintaining the previous velocity of the animator.
        animator.simulate(using: MyCustomFunction())

        XCTAssertEqual(animator.velocity, velocity)
        settle()
        XCTAssertEqual(animator.value, CGSize(width: 50, height: 50))

        // or...

        // Begins animating with the custom simulation function, imparting the specified velocity into the simulation.
        animator.simulate(using: DecayFunction(), initialVelocity: dragGestureRecognizer.velocity(in: view))

        XCTAssertEqual(animator.velocity, CGSize(width: 300, height: -120))
        settle()
        XCTAssertEqual(animator.value.width, 50 + 300.0 / 3, accuracy: 0.1, "Advance's default drag is 3")
    }

    /// Section "Animating Custom Types": the library's conformances meet the protocol as the README declares it.
    func testAnimatingCustomTypes() {
        func roundTrip<T: AdvanceReadme.VectorConvertible>(_ value: T) -> T { T(vector: value.vector) }
        XCTAssertEqual(roundTrip(CGPoint(x: 3, y: 4)), CGPoint(x: 3, y: 4))
        XCTAssertEqual(roundTrip(CGRect(x: 1, y: 2, width: 3, height: 4)), CGRect(x: 1, y: 2, width: 3, height: 4))
        XCTAssertEqual(roundTrip(2.5), 2.5)
    }
}
