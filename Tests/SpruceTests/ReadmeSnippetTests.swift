import Advance
import Foundation
import Spruce
import XCTest

// Every code snippet of Spruce iOS's README (2.x), verbatim apart from `UIView` spelled `View`, one test per
// snippet, named after its section; each checks that the snippet does what the README says. Names a snippet
// uses without defining (`yourView`, `ourAnimations`) are set up before it. The README's closures
// `{ view in … }` cannot compile in any Swift (a closure stored in a `let` without a type gives its
// parameter no type to infer), so those two snippets also spell the parameter `(view: View)`.
// The 1.0 README is in Spruce1ReadmeSnippetTests, Advance's in AdvanceReadmeSnippetTests.

/// The README's "Animation Protocol" requirements, exactly as listed.
protocol ReadmeAnimationProtocol {
    var changeFunction: ChangeFunction? { get set }

    func animate(delay: TimeInterval, view: View, completion: CompletionHandler?)
}

extension StandardAnimation: ReadmeAnimationProtocol {}
extension SpringAnimation: ReadmeAnimationProtocol {}

/// The README's "SortFunction Protocol" requirement, exactly as listed.
protocol ReadmeSortFunctionProtocol {
    func timeOffsets(view: View, recursiveDepth: Int) -> [TimedView]
}

extension DefaultSortFunction: ReadmeSortFunctionProtocol {}
extension LinearSortFunction: ReadmeSortFunctionProtocol {}
extension CorneredSortFunction: ReadmeSortFunctionProtocol {}
extension RadialSortFunction: ReadmeSortFunctionProtocol {}
extension RandomSortFunction: ReadmeSortFunctionProtocol {}
extension InlineSortFunction: ReadmeSortFunctionProtocol {}
extension ContinuousSortFunction: ReadmeSortFunctionProtocol {}
extension ContinuousWeightedSortFunction: ReadmeSortFunctionProtocol {}

@available(*, deprecated, message: "exercises the README's deprecated spellings")
final class ReadmeSnippetTests: XCTestCase {
    let ourAnimations: [StockAnimation] = [.fadeIn, .expand(.slightly)]

    /// Section "Preparing for Animation": every view faded out and shrunk.
    func testPreparingForAnimation() {
        let yourView = makeReadmeGrid()
        yourView.spruce.prepare(ourAnimations)
        for v in yourView.subviews {
            XCTAssertEqual(v.alpha, 0)
            XCTAssertEqual(v.transform, CGAffineTransform(scaleX: 0.9, y: 0.9))
        }
    }

    /// Section "Running the Animation": prepared, then back to the original state, top row first.
    func testRunningTheAnimation() {
        let loop = Loop(framesPerSecond: 60)
        let yourView = makeReadmeGrid()
        loop.makeCurrent {
            yourView.spruce.animate(ourAnimations)
        }
        XCTAssertTrue(yourView.subviews.allSatisfy { $0.alpha == 0 })
        loop.advance(to: 0.04)
        XCTAssertGreaterThan(yourView.subviews[0].alpha, 0, "the top row starts at once")
        XCTAssertEqual(yourView.subviews[3].alpha, 0, "the second row waits 0.05 s")
        loop.advance(to: 1)
        assertAtRest(yourView)
    }

    /// Section "Using a SortFunction", first snippet: rows 0.1 s apart, top to bottom.
    func testUsingASortFunction_LinearSortFunction() {
        let sortFunction = LinearSortFunction(direction: .topToBottom, interObjectDelay: 0.1)
        let offsets = sortFunction.timeOffsets(view: makeReadmeGrid()).map(\.timeOffset)
        XCTAssertEqual(offsets, [0, 0, 0, 0.1, 0.1, 0.1, 0.2, 0.2, 0.2].map { $0 as TimeInterval })
    }

    /// Section "Using a SortFunction", second snippet: the animation follows the sort function.
    func testUsingASortFunction_Animate() {
        let loop = Loop(framesPerSecond: 60)
        let yourView = makeReadmeGrid()
        let sortFunction = LinearSortFunction(direction: .topToBottom, interObjectDelay: 0.1)
        loop.makeCurrent {
            yourView.spruce.animate([.fadeIn, .expand(.slightly)], sortFunction: sortFunction)
        }
        loop.advance(to: 0.15)
        XCTAssertGreaterThan(yourView.subviews[3].alpha, 0, "row 1 started at 0.1 s")
        XCTAssertEqual(yourView.subviews[6].alpha, 0, "row 2 starts at 0.2 s")
        loop.advance(to: 1)
        assertAtRest(yourView)
    }

    /// Section "Using a Custom Animation", the prepare handler: scales a view down to a tenth.
    func testUsingACustomAnimation_PrepareHandler() {
        let view = View(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        readmePrepareHandler()(view)
        XCTAssertEqual(view.transform, CGAffineTransform(scaleX: 0.1, y: 0.1))
    }

    /// Section "Using a Custom Animation", the change function: grows a view to 1.5.
    func testUsingACustomAnimation_ChangeFunction() {
        let view = View(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        readmeChangeFunction()(view)
        XCTAssertEqual(view.transform, CGAffineTransform(scaleX: 1.5, y: 1.5))
    }

    /// Section "Using a Custom Animation": the animation made of the two functions.
    func testUsingACustomAnimation_StockAnimationCustom() {
        let animation = readmeCustomAnimation()
        let view = View(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        animation.prepareFunction(view)
        XCTAssertEqual(view.transform, CGAffineTransform(scaleX: 0.1, y: 0.1))
        animation.animationFunction(view)
        XCTAssertEqual(view.transform, CGAffineTransform(scaleX: 1.5, y: 1.5))
    }

    /// Section "Using a Custom Animation", last snippet: every view grows from 0.1 to 1.5.
    func testUsingACustomAnimation_Animate() {
        let loop = Loop(framesPerSecond: 60)
        let yourView = makeReadmeGrid()
        let animation = readmeCustomAnimation()
        loop.makeCurrent {
            yourView.spruce.animate([animation])
        }
        XCTAssertTrue(yourView.subviews.allSatisfy { $0.transform == CGAffineTransform(scaleX: 0.1, y: 0.1) })
        loop.advance(to: 1)
        XCTAssertTrue(yourView.subviews.allSatisfy { $0.transform == CGAffineTransform(scaleX: 1.5, y: 1.5) })
    }

    /// Section "The Animation Protocol": both animation types meet the listed requirements, and
    /// `animate` runs the change function and calls the completion once the animation is complete.
    func testTheAnimationProtocol() {
        let loop = Loop(framesPerSecond: 60)
        let view = View(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        view.alpha = 0
        var animations: [ReadmeAnimationProtocol] = [StandardAnimation(duration: 0.2), SpringAnimation(duration: 0.2)]
        var finished: [Bool] = []
        loop.makeCurrent {
            for i in animations.indices {
                animations[i].changeFunction = { $0.alpha = 1 }
                animations[i].animate(delay: 0.1, view: view) { finished.append($0) }
            }
        }
        loop.advance(to: 0.05)
        XCTAssertEqual(view.alpha, 0, "waits for its delay")
        loop.advance(to: 2)
        XCTAssertEqual(view.alpha, 1)
        XCTAssertEqual(finished.count, 2)
    }

    /// Section "Spring Animation": `springDampening` and `initialVelocity` are editable.
    func testSpringAnimation() {
        var spring = SpringAnimation(duration: 0.5)
        spring.springDampening = 0.8
        spring.initialVelocity = 0
        XCTAssertEqual(spring.damping, 0.8)
        XCTAssertEqual(spring.springParameters.dampingRatio, 0.8, accuracy: 1e-12)
    }

    /// Section "The SortFunction Protocol": every stock sort function meets the requirement, and a
    /// `SpruceTimedView` has `view` and `timeOffset`.
    func testTheSortFunctionProtocol() {
        let grid = makeReadmeGrid()
        let sorts: [ReadmeSortFunctionProtocol] = [
            DefaultSortFunction(interObjectDelay: 0.1), LinearSortFunction(direction: .leftToRight, interObjectDelay: 0.1),
            CorneredSortFunction(corner: .topLeft, interObjectDelay: 0.1), RadialSortFunction(position: .middle, interObjectDelay: 0.1),
            RandomSortFunction(interObjectDelay: 0.1), InlineSortFunction(corner: .topLeft, interObjectDelay: 0.1),
            ContinuousSortFunction(position: .middle, duration: 0.3),
            ContinuousWeightedSortFunction(position: .topLeft, duration: 0.3),
        ]
        for sort in sorts {
            let timed: [SpruceTimedView] = sort.timeOffsets(view: grid, recursiveDepth: 0)
            XCTAssertEqual(Set(timed.map { ObjectIdentifier($0.view) }), Set(grid.subviews.map(ObjectIdentifier.init)), "\(sort)")
            XCTAssertTrue(timed.allSatisfy { $0.timeOffset >= 0 })
        }
    }

    /// Section "Stock Sort Functions": the eight names listed, including the list's `ContinousSortFunction`.
    func testStockSortFunctions() {
        let listed: [SortFunction] = [
            DefaultSortFunction(interObjectDelay: 0), LinearSortFunction(direction: .topToBottom, interObjectDelay: 0),
            CorneredSortFunction(corner: .topLeft, interObjectDelay: 0), RadialSortFunction(position: .middle, interObjectDelay: 0),
            RandomSortFunction(interObjectDelay: 0), InlineSortFunction(corner: .topLeft, interObjectDelay: 0),
            ContinousSortFunction(position: .middle, duration: 0.3), ContinuousWeightedSortFunction(position: .middle, duration: 0.3),
        ]
        XCTAssertEqual(listed.count, 8)
        XCTAssertTrue(listed[6] is ContinuousSortFunction)
    }

    /// Section "Stock Animations": the listed cases, including the list's `.contact` for `.contract`.
    func testStockAnimations() {
        let listed: [StockAnimation] = [
            .fadeIn, .slide(.up, .moderately), .spin(.slightly), .expand(.severely), .contact(.slightly),
            .custom(prepareFunction: { $0.alpha = 0.5 }, animateFunction: { $0.alpha = 1 }),
        ]
        XCTAssertEqual(listed.count, 6)
        XCTAssertEqual(StockAnimation.contact(.slightly).scale, StockAnimation.contract(.slightly).scale)
        XCTAssertEqual(StockAnimation.contact(.severely).scale, 1.5)
    }

    // MARK: - The custom-animation snippets, each written once

    func readmePrepareHandler() -> PrepareHandler {
        let prepareHandler = { (view: View) in
        	view.transform = CGAffineTransform(scaleX: 0.1, y: 0.1)
        }
        return prepareHandler
    }

    func readmeChangeFunction() -> ChangeFunction {
        let changeFunction = { (view: View) in
        	view.transform = CGAffineTransform(scaleX: 1.5, y: 1.5)
        }
        return changeFunction
    }

    func readmeCustomAnimation() -> StockAnimation {
        let (prepareHandler, changeFunction) = (readmePrepareHandler(), readmeChangeFunction())
        let animation = StockAnimation.custom(prepareFunction: prepareHandler, animateFunction: changeFunction)
        return animation
    }
}

/// A 3 × 3 grid of 100-point views, tags 0–8 row by row.
func makeReadmeGrid() -> View {
    let root = View(frame: CGRect(x: 0, y: 0, width: 300, height: 300))
    for i in 0..<9 {
        let v = View(frame: CGRect(x: CGFloat(i % 3) * 100, y: CGFloat(i / 3) * 100, width: 100, height: 100))
        v.tag = i
        root.addSubview(v)
    }
    return root
}

/// Every subview back in its original state: opaque, untransformed, shown.
func assertAtRest(_ root: View, file: StaticString = #filePath, line: UInt = #line) {
    for v in root.subviews {
        XCTAssertEqual(v.alpha, 1, "view \(v.tag)", file: file, line: line)
        XCTAssertEqual(v.transform, .identity, "view \(v.tag)", file: file, line: line)
        XCTAssertFalse(v.isHidden, "view \(v.tag)", file: file, line: line)
    }
}
