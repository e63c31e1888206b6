import Foundation
import Spruce
import SpruceRender

/// Builds the layers of a Lottie file from view tracks, in Lottie's order (first on top): each view's own
/// layer (background and text), then its image, its subviews, and its border, which Core Animation paints
/// over the subviews. Images and borders are child layers of the view's layer, so they move with it.
struct LottieLayers {
    let tracks: [ViewTrack]
    let frameCount: Int
    let bounds: LottieBounds
    var canvasScale: Double { 0.5 / bounds.halfPixel }
    private(set) var assets: [LottieJSON] = []
    private(set) var keyframes = 0
    private(set) var animatedProperties = 0
    var nextIndex: Int
    /// Checked for every layer and every property fitted: fitting a long film's keyframes takes seconds a view.
    var cancellation: RenderCancellation?

    init(tracks: [ViewTrack], frameCount: Int, bounds: LottieBounds) {
        (self.tracks, self.frameCount, self.bounds) = (tracks, frameCount, bounds)
        nextIndex = tracks.count + 1
    }

    /// Layers in painting order, reversed at the end (Lottie draws the first layer on top).
    mutating func build() throws -> [LottieJSON] {
        var painting: [LottieJSON] = []
        for root in tracks.indices where tracks[root].parent == nil { try paint(root, into: &painting) }
        return painting.reversed()
    }

    func children(of i: Int) -> [Int] { tracks.indices.filter { tracks[$0].parent == i } }

    /// `clip`: the clipping ancestor whose bounds every layer of this subtree is matted to (nil: none needed).
    private mutating func paint(_ i: Int, clip: Int? = nil, into out: inout [LottieJSON]) throws {
        try cancellation?.throwIfCancelled()
        let track = tracks[i]
        let f = track.frames
        let opacity = property(f.map { [$0.opacity] }, bounds.opacity(f.map { [$0.opacity] }), scalar: true)
        // A layer lives from the first frame it shows to the last: rlottie darkens what lies beneath a matted
        // layer with nothing in it (the phones' rows before they fade in turned the canvas 45 % grey). Its
        // subviews are never visible outside that span (opacity is multiplied down the tree). "Shows": an
        // opacity that moves a pixel by 1.5 8-bit levels or more (rlottie treats fainter content as empty).
        // A matted layer also only while it overlaps its clip: rlottie darkens the canvas for one matted away.
        let shown = f.indices.filter { k in f[k].opacity * 2.55 >= 1.5 && (clip.map { overlapsClip(i, $0, frame: k) } ?? true) }
        var span = shown.first.map { ($0, shown.last! + 1) }
        // rlottie also draws a layer at its out-point frame, and a matted layer with nothing to show there
        // darkens the canvas: a matted layer that leaves before the end stops one frame early, on its faintest
        // frame (at most 1.5 levels, or its last sliver inside the clip), for players that follow the spec.
        if clip != nil, let s = span, s.1 < frameCount { span = (s.0, max(s.0 + 1, s.1 - 1)) }
        try emit(try viewLayer(i, opacity: opacity), span: span, clip: clip, into: &out)
        if case .image(let view) = track.kind, let image = view.image, image.pixelWidth > 0, image.pixelHeight > 0 {
            try emit(try imageLayer(i, view: view, image: image, opacity: opacity), span: span, clip: clip, into: &out)
        }
        let inner = try clipForSubviews(of: i, inherited: clip)
        for child in children(of: i) { try paint(child, clip: inner, into: &out) }
        if f.contains(where: { $0.borderWidth > 0 && $0.borderColor[3] > 0 }) {
            try emit(borderLayer(i, opacity: opacity), span: span, clip: clip, into: &out)
        }
    }

    /// A property from per-frame samples, counted in the report when it moves.
    mutating func property(_ samples: [[Double]], _ tolerance: Double, scalar: Bool = false) -> LottieProperty {
        let p = LottieProperty(samples, tolerance: tolerance, scalar: scalar)
        if p.keyframes > 0 { keyframes += p.keyframes; animatedProperties += 1 }
        return p
    }

    /// Half the diagonal of the view's largest size: how far its corners are from the anchor.
    private func reach(_ i: Int) -> Double {
        tracks[i].frames.map { ($0.size[0] * $0.size[0] + $0.size[1] * $0.size[1]).squareRoot() / 2 }.max() ?? 0
    }

    private mutating func transform(_ i: Int, opacity: LottieProperty) -> LottieJSON {
        let f = tracks[i].frames
        let anchors = f.map(\.anchor), positions = f.map(\.position), scales = f.map(\.scale), turns = f.map { [$0.rotation] }
        let r = reach(i)
        return LottieShapes.transform(anchor: property(anchors, bounds.length(anchors)),
                                      position: property(positions, bounds.length(positions)),
                                      scale: property(scales, bounds.scale(scales, radius: r)),
                                      rotation: property(turns, bounds.rotation(turns, radius: r), scalar: true),
                                      opacity: opacity)
    }

    func header(_ index: Int, type: Int, name: String, parent: Int?) -> [(String, LottieJSON)] {
        var m: [(String, LottieJSON)] = [("ddd", .number(0)), ("ind", .number(Double(index))), ("ty", .number(Double(type))),
                                         ("nm", .string(name)), ("sr", .number(1)), ("ao", .number(0)), ("bm", .number(0)),
                                         ("ip", .number(0)), ("op", .number(Double(frameCount))), ("st", .number(0))]
        if let parent { m.append(("parent", .number(Double(parent)))) }
        return m
    }

    private mutating func viewLayer(_ i: Int, opacity: LottieProperty) throws -> LottieJSON {
        let track = tracks[i], f = track.frames
        var shapes: [LottieJSON] = []
        if case .label(let label) = track.kind, f.contains(where: { $0.textColor[3] > 0 }) {
            let contours = GlyphContours.of(label)
            if !contours.isEmpty {
                shapes.append(LottieShapes.group("text", contours.map(LottieShapes.path) + [fill(f.map(\.textColor))], opacity: opacity))
            }
        }
        if f.contains(where: { $0.background[3] > 0 }) {
            let centers = f.map(\.anchor), sizes = f.map(\.size)
            let radii = f.map { [max(0, min($0.cornerRadius, $0.size[0] / 2, $0.size[1] / 2))] }
            let rect = LottieShapes.rectangle(center: property(centers, bounds.length(centers)), size: property(sizes, bounds.length(sizes)),
                                              radius: property(radii, bounds.length(radii), scalar: true))
            shapes.append(LottieShapes.group("background", [rect, fill(f.map(\.background))], opacity: opacity))
        }
        var m = header(i + 1, type: shapes.isEmpty ? 3 : 4, name: track.name, parent: track.parent.map { $0 + 1 })
        m.append(("ks", transform(i, opacity: LottieProperty(constant: [100], scalar: true))))
        if !shapes.isEmpty {
            m.append(("shapes", .array(shapes)))
            if track.clipsToBounds, case .label = track.kind {
                m.append(("hasMask", .bool(true)))
                m.append(("masksProperties", .array([try clipMask(i, scaleX: 1, scaleY: 1, originX: 0, originY: 0)])))
            }
        }
        return .object(m)
    }

    /// Colour channels as the 8-bit value Cairo draws plus a quarter step, so that players which truncate
    /// (rlottie) and players which round land on the same byte.
    static func channels(_ color: [Double]) -> [Double] {
        color[0..<3].map { min(1, ((min(1, max(0, $0)) * 255).rounded() + 0.25) / 255) }
    }

    private mutating func fill(_ colors: [[Double]]) -> LottieJSON {
        let rgb = colors.map(Self.channels), alpha = colors.map { [$0[3] * 100] }
        return LottieShapes.fill(color: property(rgb, bounds.color(rgb)), opacity: property(alpha, bounds.opacity(alpha), scalar: true))
    }

    private mutating func borderLayer(_ i: Int, opacity: LottieProperty) -> LottieJSON {
        let track = tracks[i], f = track.frames
        let widths = f.map { [min($0.borderWidth, $0.size[0] / 2, $0.size[1] / 2)] }
        let centers = f.map(\.anchor)
        let sizes = zip(f, widths).map { [$0.size[0] - $1[0], $0.size[1] - $1[0]] }
        let radii = zip(zip(f, widths), sizes).map { fw, s in [max(0, min(fw.0.cornerRadius - fw.1[0] / 2, s[0] / 2, s[1] / 2))] }
        let rgb = f.map { Self.channels($0.borderColor) }, alpha = f.map { [$0.borderColor[3] * 100] }
        let rect = LottieShapes.rectangle(center: property(centers, bounds.length(centers)), size: property(sizes, bounds.length(sizes)),
                                          radius: property(radii, bounds.length(radii), scalar: true))
        let stroke = LottieShapes.stroke(color: property(rgb, bounds.color(rgb)), opacity: property(alpha, bounds.opacity(alpha), scalar: true),
                                         width: property(widths, bounds.length(widths), scalar: true))
        var m = header(nextIndex, type: 4, name: "\(track.name) border", parent: i + 1)
        nextIndex += 1
        // The parent's own coordinates (its bounds): identity transform; the parent's opacity is on the group.
        m.append(("ks", LottieShapes.transform(anchor: LottieProperty(constant: [0, 0]), position: LottieProperty(constant: [0, 0]),
                                               scale: LottieProperty(constant: [100, 100]), rotation: LottieProperty(constant: [0], scalar: true),
                                               opacity: LottieProperty(constant: [100], scalar: true))))
        m.append(("shapes", .array([LottieShapes.group("border", [rect, stroke], opacity: opacity)])))
        return .object(m)
    }

    private mutating func imageLayer(_ i: Int, view: ImageView, image: Image, opacity: LottieProperty) throws -> LottieJSON {
        let track = tracks[i]
        let id = "image_\(assets.count)"
        let target = view.imageRect(for: image)
        let (png, w, h) = try ImagePNG.data(image, drawnAs: target.size, canvasScale: CGFloat(canvasScale))
        assets.append(.object([("id", .string(id)), ("w", .number(Double(w))), ("h", .number(Double(h))),
                               ("u", .string("")), ("p", .string("data:image/png;base64," + png.base64EncodedString())), ("e", .number(1))]))
        let sx = Double(target.width) / Double(w), sy = Double(target.height) / Double(h)
        var m = header(nextIndex, type: 2, name: "\(track.name) image", parent: i + 1)
        nextIndex += 1
        m.append(("refId", .string(id)))
        m.append(("ks", LottieShapes.transform(anchor: LottieProperty(constant: [0, 0]),
                                               position: LottieProperty(constant: [Double(target.minX), Double(target.minY)]),
                                               scale: LottieProperty(constant: [sx * 100, sy * 100]),
                                               rotation: LottieProperty(constant: [0], scalar: true), opacity: opacity)))
        if track.clipsToBounds {
            m.append(("hasMask", .bool(true)))
            m.append(("masksProperties", .array([try clipMask(i, scaleX: sx, scaleY: sy, originX: Double(target.minX), originY: Double(target.minY))])))
        }
        return .object(m)
    }

    /// The view's rounded bounds as a mask, in a layer whose coordinates map to the view's by scale and origin.
    private func clipMask(_ i: Int, scaleX: Double, scaleY: Double, originX: Double, originY: Double) throws -> LottieJSON {
        let track = tracks[i], f = track.frames
        if let changed = f.firstIndex(where: { $0.cornerRadius != f[0].cornerRadius }) {
            throw LottieExportError(view: track.name, property: "cornerRadius",
                                    reason: "changes at frame \(changed) of a view that clips its content; Lottie masks here are drawn once")
        }
        let b = track.bounds
        let contour = BezierContour.roundedRect(x: (Double(b.minX) - originX) / scaleX, y: (Double(b.minY) - originY) / scaleY,
                                                width: Double(b.width) / scaleX, height: Double(b.height) / scaleY,
                                                radiusX: f[0].cornerRadius / scaleX, radiusY: f[0].cornerRadius / scaleY)
        return .object([("mode", .string("a")), ("inv", .bool(false)), ("nm", .string("clipsToBounds")),
                        ("pt", .object([("a", .number(0)), ("k", contour.json)])), ("o", .object([("a", .number(0)), ("k", .number(100))]))])
    }

    /// The canvas colour as the bottom layer.
    mutating func backgroundLayer(size: CGSize, color: Color) -> LottieJSON {
        let w = Double(size.width), h = Double(size.height)
        var m = header(nextIndex, type: 4, name: "background", parent: nil)
        nextIndex += 1
        m.append(("ks", LottieShapes.transform(anchor: LottieProperty(constant: [0, 0]), position: LottieProperty(constant: [0, 0]),
                                               scale: LottieProperty(constant: [100, 100]), rotation: LottieProperty(constant: [0], scalar: true),
                                               opacity: LottieProperty(constant: [100], scalar: true))))
        let rect = LottieShapes.rectangle(center: LottieProperty(constant: [w / 2, h / 2]), size: LottieProperty(constant: [w, h]),
                                          radius: LottieProperty(constant: [0], scalar: true))
        let paint = LottieShapes.fill(color: LottieProperty(constant: Self.channels(color.lottie)),
                                      opacity: LottieProperty(constant: [color.alpha * 100], scalar: true))
        m.append(("shapes", .array([LottieShapes.group("canvas", [rect, paint], opacity: LottieProperty(constant: [100], scalar: true))])))
        return .object(m)
    }
}
