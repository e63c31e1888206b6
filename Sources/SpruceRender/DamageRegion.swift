import CCairo

/// A rectangle of whole device pixels: columns `x0..<x1`, rows `y0..<y1`.
public struct PixelRect: Equatable, Hashable, Sendable {
    public var x0: Int, y0: Int, x1: Int, y1: Int

    public init(x0: Int, y0: Int, x1: Int, y1: Int) {
        (self.x0, self.y0, self.x1, self.y1) = (x0, y0, x1, y1)
    }

    public var isEmpty: Bool { x1 <= x0 || y1 <= y0 }
    public var area: Int { isEmpty ? 0 : (x1 - x0) * (y1 - y0) }

    public func intersection(_ other: PixelRect) -> PixelRect {
        PixelRect(x0: max(x0, other.x0), y0: max(y0, other.y0), x1: min(x1, other.x1), y1: min(y1, other.y1))
    }

    /// The smallest rectangle holding both (an empty one adds nothing).
    public func union(_ other: PixelRect) -> PixelRect {
        if other.isEmpty { return self }
        if isEmpty { return other }
        return PixelRect(x0: min(x0, other.x0), y0: min(y0, other.y0), x1: max(x1, other.x1), y1: max(y1, other.y1))
    }

    /// Whether every pixel of `other` is one of these (an empty rectangle is in any).
    public func contains(_ other: PixelRect) -> Bool {
        other.isEmpty || (x0 <= other.x0 && y0 <= other.y0 && other.x1 <= x1 && other.y1 <= y1)
    }

    /// Grown outwards to even columns and rows: the 2x2 blocks of 4:2:0 chroma that the pixels touch.
    public var alignedToEvenPixels: PixelRect {
        PixelRect(x0: x0 & ~1, y0: y0 & ~1, x1: (x1 + 1) & ~1, y1: (y1 + 1) & ~1)
    }
}

/// The pixels of a frame that may differ from an earlier frame: a union of pixel rectangles inside the canvas,
/// stored as non-overlapping rectangles (Cairo's region algebra, banded like pixman's). Pixels outside it are
/// the same bytes in both frames, so a buffer holding the earlier frame needs only these redrawn, converted or
/// packed. Empty: nothing changed, the frame costs nothing.
public struct DamageRegion: Equatable, Sendable {
    public let width: Int
    public let height: Int
    /// Non-overlapping, inside `0..<width × 0..<height`, in row-major band order.
    public let rects: [PixelRect]

    /// The whole canvas.
    public static func everything(width: Int, height: Int) -> DamageRegion {
        DamageRegion(width: width, height: height, rects: [PixelRect(x0: 0, y0: 0, x1: width, y1: height)])
    }

    public static func nothing(width: Int, height: Int) -> DamageRegion {
        DamageRegion(width: width, height: height, rects: [])
    }

    /// The union of `rects`, each clipped to the canvas.
    public init(width: Int, height: Int, union rects: [PixelRect]) {
        let canvas = PixelRect(x0: 0, y0: 0, x1: width, y1: height)
        let clipped = rects.map { $0.intersection(canvas) }.filter { !$0.isEmpty }
        if clipped.count <= 1 {
            self.init(width: width, height: height, rects: clipped)
            return
        }
        // All at once (pixman sorts and merges them in one pass); adding them one by one costs O(n²).
        let boxes = clipped.map {
            cairo_rectangle_int_t(x: Int32($0.x0), y: Int32($0.y0), width: Int32($0.x1 - $0.x0), height: Int32($0.y1 - $0.y0))
        }
        let region = boxes.withUnsafeBufferPointer { cairo_region_create_rectangles($0.baseAddress, Int32($0.count)) }!
        defer { cairo_region_destroy(region) }
        let n = cairo_region_num_rectangles(region)
        var out: [PixelRect] = []
        out.reserveCapacity(Int(n))
        for i in 0..<n {
            var box = cairo_rectangle_int_t()
            cairo_region_get_rectangle(region, i, &box)
            out.append(PixelRect(x0: Int(box.x), y0: Int(box.y), x1: Int(box.x + box.width), y1: Int(box.y + box.height)))
        }
        self.init(width: width, height: height, rects: out)
    }

    private init(width: Int, height: Int, rects: [PixelRect]) {
        (self.width, self.height, self.rects) = (width, height, rects)
    }

    public var isEmpty: Bool { rects.isEmpty }
    /// Pixels inside the region.
    public var area: Int { rects.reduce(0) { $0 + $1.area } }
    public var coversCanvas: Bool { area == width * height }
}
