import Foundation
import Spruce
import SpruceFilm
import SpruceRender

/// The expected and actual films of a review item, drawn by the film's own renderer: at each sample time of the
/// motion goldens (every 0.05 s), the scene's view tree as the film has it then, posed with one golden's
/// values (position, alpha, scale, rotation, hidden, colour of every view it lists) and drawn; then the tree's
/// own values are put back. The two films thus differ only where the motion goldens do. The page plays them at
/// one frame per sample (20 fps at 0.05 s), so no frame between samples is needed.
final class PosedFrames: @unchecked Sendable {
    let film: Film
    private let lock = NSLock()
    private var cursor: FilmCursor?
    private let renderer: Renderer

    init(film: Film) throws {
        self.film = film
        renderer = try film.makeRenderer()
    }

    /// The film at time `t` (within the film) posed with `expected` and with `actual`.
    func draw(at time: Double, expected: MotionGoldenText, actual: MotionGoldenText) throws -> (expected: Bitmap, actual: Bitmap) {
        lock.lock(); defer { lock.unlock() }
        let t = min(max(0, time), film.duration)
        if cursor == nil { cursor = try FilmCursor(film: film) }
        let root = try cursor!.seek(to: t)
        let views = Self.named(root)
        let saved = views.map { Pose(of: $0.view) }
        defer { for (v, pose) in zip(views, saved) { pose.apply(to: v.view) } }
        Self.pose(views, root: root, with: expected.row(at: t) ?? [:])
        let e = try renderer.render(root)
        for (v, pose) in zip(views, saved) { pose.apply(to: v.view) }
        Self.pose(views, root: root, with: actual.row(at: t) ?? [:])
        return (e, try renderer.render(root))
    }

    /// Every view in painting order with the name a motion golden gives it (its id, else its path of indices).
    static func named(_ root: View) -> [(name: String, view: View)] {
        var out: [(name: String, view: View)] = []
        func walk(_ v: View, path: String) {
            out.append((name: v.id ?? (path.isEmpty ? "root" : path), view: v))
            for (i, s) in v.subviews.enumerated() { walk(s, path: path.isEmpty ? "\(i)" : "\(path).\(i)") }
        }
        walk(root, path: "")
        return out
    }

    /// Sets each listed view's properties to the golden's values, parents before children (a child's position is
    /// where it is seen, so it is placed after its parent has moved). Values the golden does not list stay.
    static func pose(_ views: [(name: String, view: View)], root: View, with row: [String: [String: String]]) {
        for (name, v) in views {
            guard let values = row[name] else { continue }
            let number = { (key: String) in values[key].flatMap(Double.init) }
            let pair = { (key: String) in values[key].map { $0.split(separator: ",").compactMap { Double($0) } } }
            if values["scale"] != nil || values["rotation"] != nil {
                let t = v.transform
                let sx0 = (t.a * t.a + t.b * t.b).squareRoot()
                let sy0 = sx0 == 0 ? 0 : (t.a * t.d - t.b * t.c) / sx0
                let scale = pair("scale")
                let sx = scale.map { CGFloat($0.first ?? 1) } ?? sx0, sy = scale.map { CGFloat($0.last ?? 1) } ?? sy0
                let angle = number("rotation").map { CGFloat($0) * .pi / 180 } ?? atan2(t.b, t.a)
                v.transform = CGAffineTransform(a: sx * cos(angle), b: sx * sin(angle), c: -sy * sin(angle), d: sy * cos(angle), tx: 0, ty: 0)
            }
            if let a = number("alpha") { v.alpha = CGFloat(a) }
            if let h = values["hidden"] { v.isHidden = h == "1" }
            if let c = pair("color"), c.count == 4 {
                v.backgroundColor = Color(red: c[0] / 255, green: c[1] / 255, blue: c[2] / 255, alpha: c[3] / 255)
            }
            if let x = number("x"), let y = number("y") {
                // Where the view is seen now, in the root's points, moved to where the golden saw it.
                let box = v.superview.map { $0.convert(v.frame, to: root) } ?? v.frame
                let delta = CGPoint(x: CGFloat(x) - box.midX, y: CGFloat(y) - box.midY)
                guard let parent = v.superview else { v.center.x += delta.x; v.center.y += delta.y; continue }
                let inverse = parent.transformToRoot.inverted()
                let local = CGPoint(x: delta.x * inverse.a + delta.y * inverse.c, y: delta.x * inverse.b + delta.y * inverse.d)
                v.center.x += local.x
                v.center.y += local.y
            }
        }
    }
}

/// The properties a pose sets, kept to put back.
private struct Pose {
    let center: CGPoint, transform: CGAffineTransform, alpha: CGFloat, isHidden: Bool, color: Color?
    init(of v: View) { (center, transform, alpha, isHidden, color) = (v.center, v.transform, v.alpha, v.isHidden, v.backgroundColor) }
    func apply(to v: View) { (v.center, v.transform, v.alpha, v.isHidden, v.backgroundColor) = (center, transform, alpha, isHidden, color) }
}
