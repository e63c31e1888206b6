import Foundation
@testable import Spruce
import XCTest

/// The original API has non-throwing initializers. Fed NaN, infinite or negative numbers they never trap:
/// each problem is reported in one line (`Diagnostics`), and the choreography still runs, unusable offsets
/// starting at once. The checked paths (`validated`, `checkedTimeOffsets`, `checkedAnimate`) throw instead.
final class PlainAPIBadInputTests: XCTestCase {
    var reports: [String] = []
    var savedSink: ((String) -> Void)!

    override func setUp() {
        savedSink = Diagnostics.sink
        Diagnostics.sink = { [unowned self] in self.reports.append($0) }
    }

    override func tearDown() { Diagnostics.sink = savedSink }

    func testBadNumbersAreReportedAndTheAnimationStillRuns() {
        let sorts: [SortFunction] = [
            DefaultSortFunction(interObjectDelay: .nan),
            LinearSortFunction(direction: .topToBottom, interObjectDelay: -0.1),
            CorneredSortFunction(corner: .topLeft, interObjectDelay: .infinity),
            RadialSortFunction(position: .middle, interObjectDelay: .nan),
            InlineSortFunction(corner: .topRight, interObjectDelay: -1),
            RandomSortFunction(interObjectDelay: .nan, seed: 3),
            ContinuousSortFunction(position: .middle, duration: .nan),
            ContinuousWeightedSortFunction(position: .topLeft, duration: -2, horizontalWeight: .custom(.nan),
                                           verticalWeight: .custom(-5)),
            SnakeSortFunction(corner: .bottomLeft, interObjectDelay: .nan),
            StaggerSortFunction(each: .nan, from: .index(-4)),
            StaggerSortFunction(amount: -1, from: .point(CGPoint(x: CGFloat.nan, y: 0)), grid: .init(rows: 0, columns: 0)),
        ]
        XCTAssertGreaterThanOrEqual(reports.count, 11, reports.joined(separator: "\n"))
        XCTAssertTrue(reports.contains("interObjectDelay must be a finite number ≥ 0, got nan"), reports.description)
        XCTAssertTrue(reports.contains("duration must be a finite number ≥ 0, got -2.0"), reports.description)

        for sort in sorts {
            let loop = Loop(framesPerSecond: 30)
            let grid = makeGrid()
            let choreography = loop.makeCurrent {
                grid.spruce.animate([.fadeIn], sortFunction: sort)
            }
            XCTAssertEqual(choreography.timings.count, 25, "\(type(of: sort))")
            XCTAssertTrue(choreography.timings.allSatisfy { $0.start.isFinite && $0.start >= 0 }, "\(type(of: sort))")
            loop.advance(to: 30)
            XCTAssertEqual(grid.subviews.map(\.alpha), Array(repeating: 1, count: 25), "\(type(of: sort)) finished")
        }
    }

    func testBadAnimationNumbersAreReported() {
        let loop = Loop(framesPerSecond: 30)
        let grid = makeGrid(rows: 1, columns: 3)
        var spring = SpringAnimation(duration: -1)
        spring.damping = .nan
        spring.initialVelocity = .infinity
        XCTAssertEqual(spring.duration, 0.5)
        XCTAssertEqual(StandardAnimation(duration: .nan).duration, 0)
        loop.makeCurrent {
            grid.spruce.animate([.expand(.slightly)], animationType: spring, sortFunction: LinearSortFunction(direction: .leftToRight, interObjectDelay: 0.1))
            grid.subviews[0].animate(withDuration: .nan, delay: -3, changes: { $0.cornerRadius = 4 })
        }
        loop.advance(to: 5)
        XCTAssertEqual(grid.subviews.map(\.transform), Array(repeating: .identity, count: 3))
        XCTAssertEqual(grid.subviews[0].cornerRadius, 4)
        XCTAssertEqual(reports, [
            "SpringAnimation: duration must be finite and > 0, got -1.0; using 0.5",
            "StandardAnimation: duration must be finite and ≥ 0, got nan; using 0",
            "animation duration must be finite and ≥ 0, got nan; using 0",
            "animation delay must be finite and ≥ 0, got -3.0; using 0",
        ])
    }

    /// A spring too stiff for the 120 Hz simulation, built without `validated`: it runs at the shortest duration
    /// that settles (reported once, not once a view), so the views arrive instead of flying off to infinity.
    func testAStiffSpringBuiltWithoutACheckSettles() throws {
        let loop = Loop(framesPerSecond: 60)
        let grid = makeGrid(rows: 2, columns: 3)
        var spring = SpringAnimation(duration: 0.5)
        spring.damping = 16
        XCTAssertThrowsError(try SpringAnimation.validated(duration: 0.5, damping: 16))
        XCTAssertEqual(spring.springParameters, try SpringAnimation.validated(duration: 22.592, damping: 16).springParameters)
        XCTAssertTrue(spring.springParameters.settlesOnSimulationTicks)
        let choreography = loop.makeCurrent {
            grid.spruce.animate([.expand(.slightly)], animationType: spring,
                                sortFunction: LinearSortFunction(direction: .leftToRight, interObjectDelay: 0.01))
        }
        XCTAssertEqual(choreography.timings.count, 6)
        loop.advance(to: 1)
        let midway = grid.subviews.map(\.transform.a)
        XCTAssertTrue(midway.allSatisfy { $0.isFinite && $0 > 0 && $0 < 1.01 }, "\(midway)")
        loop.advance(to: 200)
        for view in grid.subviews { XCTAssertEqual(view.transform.a, 1, accuracy: 0.002) }
        XCTAssertEqual(reports, ["SpringAnimation: damping 16.0 is too stiff at 0.5 s for the 120 Hz simulation "
                                 + "(its motion would grow without bound); using 22.592 s, the shortest that settles"])
        // The springs the rule accepts run as they always did.
        var soft = SpringAnimation(duration: 0.5)
        soft.damping = 0.5
        XCTAssertEqual(soft.springParameters, try SpringAnimation.validated(duration: 0.5).springParameters)
        XCTAssertEqual(reports.count, 1)
    }

    /// Advance's own spring parameters, too stiff for the simulation, on a block animation: slowed until they settle.
    func testAStiffSpringCurveIsSlowedUntilItSettles() {
        let loop = Loop(framesPerSecond: 60)
        let grid = makeGrid(rows: 1, columns: 2)
        let stiff = SpringParameters(tension: 1e6, damping: 100)
        loop.makeCurrent {
            for view in grid.subviews {
                view.animate(curve: .spring(stiff, initialVelocity: 0, threshold: 0.001), changes: { $0.cornerRadius = 10 })
            }
        }
        loop.advance(to: 0.1)
        XCTAssertTrue(grid.subviews.allSatisfy { $0.cornerRadius.isFinite && abs($0.cornerRadius) < 20 }, "\(grid.subviews.map(\.cornerRadius))")
        loop.advance(to: 10)
        XCTAssertEqual(grid.subviews.map(\.cornerRadius), [10, 10])
        XCTAssertEqual(reports.count, 1, "\(reports)")
        XCTAssertTrue(reports.first?.hasPrefix("a spring of tension 1000000.0 and damping 100.0 is too stiff for the 120 Hz simulation") == true,
                      "\(reports)")
    }
}
