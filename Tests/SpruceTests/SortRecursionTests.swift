import XCTest
@testable import Spruce

/// `recursiveDepth` and the reference points it converts, with the original's counts and points.
final class SortRecursionTests: XCTestCase {
    /// 5 children, each with 2 children, each with 1.
    func nestedTree() -> View {
        let root = View(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        for _ in 0..<5 {
            let child = View()
            root.addSubview(child)
            for _ in 0..<2 {
                let grandchild = View()
                child.addSubview(grandchild)
                grandchild.addSubview(View())
            }
        }
        return root
    }

    func testCountsPerDepth() {
        let root = nestedTree()
        let expected = [0: 5, 1: 15, 2: 25, 5: 25, Int.max: 25]
        for (depth, count) in expected {
            XCTAssertEqual(SpruceUIView.subviews(of: root, recursiveDepth: depth).count, count, "depth \(depth)")
            XCTAssertEqual(DefaultSortFunction().timeOffsets(view: root, recursiveDepth: depth).count, count)
        }
    }

    func testOriginalSmallTrees() {
        let lone = View()
        XCTAssertEqual(SpruceUIView.subviews(of: lone, recursiveDepth: .max).count, 0)
        lone.addSubview(View())
        for depth in [1, 5, Int.max] { XCTAssertEqual(SpruceUIView.subviews(of: lone, recursiveDepth: depth).count, 1) }
    }

    func testPreOrder() {
        // A: [B, C], B: [D, E] → B, D, E, C
        let a = View(), b = View(), c = View(), d = View(), e = View()
        (b.tag, c.tag, d.tag, e.tag) = (1, 2, 3, 4)
        a.addSubview(b); a.addSubview(c); b.addSubview(d); b.addSubview(e)
        XCTAssertEqual(SpruceUIView.subviews(of: a, recursiveDepth: 1).map(\.view.tag), [1, 3, 4, 2])
        XCTAssertEqual(SpruceUIView.subviews(of: a, recursiveDepth: 0).map(\.view.tag), [1, 2])
    }

    func testConvertedReferencePoints() {
        let parent = View(frame: CGRect(x: 10, y: 10, width: 100, height: 100))
        let first = View(frame: CGRect(x: 0, y: 0, width: 40, height: 40))
        let second = View(frame: CGRect(x: 10, y: 10, width: 10, height: 10))
        let third = View(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        parent.addSubview(first); first.addSubview(second); second.addSubview(third)
        let points = SpruceUIView.subviews(of: parent, recursiveDepth: .max).map(\.referencePoint)
        XCTAssertEqual(points, [CGPoint(x: 20, y: 20), CGPoint(x: 15, y: 15), CGPoint(x: 15, y: 15)])
    }

    func testNegativeDepthCountsAsZeroAndCheckedPathThrows() {
        let root = nestedTree()
        XCTAssertEqual(DefaultSortFunction().timeOffsets(view: root, recursiveDepth: -3).count, 5)
        XCTAssertThrowsError(try DefaultSortFunction().checkedTimeOffsets(view: root, recursiveDepth: -3)) {
            XCTAssertEqual($0 as? SpruceError, .negativeRecursiveDepth(-3))
        }
    }

    /// A rotated and scaled container inside a translated, scaled animated view: every point must agree
    /// with the view tree's own `convert(_:to:)`, which the sort must not depend on the root's transform for.
    func testTransformedParentsMatchConvert() {
        let outer = View(frame: CGRect(x: 0, y: 0, width: 800, height: 800))
        let root = View(frame: CGRect(x: 50, y: 60, width: 400, height: 300))
        root.transform = CGAffineTransform(scaleX: 2, y: 0.5)
        outer.addSubview(root)
        let container = View(frame: CGRect(x: 100, y: 100, width: 200, height: 100))
        container.transform = CGAffineTransform(rotationAngle: .pi / 2).scaledBy(x: 1.5, y: 1.5)
        container.bounds.origin = CGPoint(x: 7, y: -3)
        root.addSubview(container)
        let inner = View(frame: CGRect(x: 20, y: 10, width: 60, height: 40))
        inner.transform = CGAffineTransform(rotationAngle: 0.3)
        container.addSubview(inner)
        let leaf = View(frame: CGRect(x: 5, y: 5, width: 10, height: 10))
        inner.addSubview(leaf)

        let collected = SpruceUIView.subviews(of: root, recursiveDepth: .max)
        XCTAssertEqual(collected.map { ObjectIdentifier($0.view) },
                       [container, inner, leaf].map { ObjectIdentifier($0) })
        for item in collected {
            let expected = item.view.superview!.convert(item.view.center, to: root)
            XCTAssertEqual(item.referencePoint.x, expected.x, accuracy: 1e-9)
            XCTAssertEqual(item.referencePoint.y, expected.y, accuracy: 1e-9)
        }
        // Inner's center (50, 30) lies (-57, -17) from the container's bounds middle (107, 47);
        // scaled 1.5 → (-85.5, -25.5), rotated 90° → (25.5, -85.5), + container center (200, 150).
        XCTAssertEqual(collected[1].referencePoint.x, 225.5, accuracy: 1e-9)
        XCTAssertEqual(collected[1].referencePoint.y, 64.5, accuracy: 1e-9)
    }

    /// Sorting sees the nested views where they appear: a radial sort from the middle starts with the
    /// grandchild that sits at the middle, even though its own center is near its parent's origin.
    func testNestedSortUsesConvertedPoints() {
        let root = View(frame: CGRect(x: 0, y: 0, width: 300, height: 300))
        let left = View(frame: CGRect(x: 0, y: 0, width: 100, height: 300)); left.tag = 1
        let right = View(frame: CGRect(x: 100, y: 0, width: 200, height: 300)); right.tag = 2
        root.addSubview(left); root.addSubview(right)
        let middle = View(frame: CGRect(x: 40, y: 140, width: 20, height: 20)); middle.tag = 3  // root (150,150)
        let corner = View(frame: CGRect(x: 180, y: 280, width: 20, height: 20)); corner.tag = 4 // root (290,290)
        right.addSubview(middle); right.addSubview(corner)
        let timed = RadialSortFunction(position: .middle, interObjectDelay: 0.1).timeOffsets(view: root, recursiveDepth: 1)
        XCTAssertEqual(startOrder(timed), [3, 2, 1, 4])
        XCTAssertEqual(offsetsByTag(timed, count: 5)[3], 0)
    }

    func testDeepChainDoesNotRecurse() {
        let root = View()
        var node = root
        for _ in 0..<20_000 { let next = View(); node.addSubview(next); node = next }
        XCTAssertEqual(SpruceUIView.subviews(of: root, recursiveDepth: .max).count, 20_000)
        XCTAssertEqual(SpruceUIView.subviews(of: root, recursiveDepth: 9).count, 10)
    }
}
