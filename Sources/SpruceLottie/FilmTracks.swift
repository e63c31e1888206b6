import Foundation
import Spruce
import SpruceFilm
import SpruceRender

/// Every view of a film at every frame, read in one forward pass (`Film.sample`). The tree must keep its
/// shape, and what Lottie draws once (a label's text and font, an image, the bounds of labels and images,
/// `clipsToBounds`) must not change; anything else may move, and is returned frame by frame.
enum FilmTracks {
    /// What must stay fixed, per view and frame, to be compared with the first frame.
    private struct Fixed {
        var name: String
        var parent: Int?
        var type: String
        var text: String?
        var font: Font?
        var alignment: TextAlignment?
        var image: Image?
        var contentMode: ContentMode?
        var bounds: CGRect
        var clipsToBounds: Bool
    }

    private struct Read {
        var fixed: Fixed
        var view: View
        var frame: ViewFrame
    }

    static func read(_ film: Film, cancellation: RenderCancellation? = nil) throws -> [ViewTrack] {
        let times = (0..<film.frameCount).map(film.time(ofFrame:))
        var rotations: [Double]? = nil
        // Frame 0 is read first (its moment, 0, comes first); every later frame is checked against it as it is read,
        // and only its `ViewFrame`s are kept, straight into each view's column.
        var first: [Read] = []
        var columns: [[ViewFrame]] = []
        // `sample` reads the moments in time order; rotation is unwrapped in that order.
        _ = try film.sample(at: times, cancellation: cancellation) { index, root -> Void in
            var out: [Read] = []
            try visit(root, name: root.id ?? "root", parent: nil, inherited: 1, previous: rotations, into: &out)
            rotations = out.map(\.frame.rotation)
            if first.isEmpty {
                first = out
                columns = out.map { Array(repeating: $0.frame, count: times.count) }
            } else {
                try check(out, against: first, at: times[index])
            }
            for (v, r) in out.enumerated() { columns[v][index] = r.frame }
        }
        return zip(first, columns).map { r, frames -> ViewTrack in
            let kind: ViewTrack.Kind
            if let label = r.view as? Label { kind = .label(label) } else if let image = r.view as? ImageView { kind = .image(image) } else { kind = .plain }
            return ViewTrack(name: r.fixed.name, parent: r.fixed.parent, kind: kind, clipsToBounds: r.fixed.clipsToBounds, bounds: r.fixed.bounds,
                             frames: frames)
        }
    }

    /// A frame keeps frame 0's tree and everything Lottie draws once.
    private static func check(_ frame: [Read], against first: [Read], at t: Double) throws {
        guard frame.count == first.count, zip(frame, first).allSatisfy({ $0.fixed.name == $1.fixed.name && $0.fixed.parent == $1.fixed.parent }) else {
            let name = zip(frame, first).first { $0.fixed.name != $1.fixed.name }?.1.fixed.name ?? first.last!.fixed.name
            throw LottieExportError(view: name, property: "subviews", reason: "change at \(seconds(t)) (views added, removed or moved); a Lottie file has a fixed set of layers")
        }
        for (r, f) in zip(frame, first) { try compare(r.fixed, f.fixed, at: t) }
    }

    private static func visit(_ view: View, name: String, parent: Int?, inherited: Double, previous: [Double]?, into out: inout [Read]) throws {
        let index = out.count
        try checkFinite(view, name: name)
        let shape = try LayerTransform.of(view, name: name, previousRotation: previous.flatMap { index < $0.count ? $0[index] : nil })
        let alpha = view.isHidden ? 0 : min(1, max(0, Double(view.alpha)))
        let opacity = inherited * alpha
        let label = view as? Label, imageView = view as? ImageView
        let fixed = Fixed(name: name, parent: parent, type: String(describing: type(of: view)), text: label?.text, font: label?.font,
                          alignment: label?.textAlignment, image: imageView?.image, contentMode: imageView?.contentMode,
                          bounds: (label != nil || imageView != nil) ? view.bounds : .zero, clipsToBounds: view.clipsToBounds)
        let frame = ViewFrame(anchor: shape.anchor, position: shape.position, scale: shape.scale, rotation: shape.rotation,
                              opacity: opacity * 100, size: [Double(view.bounds.width), Double(view.bounds.height)],
                              cornerRadius: Double(view.cornerRadius), background: (view.backgroundColor ?? .clear).lottie,
                              borderWidth: Double(view.borderWidth), borderColor: view.borderColor.lottie,
                              textColor: (label?.textColor ?? .clear).lottie)
        out.append(Read(fixed: fixed, view: view, frame: frame))
        for (i, child) in view.subviews.enumerated() {
            try visit(child, name: child.id ?? "\(name)/\(i)", parent: index, inherited: opacity, previous: previous, into: &out)
        }
    }

    /// Every number a layer is written from must be finite: JSON has no NaN or infinity, and a Lottie player
    /// would take garbage. The renderer refuses non-finite geometry too (`GeometryCheck`); this names the view and the
    /// property instead of writing a file that cannot be read.
    private static func checkFinite(_ view: View, name: String) throws {
        guard !allFinite(view) else { return }
        let t = view.transform, b = view.bounds
        func colour(_ c: Color?) -> [Double] { c.map { [$0.red, $0.green, $0.blue, $0.alpha] } ?? [] }
        let properties: [(String, [Double])] = [
            ("center", [Double(view.center.x), Double(view.center.y)]),
            ("bounds", [Double(b.origin.x), Double(b.origin.y), Double(b.width), Double(b.height)]),
            ("transform", [t.a, t.b, t.c, t.d, t.tx, t.ty].map { Double($0) }),
            ("alpha", [Double(view.alpha)]),
            ("cornerRadius", [Double(view.cornerRadius)]), ("borderWidth", [Double(view.borderWidth)]),
            ("backgroundColor", colour(view.backgroundColor)), ("borderColor", colour(view.borderColor)),
            ("textColor", colour((view as? Label)?.textColor)),
        ]
        for (property, values) in properties where !values.allSatisfy(\.isFinite) {
            throw LottieExportError(view: name, property: property, reason: "is not a finite number; a Lottie file holds numbers only")
        }
    }

    /// Whether every number `checkFinite` checks is finite, with no array: 0·x is ±0 for a finite x and NaN
    /// otherwise, so the sum is 0 exactly when all are. Runs for every view at every frame; only when it fails
    /// does `checkFinite` look for the property to name.
    private static func allFinite(_ view: View) -> Bool {
        let t = view.transform, b = view.bounds
        func zero(_ c: Color?) -> Double { c.map { 0 * $0.red + 0 * $0.green + 0 * $0.blue + 0 * $0.alpha } ?? 0 }
        var sum = 0 * Double(view.center.x) + 0 * Double(view.center.y)
        sum += 0 * Double(b.origin.x) + 0 * Double(b.origin.y) + 0 * Double(b.width) + 0 * Double(b.height)
        sum += 0 * Double(t.a) + 0 * Double(t.b) + 0 * Double(t.c) + 0 * Double(t.d) + 0 * Double(t.tx) + 0 * Double(t.ty)
        sum += 0 * Double(view.alpha) + 0 * Double(view.cornerRadius) + 0 * Double(view.borderWidth)
        sum += zero(view.backgroundColor) + zero(view.borderColor) + zero((view as? Label)?.textColor)
        return sum == 0
    }

    private static func compare(_ now: Fixed, _ first: Fixed, at t: Double) throws {
        func refuse(_ property: String, _ what: String) -> LottieExportError {
            LottieExportError(view: first.name, property: property, reason: "changes at \(seconds(t)); a Lottie file draws \(what) once")
        }
        if now.type != first.type { throw refuse("class", "each layer's kind") }
        if now.text != first.text { throw refuse("text", "a label's text") }
        if now.font != first.font { throw refuse("font", "a label's font") }
        if now.alignment != first.alignment { throw refuse("textAlignment", "a label's layout") }
        if now.image != first.image { throw refuse("image", "an image") }
        if now.contentMode != first.contentMode { throw refuse("contentMode", "an image's placement") }
        if now.bounds != first.bounds { throw refuse("bounds", "the text and images inside a view at one size") }
        if now.clipsToBounds != first.clipsToBounds { throw refuse("clipsToBounds", "each clip") }
    }

    static func seconds(_ t: Double) -> String { String(format: "%.3f s", t) }
}
