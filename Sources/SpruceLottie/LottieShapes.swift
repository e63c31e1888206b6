import Foundation

/// The Lottie shape items the exporter writes: groups of a rounded rectangle or bezier paths with a fill or
/// a stroke, and the transforms of layers and groups.
enum LottieShapes {
    /// A group whose transform carries `opacity`: the view's opacity goes on its shape groups, not on the
    /// layer, because rlottie composites a translucent layer with a rounding that darkens everything beneath
    /// it by 1/256 (49 faded tiles made the canvas 15 % grey).
    static func group(_ name: String, _ items: [LottieJSON], opacity: LottieProperty) -> LottieJSON {
        .object([("ty", .string("gr")), ("nm", .string(name)), ("it", .array(items + [groupTransform(opacity: opacity)]))])
    }

    static func rectangle(center: LottieProperty, size: LottieProperty, radius: LottieProperty) -> LottieJSON {
        .object([("ty", .string("rc")), ("nm", .string("box")), ("d", .number(1)),
                 ("p", center.json), ("s", size.json), ("r", radius.json)])
    }

    static func fill(color: LottieProperty, opacity: LottieProperty) -> LottieJSON {
        .object([("ty", .string("fl")), ("nm", .string("fill")), ("c", color.json), ("o", opacity.json), ("r", .number(1))])
    }

    static func stroke(color: LottieProperty, opacity: LottieProperty, width: LottieProperty) -> LottieJSON {
        .object([("ty", .string("st")), ("nm", .string("border")), ("c", color.json), ("o", opacity.json), ("w", width.json),
                 ("lc", .number(2)), ("lj", .number(1)), ("ml", .number(4))])
    }

    static func path(_ contour: BezierContour) -> LottieJSON {
        .object([("ty", .string("sh")), ("nm", .string("glyphs")), ("d", .number(1)), ("ks", .object([("a", .number(0)), ("k", contour.json)]))])
    }

    /// The transform every group ends with: identity, with an opacity.
    static func groupTransform(opacity: LottieProperty) -> LottieJSON { .object([
        ("ty", .string("tr")), ("a", still([0, 0])), ("p", still([0, 0])), ("s", still([100, 100])),
        ("r", .object([("a", .number(0)), ("k", .number(0))])), ("o", opacity.json),
        ("sk", .object([("a", .number(0)), ("k", .number(0))])), ("sa", .object([("a", .number(0)), ("k", .number(0))])),
    ]) }

    static func still(_ v: [Double]) -> LottieJSON { .object([("a", .number(0)), ("k", .numbers(v))]) }

    /// A layer transform (`ks`).
    static func transform(anchor: LottieProperty, position: LottieProperty, scale: LottieProperty, rotation: LottieProperty,
                          opacity: LottieProperty) -> LottieJSON {
        .object([("a", anchor.json), ("p", position.json), ("s", scale.json), ("r", rotation.json), ("o", opacity.json)])
    }
}

/// One closed or open bezier contour in Lottie's form: vertices, and each vertex's in and out handles relative
/// to it.
struct BezierContour: Equatable {
    var vertices: [[Double]] = []
    var inTangents: [[Double]] = []
    var outTangents: [[Double]] = []
    var closed = false

    var json: LottieJSON {
        .object([("c", .bool(closed)), ("v", .array(vertices.map(LottieJSON.numbers))),
                 ("i", .array(inTangents.map(LottieJSON.numbers))), ("o", .array(outTangents.map(LottieJSON.numbers)))])
    }

    /// A rectangle with quarter-ellipse corners (radius clamped to half the sides), as `TreePainter` draws one.
    static func roundedRect(x: Double, y: Double, width w: Double, height h: Double, radiusX: Double, radiusY: Double) -> BezierContour {
        let rx = max(0, min(radiusX, w / 2)), ry = max(0, min(radiusY, h / 2))
        let kappa = 0.5522847498
        var c = BezierContour()
        c.closed = true
        func add(_ p: [Double], _ i: [Double], _ o: [Double]) { c.vertices.append(p); c.inTangents.append(i); c.outTangents.append(o) }
        // Clockwise from the top edge's left end; each corner is two vertices joined by handles.
        add([x + rx, y], [-rx * kappa, 0], [0, 0])
        add([x + w - rx, y], [0, 0], [rx * kappa, 0])
        add([x + w, y + ry], [0, -ry * kappa], [0, 0])
        add([x + w, y + h - ry], [0, 0], [0, ry * kappa])
        add([x + w - rx, y + h], [rx * kappa, 0], [0, 0])
        add([x + rx, y + h], [0, 0], [-rx * kappa, 0])
        add([x, y + h - ry], [0, ry * kappa], [0, 0])
        add([x, y + ry], [0, 0], [0, -ry * kappa])
        return c
    }
}
