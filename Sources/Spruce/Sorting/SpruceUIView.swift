import Foundation

/// A view to animate together with the point sort functions measure it by: its center, converted
/// into the coordinates of the view being animated (the original's `SpruceUIView`).
public struct SpruceUIView {
    /// The view to animate.
    public let view: View
    /// The view's center in the coordinates of the view being animated; distances are measured to it.
    public var referencePoint: CGPoint

    /// Pairs `view` with the point sort functions measure it by.
    public init(view: View, referencePoint: CGPoint) {
        self.view = view
        self.referencePoint = referencePoint
    }

    /// The views a sort function orders, as Spruce iOS collects them.
    ///
    /// Depth 0 gives the direct subviews with their `center`. Depth d > 0 walks the tree pre-order and
    /// gives levels 1 … d+1, every center converted into `root`'s coordinates; `Int.max` means all levels.
    /// A negative depth counts as 0, as in the original; `checkedTimeOffsets` reports it instead.
    ///
    /// The walk carries each level's transform down instead of converting every point up to the root,
    /// so it is linear in the number of views and uses no recursion (deep trees cannot overflow the stack).
    public static func subviews(of root: View, recursiveDepth: Int) -> [SpruceUIView] {
        guard recursiveDepth > 0 else {
            return root.subviews.map { SpruceUIView(view: $0, referencePoint: $0.center) }
        }
        var result: [SpruceUIView] = []
        // (view, level below root's subviews, superview's coordinates → root's coordinates)
        var stack: [(view: View, level: Int, toRoot: CGAffineTransform)] =
            root.subviews.reversed().map { ($0, 0, .identity) }
        while let (view, level, toRoot) = stack.popLast() {
            let point = level == 0 ? view.center : view.center.applying(toRoot)
            result.append(SpruceUIView(view: view, referencePoint: point))
            guard level < recursiveDepth, !view.subviews.isEmpty else { continue }
            let childToRoot = view.transformToSuperview.concatenating(toRoot)
            for child in view.subviews.reversed() {
                stack.append((child, level + 1, childToRoot))
            }
        }
        return result
    }
}
