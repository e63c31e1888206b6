import XCTest
@testable import Advance

final class TimingFunctionTests: XCTestCase {
    /// easeInEaseOut at x = 0, 0.1 … 1: Advance's UnitBezierTests values (semantics.md). They are what
    /// Advance's solver returns at epsilon 0.001, i.e. for a 1-second animation (1/(1000·duration));
    /// the exact curve differs from them by up to 2.5e-4 (Newton stops as soon as |x(t) − x| < eps).
    let easeInOutSamples: [Double] = [
        0, 0.01965137076241203, 0.08141362197218191, 0.1871705774437696, 0.331832067207064, 0.5,
        0.668167932792936, 0.8128294225562304, 0.9185863780278181, 0.980348629237588, 1,
    ]

    func testEaseInEaseOutMatchesAdvanceSamplesTo1e6() {
        for (i, expected) in easeInOutSamples.enumerated() {
            let x = Double(i) / 10
            XCTAssertEqual(TimingFunction.easeInEaseOut.solve(at: x, epsilon: 0.001), expected, accuracy: 1e-6, "x = \(x)")
            XCTAssertEqual(TimingFunction.easeInOut.solve(at: x, epsilon: 0.001), expected, accuracy: 1e-6)
        }
    }

    /// The same samples through a 1-second timed animation on a 10 fps loop.
    func testOneSecondEaseInEaseOutAnimationReproducesAdvanceSamples() {
        let loop = Loop(framesPerSecond: 10)
        let animator = Animator(initialValue: 0.0, loop: loop)
        animator.animate(to: 1, duration: 1, timingFunction: .easeInEaseOut)
        for expected in easeInOutSamples.dropFirst() {
            loop.advance()
            XCTAssertEqual(animator.value, expected, accuracy: 1e-6, "t = \(loop.time)")
        }
    }

    /// With a tight epsilon the solver finds the exact curve (values from an arbitrary-precision root finder).
    func testTightEpsilonGivesTheExactCurve() {
        let exact: [Double] = [0, 0.019722453548311196, 0.08165985626589749, 0.18739590670531256, 0.33188387009764614,
                               0.5, 0.6681161299023539, 0.8126040932946875, 0.9183401437341026, 0.9802775464516889, 1]
        for (i, expected) in exact.enumerated() {
            XCTAssertEqual(TimingFunction.easeInEaseOut.solve(at: Double(i) / 10, epsilon: 1e-12), expected, accuracy: 1e-9)
        }
    }

    func testAdvanceUnitBezierTestsAtTheirOwnEpsilon() {
        let eps = 0.001
        let linear = UnitBezier(firstX: 0, firstY: 0, secondX: 1, secondY: 1)
        let curve = UnitBezier(firstX: 0.42, firstY: 0, secondX: 0.58, secondY: 1)
        for i in 0...10 {
            let x = Double(i) / 10
            XCTAssertEqual(linear.solve(x: x, epsilon: eps), x, accuracy: eps)
            XCTAssertEqual(curve.solve(x: x, epsilon: eps), easeInOutSamples[i], accuracy: eps)
        }
    }

    func testStandardCurvesHaveCoreAnimationControlPoints() {
        XCTAssertEqual(TimingFunction.easeIn, .bezier(UnitBezier(firstX: 0.42, firstY: 0, secondX: 1, secondY: 1)))
        XCTAssertEqual(TimingFunction.easeOut, .bezier(UnitBezier(firstX: 0, firstY: 0, secondX: 0.58, secondY: 1)))
        XCTAssertEqual(TimingFunction.swiftOut, TimingFunction(x1: 0.4, y1: 0, x2: 0.2, y2: 1))
        XCTAssertEqual(TimingFunction.linear.solve(at: 0.37, epsilon: 0.001), 0.37)
    }

    func testBezierEndpointsAndMonotonicity() {
        for f in [TimingFunction.easeIn, .easeOut, .easeInEaseOut, .swiftOut, .ease] {
            XCTAssertEqual(f.solve(at: 0, epsilon: 1e-6), 0, accuracy: 1e-6)
            XCTAssertEqual(f.solve(at: 1, epsilon: 1e-6), 1, accuracy: 1e-6)
            var last = -1.0
            for i in 0...100 {
                let y = f.solve(at: Double(i) / 100, epsilon: 1e-7)
                XCTAssertGreaterThanOrEqual(y, last - 1e-9)
                last = y
            }
        }
    }

    func testSolverTerminatesWithEpsilonBelowResolution() {
        // A zero epsilon can never be met; WebKit's bisection would spin forever here.
        let y = TimingFunction.easeInEaseOut.solve(at: 0.3, epsilon: 0)
        XCTAssertEqual(y, 0.18739590670531256, accuracy: 1e-12)
        // Zero slope in the middle: Newton gives up, bisection ends when the interval stops shrinking.
        // x(t) is cubic-flat there, so t (and y) are only known to about the cube root of x's resolution.
        let flat = TimingFunction(x1: 1, y1: 0, x2: 0, y2: 1)
        XCTAssertEqual(flat.solve(at: 0.5, epsilon: 0), 0.5, accuracy: 1e-4)
    }

    func testPennerEquationsAtKnownPoints() {
        let cases: [(TimingFunction, Double, Double)] = [
            (.easeInQuad, 0.5, 0.25), (.easeOutQuad, 0.5, 0.75), (.easeInOutQuad, 0.25, 0.125),
            (.easeInCubic, 0.5, 0.125), (.easeOutCubic, 0.5, 0.875), (.easeInOutCubic, 0.75, 0.9375),
            (.easeInQuart, 0.5, 0.0625), (.easeInQuint, 0.5, 0.03125), (.easeInOutQuint, 0.25, 0.015625),
            (.easeInSine, 0.5, 1 - cos(Double.pi / 4)), (.easeOutSine, 0.5, sin(Double.pi / 4)),
            (.easeInOutSine, 0.5, 0.5), (.easeInExpo, 0.5, 0.03125), (.easeOutExpo, 0.5, 0.96875),
            (.easeInCirc, 0.6, 0.2), (.easeOutCirc, 0.4, 0.8),
            (.easeInBack, 0.5, 2.70158 * 0.125 - 1.70158 * 0.25),
            (.easeOutBounce, 0.5, 0.765625), (.easeInBounce, 0.5, 0.234375), (.easeInOutBounce, 0.5, 0.5),
            (.easeOutElastic, 0.5, 1 + pow(2, -5) * sin(4.25 * 2 * Double.pi / 3)),
        ]
        for (f, x, expected) in cases {
            XCTAssertEqual(f.solve(at: x, epsilon: 0.001), expected, accuracy: 1e-12, "\(f.name ?? "?") at \(x)")
        }
        for e in TimingFunction.Easing.allCases {
            XCTAssertEqual(e.progress(at: 0), 0, accuracy: 1e-12, e.rawValue)
            XCTAssertEqual(e.progress(at: 1), 1, accuracy: 1e-12, e.rawValue)
        }
    }

    func testBackAndElasticLeaveTheUnitRange() {
        let back = (1..<100).map { TimingFunction.easeOutBack.solve(at: Double($0) / 100, epsilon: 0.001) }
        XCTAssertGreaterThan(back.max()!, 1.09)
        let elastic = (1..<100).map { TimingFunction.easeInElastic.solve(at: Double($0) / 100, epsilon: 0.001) }
        XCTAssertLessThan(elastic.min()!, -0.03)
    }

    func testLookupByName() {
        XCTAssertEqual(TimingFunction(name: "ease-out-back"), .easeOutBack)
        XCTAssertEqual(TimingFunction(name: "easeOutBack"), .easeOutBack)
        XCTAssertEqual(TimingFunction(name: "EASE_IN_OUT_CUBIC"), .easeInOutCubic)
        XCTAssertEqual(TimingFunction(name: "ease-in-out"), .easeInEaseOut)
        XCTAssertEqual(TimingFunction(name: "swiftOut"), .swiftOut)
        XCTAssertEqual(TimingFunction(name: "linear"), .linear)
        XCTAssertEqual(TimingFunction(name: "cubic-bezier(0.1, 0.2, 0.6, 0)"), TimingFunction(x1: 0.1, y1: 0.2, x2: 0.6, y2: 0))
        XCTAssertNil(TimingFunction(name: "cubic-bezier(1.5, 0, 0, 1)"))
        XCTAssertNil(TimingFunction(name: "cubic-bezier(0, 1e308, 1, 1)"))
        XCTAssertNil(TimingFunction(name: "cubic-bezier(0, 0, 1, -1000.5)"))
        XCTAssertNotNil(TimingFunction(name: "cubic-bezier(0, 1000, 1, -1000)"))
        XCTAssertNil(TimingFunction(name: "wobbly"))
        XCTAssertEqual(TimingFunction.allNames.count, 37)
        for name in TimingFunction.allNames {
            let f = TimingFunction(name: name)
            XCTAssertNotNil(f, name)
            if name != "easeInOut" { XCTAssertEqual(f?.name, name) }
        }
    }

    func testInvalidControlPointsAreRejected() {
        XCTAssertThrowsError(try TimingFunction.validated(x1: 1.2, y1: 0, x2: 0.5, y2: 1)) { error in
            XCTAssertEqual("\(error)", "x1 must be within 0…1, got 1.2")
        }
        XCTAssertThrowsError(try TimingFunction.validated(x1: 0.2, y1: .nan, x2: 0.5, y2: 1))
        XCTAssertNoThrow(try TimingFunction.validated(x1: 0.2, y1: -0.5, x2: 0.5, y2: 1.5))
    }
}
