import Foundation

/// `clipsToBounds` over subviews, as Lottie track mattes: layer parenting carries no clip, so every layer of a
/// clipped subtree gets its own matte, a layer right above it (`td` 1) that fills the clipping view's rounded
/// bounds and moves with it, and the layer shows only where that matte is opaque (`tt` 1, alpha matte).
/// Mattes are added only when a subview really leaves the bounds at some frame; a layer can have one matte, so
/// a subtree that two clipping views would both cut is refused.
extension LottieLayers {
    /// The clip the subviews of `i` are matted to: its own when it clips one of them, else the inherited one.
    mutating func clipForSubviews(of i: Int, inherited: Int?) throws -> Int? {
        guard tracks[i].clipsToBounds, let escape = firstEscape(from: i) else { return inherited }
        if let outer = inherited {
            throw LottieExportError(view: tracks[i].name, property: "clipsToBounds",
                                    reason: "would cut subview '\(tracks[escape.child].name)' at frame \(escape.frame) inside '\(tracks[outer].name)', which clips too; a Lottie layer takes one matte")
        }
        return i
    }

    /// Appends `layer`, shown only over `span` (frames, end excluded) when one is given, and after it (above it,
    /// once the list is reversed) its matte over the same span when `clip` is set.
    mutating func emit(_ layer: LottieJSON, span: (Int, Int)?, clip: Int?, into out: inout [LottieJSON]) throws {
        func ranged(_ layer: LottieJSON) -> LottieJSON {
            guard let span, case .object(let members) = layer else { return layer }
            return .object(members.map { key, value in
                key == "ip" ? (key, .number(Double(span.0))) : key == "op" ? (key, .number(Double(span.1))) : (key, value)
            })
        }
        guard let clip, case .object(var members) = ranged(layer) else { return out.append(ranged(layer)) }
        members.append(("tt", .number(1)))
        out.append(.object(members))
        out.append(ranged(matte(for: clip)))
    }

    private mutating func matte(for p: Int) -> LottieJSON {
        let f = tracks[p].frames
        let centers = f.map(\.anchor), sizes = f.map(\.size)
        let radii = f.map { [max(0, min($0.cornerRadius, $0.size[0] / 2, $0.size[1] / 2))] }
        let rect = LottieShapes.rectangle(center: property(centers, bounds.length(centers)), size: property(sizes, bounds.length(sizes)),
                                          radius: property(radii, bounds.length(radii), scalar: true))
        let solid = LottieShapes.fill(color: LottieProperty(constant: [1, 1, 1]), opacity: LottieProperty(constant: [100], scalar: true))
        var m = header(nextIndex, type: 4, name: "\(tracks[p].name) clip", parent: p + 1)
        nextIndex += 1
        m.append(("td", .number(1)))
        m.append(("ks", LottieShapes.transform(anchor: LottieProperty(constant: [0, 0]), position: LottieProperty(constant: [0, 0]),
                                               scale: LottieProperty(constant: [100, 100]), rotation: LottieProperty(constant: [0], scalar: true),
                                               opacity: LottieProperty(constant: [100], scalar: true))))
        m.append(("shapes", .array([LottieShapes.group("clip", [rect, solid], opacity: LottieProperty(constant: [100], scalar: true))])))
        return .object(m)
    }

    /// `point` in view `i`'s bounds coordinates, mapped into view `ancestor`'s at frame `k`.
    func map(_ point: (Double, Double), from i: Int, to ancestor: Int, frame k: Int) -> (Double, Double) {
        var (x, y) = point
        var node = i
        while node != ancestor, let parent = tracks[node].parent {
            let f = tracks[node].frames[k]
            let angle = f.rotation * .pi / 180
            let dx = (x - f.anchor[0]) * f.scale[0] / 100, dy = (y - f.anchor[1]) * f.scale[1] / 100
            (x, y) = (dx * cos(angle) - dy * sin(angle) + f.position[0], dx * sin(angle) + dy * cos(angle) + f.position[1])
            node = parent
        }
        return (x, y)
    }

    /// Whether view `i`'s bounds overlap the bounds of the clipping view `clip` at frame `k` (by their boxes).
    func overlapsClip(_ i: Int, _ clip: Int, frame k: Int) -> Bool {
        let f = tracks[i].frames[k], c = tracks[clip].frames[k]
        let corners = [(-0.5, -0.5), (0.5, -0.5), (-0.5, 0.5), (0.5, 0.5)].map { dx, dy in
            map((f.anchor[0] + dx * f.size[0], f.anchor[1] + dy * f.size[1]), from: i, to: clip, frame: k)
        }
        let minX = c.anchor[0] - c.size[0] / 2, minY = c.anchor[1] - c.size[1] / 2
        return corners.map(\.0).max()! > minX && corners.map(\.0).min()! < minX + c.size[0]
            && corners.map(\.1).max()! > minY && corners.map(\.1).min()! < minY + c.size[1]
    }

    /// The first subview of `p` (and frame) whose corners leave `p`'s bounds by more than half a pixel while it
    /// is visible.
    func firstEscape(from p: Int) -> (child: Int, frame: Int)? {
        let parent = tracks[p]
        for c in children(of: p) {
            for (k, (pf, cf)) in zip(parent.frames, tracks[c].frames).enumerated() where cf.opacity > 0 {
                let angle = cf.rotation * .pi / 180
                let (cosA, sinA) = (cos(angle), sin(angle))
                let minX = pf.anchor[0] - pf.size[0] / 2, minY = pf.anchor[1] - pf.size[1] / 2
                for (dx, dy) in [(-0.5, -0.5), (0.5, -0.5), (-0.5, 0.5), (0.5, 0.5)] {
                    let x = dx * cf.size[0] * cf.scale[0] / 100, y = dy * cf.size[1] * cf.scale[1] / 100
                    let px = x * cosA - y * sinA + cf.position[0], py = x * sinA + y * cosA + cf.position[1]
                    let slack = bounds.halfPixel
                    if px < minX - slack || py < minY - slack || px > minX + pf.size[0] + slack || py > minY + pf.size[1] + slack {
                        return (c, k)
                    }
                }
            }
        }
        return nil
    }
}
