import Advance
import Foundation

/// The properties UIKit animates, captured from a view: what a change function may change.
struct AnimatableState: Equatable {
    var bounds: CGRect
    var center: CGPoint
    var transform: CGAffineTransform
    var alpha: CGFloat
    var backgroundColor: Color?
    var cornerRadius: CGFloat
    var borderWidth: CGFloat
    var borderColor: Color
    var textColor: Color?

    init(_ view: View) {
        bounds = view.bounds
        center = view.center
        transform = view.transform
        alpha = view.alpha
        backgroundColor = view.backgroundColor
        cornerRadius = view.cornerRadius
        borderWidth = view.borderWidth
        borderColor = view.borderColor
        textColor = (view as? Label)?.textColor
    }

    /// Which properties differ, so an animation touches only what its change function changed.
    struct Changes: OptionSet {
        let rawValue: Int
        static let bounds = Changes(rawValue: 1), center = Changes(rawValue: 2), transform = Changes(rawValue: 4)
        static let alpha = Changes(rawValue: 8), backgroundColor = Changes(rawValue: 16)
        static let cornerRadius = Changes(rawValue: 32), borderWidth = Changes(rawValue: 64)
        static let borderColor = Changes(rawValue: 128), textColor = Changes(rawValue: 256)
    }

    func changes(to other: AnimatableState) -> Changes {
        var c: Changes = []
        if bounds != other.bounds { c.insert(.bounds) }
        if center != other.center { c.insert(.center) }
        if transform != other.transform { c.insert(.transform) }
        if alpha != other.alpha { c.insert(.alpha) }
        if backgroundColor != other.backgroundColor { c.insert(.backgroundColor) }
        if cornerRadius != other.cornerRadius { c.insert(.cornerRadius) }
        if borderWidth != other.borderWidth { c.insert(.borderWidth) }
        if borderColor != other.borderColor { c.insert(.borderColor) }
        if textColor != other.textColor { c.insert(.textColor) }
        return c
    }

    /// Writes the `changes` properties of the state `progress` of the way from `from` to `to`.
    /// Progress may leave 0…1 (springs overshoot): geometry extrapolates, alpha and colours clamp,
    /// as Core Animation's presentation values do.
    /// `transform` blends `a`'s transform to `b`'s (`Interpolation`, which converts both ends once for every frame).
    static func apply(_ changes: Changes, from a: AnimatableState, to b: AnimatableState, progress p: Double,
                      transform: Interpolation<CGAffineTransform>, on view: View) {
        // The ends are written exactly, so a finished animation leaves the very values it was given.
        if p == 0 { return a.write(changes, to: view) }
        if p == 1 { return b.write(changes, to: view) }
        func mix(_ x: CGFloat, _ y: CGFloat) -> CGFloat { x + (y - x) * CGFloat(p) }
        if changes.contains(.bounds) {
            view.bounds = CGRect(x: mix(a.bounds.minX, b.bounds.minX), y: mix(a.bounds.minY, b.bounds.minY),
                                 width: max(0, mix(a.bounds.width, b.bounds.width)),
                                 height: max(0, mix(a.bounds.height, b.bounds.height)))
        }
        if changes.contains(.center) { view.center = CGPoint(x: mix(a.center.x, b.center.x), y: mix(a.center.y, b.center.y)) }
        if changes.contains(.transform) { view.transform = transform.value(at: p) }
        if changes.contains(.alpha) { view.alpha = min(1, max(0, mix(a.alpha, b.alpha))) }
        if changes.contains(.backgroundColor) {
            view.backgroundColor = blend(a.backgroundColor, b.backgroundColor, p)
        }
        if changes.contains(.cornerRadius) { view.cornerRadius = max(0, mix(a.cornerRadius, b.cornerRadius)) }
        if changes.contains(.borderWidth) { view.borderWidth = max(0, mix(a.borderWidth, b.borderWidth)) }
        if changes.contains(.borderColor) { view.borderColor = blend(a.borderColor, b.borderColor, p) ?? .clear }
        if changes.contains(.textColor), let label = view as? Label {
            label.textColor = blend(a.textColor, b.textColor, p) ?? .clear
        }
    }

    func write(_ changes: Changes, to view: View) {
        if changes.contains(.bounds) { view.bounds = bounds }
        if changes.contains(.center) { view.center = center }
        if changes.contains(.transform) { view.transform = transform }
        if changes.contains(.alpha) { view.alpha = alpha }
        if changes.contains(.backgroundColor) { view.backgroundColor = backgroundColor }
        if changes.contains(.cornerRadius) { view.cornerRadius = cornerRadius }
        if changes.contains(.borderWidth) { view.borderWidth = borderWidth }
        if changes.contains(.borderColor) { view.borderColor = borderColor }
        if changes.contains(.textColor), let label = view as? Label, let textColor { label.textColor = textColor }
    }

    /// A missing colour animates as the other colour made fully transparent, as UIKit does from nil.
    static func blend(_ a: Color?, _ b: Color?, _ p: Double) -> Color? {
        guard a != nil || b != nil else { return nil }
        let from = a ?? b!.withAlphaComponent(0), to = b ?? a!.withAlphaComponent(0)
        func c(_ x: Double, _ y: Double) -> Double { min(1, max(0, x + (y - x) * p)) }
        return Color(red: c(from.red, to.red), green: c(from.green, to.green), blue: c(from.blue, to.blue),
                     alpha: c(from.alpha, to.alpha))
    }
}

/// The animatable state of a view and its subtree, before and after a change function ran.
struct SubtreeChange {
    struct Entry {
        let view: View
        let target: AnimatableState
        let changes: AnimatableState.Changes
    }
    let entries: [Entry]

    /// Runs `change` on `view`, records what it changed anywhere in the subtree, then puts the
    /// subtree back as it was: the animation, not the change function, moves the views.
    static func record(_ view: View, _ change: (View) -> Void) -> SubtreeChange {
        var views: [View] = []
        func collect(_ v: View) { views.append(v); v.subviews.forEach(collect) }
        collect(view)
        let before = views.map(AnimatableState.init)
        change(view)
        var entries: [Entry] = []
        for (v, old) in zip(views, before) {
            let new = AnimatableState(v)
            let changes = old.changes(to: new)
            guard !changes.isEmpty else { continue }
            entries.append(Entry(view: v, target: new, changes: changes))
            old.write(changes, to: v)
        }
        return SubtreeChange(entries: entries)
    }
}
