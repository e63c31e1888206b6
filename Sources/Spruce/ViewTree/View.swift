import Foundation
@_exported import Advance
@_exported import Geometry

/// A rectangle on screen, with UIKit's geometry: a view is placed by `center` in its superview,
/// sized by `bounds`, and transformed about its center (UIKit's default anchor point, 0.5 × 0.5).
///
/// There is no screen and no run loop: a renderer draws the tree as it stands, and Spruce's
/// offline clock changes it between frames.
open class View {
    /// Scene files and timing exports name views by `id`; `tag` is UIKit's integer label.
    public var id: String?
    /// An integer label (default 0), found with ``viewWithTag(_:)``.
    public var tag: Int = 0

    // The paint state below is read for every view of every frame (the painter, the damage snapshot, the clock),
    // from other modules, where each read is a call that would also register a dynamic exclusivity access: 5 % of a
    // frame's instructions. `@exclusivity(unchecked)` drops that bookkeeping, which only catches overlapping
    // accesses on one thread (an `inout` of a property while the same property is read), which no code here makes;
    // a view tree belongs to the thread of its clock.
    /// The view's own coordinate space: its size, and the origin its subviews' centers are measured from.
    @exclusivity(unchecked) public var bounds: CGRect
    /// The view's center, in its superview's coordinates; where it is placed.
    @exclusivity(unchecked) public var center: CGPoint
    /// A transform about the view's center (default identity): scale, rotation, translation.
    @exclusivity(unchecked) public var transform: CGAffineTransform = .identity
    /// Opacity from 0 (invisible) to 1 (default), multiplied down the tree.
    @exclusivity(unchecked) public var alpha: CGFloat = 1
    /// True hides the view and its subtree; a hidden view is not drawn.
    @exclusivity(unchecked) public var isHidden = false
    /// The fill of the bounds (default nil: none).
    @exclusivity(unchecked) public var backgroundColor: Color?
    /// The radius of the rounded corners of the background, border and clip (default 0).
    @exclusivity(unchecked) public var cornerRadius: CGFloat = 0
    /// The width of the border drawn inside the bounds (default 0: none).
    @exclusivity(unchecked) public var borderWidth: CGFloat = 0
    /// The colour of the border (default black).
    @exclusivity(unchecked) public var borderColor: Color = .black
    /// True clips the subviews to the (rounded) bounds (default false).
    @exclusivity(unchecked) public var clipsToBounds = false

    /// The child views, back to front.
    @exclusivity(unchecked) public private(set) var subviews: [View] = []
    /// The block animations moving properties of this view, so that a new one can take over the
    /// properties it animates, as UIKit replaces animations of the same key. Held weakly: a running
    /// animation belongs to its loop (loop → animator → animation), so a view and a loop that are both
    /// dropped before the animation ends are freed, not kept by view ↔ animation.
    var runningAnimations: [WeakAnimation] = []
    /// The parent view; nil for a root. Held weakly: the parent owns its subviews.
    public private(set) weak var superview: View?

    /// A view whose bounds have `frame`'s size at origin (0, 0) and whose center is `frame`'s middle.
    public init(frame: CGRect = .zero) {
        bounds = CGRect(origin: .zero, size: frame.size)
        center = CGPoint(x: frame.midX, y: frame.midY)
    }

    /// The bounding box of the transformed bounds, in the superview's coordinates.
    /// Setting it sets `center` and `bounds.size`; as in UIKit, do that only with an identity transform.
    public var frame: CGRect {
        get {
            let local = CGRect(x: -bounds.width / 2, y: -bounds.height / 2, width: bounds.width, height: bounds.height)
            let box = transform.isIdentity ? local : local.applying(transform)
            return box.offsetBy(dx: center.x, dy: center.y)
        }
        set {
            center = CGPoint(x: newValue.midX, y: newValue.midY)
            bounds.size = newValue.size
        }
    }

    // MARK: Hierarchy

    /// Adds `view` in front of the other subviews, removing it from its previous superview.
    public func addSubview(_ view: View) {
        insertSubview(view, at: subviews.count)
    }

    /// Inserts at `index` (clamped to the valid range); a view already in the tree moves.
    public func insertSubview(_ view: View, at index: Int) {
        precondition(view !== self, "a view cannot be its own subview")
        if view.superview === self, let old = subviews.firstIndex(where: { $0 === view }) {
            subviews.remove(at: old)
        } else {
            view.removeFromSuperview()
        }
        subviews.insert(view, at: min(max(index, 0), subviews.count))
        view.superview = self
    }

    /// Removes the view from its superview's subviews; nothing happens for a root.
    public func removeFromSuperview() {
        guard let parent = superview else { return }
        parent.subviews.removeAll { $0 === self }
        superview = nil
    }

    /// Moves `view` in front of its siblings; nothing happens when it is not a subview of this view.
    public func bringSubviewToFront(_ view: View) {
        guard view.superview === self else { return }
        insertSubview(view, at: subviews.count)
    }

    /// Moves `view` behind its siblings; nothing happens when it is not a subview of this view.
    public func sendSubviewToBack(_ view: View) {
        guard view.superview === self else { return }
        insertSubview(view, at: 0)
    }

    /// The first view in this subtree, self included, with the given tag (depth first, as UIKit does).
    public func viewWithTag(_ tag: Int) -> View? {
        if self.tag == tag { return self }
        for child in subviews { if let hit = child.viewWithTag(tag) { return hit } }
        return nil
    }

    /// The first view in this subtree, self included, with the given id.
    public func view(withID id: String) -> View? {
        if self.id == id { return self }
        for child in subviews { if let hit = child.view(withID: id) { return hit } }
        return nil
    }

    /// True when `view` is this view or one of its ancestors.
    public func isDescendant(of view: View) -> Bool {
        var node: View? = self
        while let current = node {
            if current === view { return true }
            node = current.superview
        }
        return false
    }

    // MARK: Coordinates

    /// Maps this view's bounds coordinates into its superview's coordinates.
    public var transformToSuperview: CGAffineTransform {
        CGAffineTransform(translationX: -bounds.midX, y: -bounds.midY)
            .concatenating(transform)
            .concatenating(CGAffineTransform(translationX: center.x, y: center.y))
    }

    /// Maps this view's coordinates into those of the root of its tree (the view with no superview).
    public var transformToRoot: CGAffineTransform {
        var t = CGAffineTransform.identity
        var node: View? = self
        while let current = node, let parent = current.superview {
            t = t.concatenating(current.transformToSuperview)
            node = parent
        }
        return t
    }

    /// As in UIKit, `nil` stands for the root of the tree (UIKit's window).
    public func convert(_ point: CGPoint, to view: View?) -> CGPoint {
        point.applying(conversion(to: view))
    }

    /// Maps `point` from `view`'s coordinates into this view's; nil stands for the root of the tree.
    public func convert(_ point: CGPoint, from view: View?) -> CGPoint {
        point.applying(conversion(from: view))
    }

    /// The bounding box of `rect` mapped from this view's coordinates into `view`'s; nil stands for the root of the
    /// tree.
    public func convert(_ rect: CGRect, to view: View?) -> CGRect {
        rect.applying(conversion(to: view))
    }

    /// The bounding box of `rect` mapped from `view`'s coordinates into this view's; nil stands for the root of the
    /// tree.
    public func convert(_ rect: CGRect, from view: View?) -> CGRect {
        rect.applying(conversion(from: view))
    }

    private func conversion(to view: View?) -> CGAffineTransform {
        guard let view else { return transformToRoot }
        if view === self { return .identity }
        if view === superview { return transformToSuperview }
        return transformToRoot.concatenating(view.transformToRoot.inverted())
    }

    private func conversion(from view: View?) -> CGAffineTransform {
        guard let view else { return transformToRoot.inverted() }
        return view.conversion(to: self)
    }

    // MARK: CALayer spelling

    /// `view.layer.cornerRadius = 4` as on iOS; the properties live on the view itself.
    public var layer: Layer { Layer(view: self) }

    /// The view's `CALayer`-style properties, read and written through to the view.
    public struct Layer {
        /// The view whose properties the layer reads and writes.
        public unowned let view: View
        /// The view's ``View/cornerRadius``.
        public var cornerRadius: CGFloat {
            get { view.cornerRadius }
            nonmutating set { view.cornerRadius = newValue }
        }
        /// The view's ``View/borderWidth``.
        public var borderWidth: CGFloat {
            get { view.borderWidth }
            nonmutating set { view.borderWidth = newValue }
        }
        /// The view's ``View/borderColor``.
        public var borderColor: Color {
            get { view.borderColor }
            nonmutating set { view.borderColor = newValue }
        }
        /// The view's ``View/alpha``, as `Float`.
        public var opacity: Float {
            get { Float(view.alpha) }
            nonmutating set { view.alpha = CGFloat(newValue) }
        }
        /// The view's ``View/clipsToBounds``.
        public var masksToBounds: Bool {
            get { view.clipsToBounds }
            nonmutating set { view.clipsToBounds = newValue }
        }
    }
}

extension View: CustomStringConvertible {
    /// The view's class, id or tag, frame and alpha, e.g. `<View id=card frame=… alpha=1.0>`.
    public var description: String {
        let name = String(describing: type(of: self))
        let label = id.map { " id=\($0)" } ?? (tag != 0 ? " tag=\(tag)" : "")
        return "<\(name)\(label) frame=\(frame) alpha=\(alpha)>"
    }
}

/// One entry of `View.runningAnimations`.
struct WeakAnimation {
    weak var object: AnyObject?
}
