import Foundation

/// One connected patch of pixels that differ between two pictures (8-connected), with the measures the
/// tolerance rule judges it by.
public struct DifferenceRegion: Equatable, Sendable {
    /// Bounding box in pixels: x, y, width, height.
    public var x: Int, y: Int, width: Int, height: Int
    public var pixelCount: Int
    /// Largest difference of any channel in the region, 0…255.
    public var maxDelta: Int
    /// Pixels of the region whose four neighbours also differ: zero for the thin seams along edges that
    /// anti-aliasing produces, many for a recoloured area or a shape that moved by two pixels or more.
    public var corePixels: Int
    /// Pixels that differ by at least `RegionTolerance.strongDelta`: full-contrast changes.
    public var strongPixels: Int
    /// Differing pixels inside a flat area of both pictures (every neighbour the same colour as the pixel, in
    /// the expected and in the actual picture): a change of colour, not of an edge.
    public var flatPixels: Int
    /// The sum of the signed differences (the channel that differs most, actual − expected) over the region, in
    /// units of one fully changed pixel. Smoothing an edge differently keeps the area it covers, so its seam sums
    /// to about zero; an edge that moved adds or removes a whole strip.
    public var netShift: Double
    /// The sum of the absolute differences, in the same units: `|netShift| / absoluteShift` is 1 when every pixel
    /// changed the same way (a strip gained or lost), near 0 when gains and losses balance (an edge smoothed
    /// differently).
    public var absoluteShift: Double

    public var bounds: (x: Int, y: Int, width: Int, height: Int) { (x, y, width, height) }
}

public enum DifferenceRegions {
    /// Connected regions of pixels that differ by more than `floor` in any channel, largest first; at most
    /// `limit` regions are measured (the rest are counted in the last one's place: a picture with more
    /// regions than that differs everywhere).
    public static func find(_ expected: Bitmap, _ actual: Bitmap, floor: Int, limit: Int = 10_000) -> [DifferenceRegion] {
        precondition(expected.width == actual.width && expected.height == actual.height)
        let w = expected.width, h = expected.height
        let e = expected.packedBGRA(), a = actual.packedBGRA()
        var signed = [Int16](repeating: 0, count: w * h)
        var mask = [Bool](repeating: false, count: w * h)
        e.withUnsafeBufferPointer { eb in
            a.withUnsafeBufferPointer { ab in
                for y in 0..<h where memcmp(eb.baseAddress! + y * w * 4, ab.baseAddress! + y * w * 4, w * 4) != 0 {
                    for p in (y * w)..<(y * w + w) {
                        var best = 0
                        for k in 0..<4 {
                            let d = Int(ab[p * 4 + k]) - Int(eb[p * 4 + k])
                            if magnitude(d) > magnitude(best) { best = d }
                        }
                        signed[p] = Int16(best)
                        mask[p] = magnitude(best) > floor
                    }
                }
            }
        }
        var label = [Int32](repeating: -1, count: w * h)
        var regions: [DifferenceRegion] = []
        var stack: [Int] = []
        for start in 0..<(w * h) where mask[start] && label[start] < 0 {
            if regions.count >= limit { break }
            let id = Int32(regions.count)
            var r = DifferenceRegion(x: start % w, y: start / w, width: 1, height: 1, pixelCount: 0, maxDelta: 0,
                                     corePixels: 0, strongPixels: 0, flatPixels: 0, netShift: 0, absoluteShift: 0)
            var (minX, minY, maxX, maxY) = (start % w, start / w, start % w, start / w)
            var net = 0, total = 0
            label[start] = id
            stack.append(start)
            while let p = stack.popLast() {
                let x = p % w, y = p / w
                let d = Int(signed[p])
                r.pixelCount += 1
                r.maxDelta = max(r.maxDelta, magnitude(d))
                if magnitude(d) >= RegionTolerance.strongDelta { r.strongPixels += 1 }
                net += d
                total += magnitude(d)
                (minX, minY, maxX, maxY) = (min(minX, x), min(minY, y), max(maxX, x), max(maxY, y))
                if x > 0, x < w - 1, y > 0, y < h - 1 {
                    if mask[p - 1], mask[p + 1], mask[p - w], mask[p + w] { r.corePixels += 1 }
                    if isFlat(e, p, w, floor), isFlat(a, p, w, floor) { r.flatPixels += 1 }
                }
                for dy in -1...1 {
                    let ny = y + dy
                    guard ny >= 0, ny < h else { continue }
                    for dx in -1...1 {
                        let nx = x + dx
                        guard nx >= 0, nx < w else { continue }
                        let q = ny * w + nx
                        if mask[q], label[q] < 0 { label[q] = id; stack.append(q) }
                    }
                }
            }
            (r.x, r.y, r.width, r.height) = (minX, minY, maxX - minX + 1, maxY - minY + 1)
            r.netShift = Double(net) / 255
            r.absoluteShift = Double(total) / 255
            regions.append(r)
        }
        return regions.sorted { $0.pixelCount > $1.pixelCount }
    }

    /// Every one of the eight neighbours of pixel `p` (not on the border) within `floor` of it, channel by channel.
    static func isFlat(_ px: [UInt8], _ p: Int, _ w: Int, _ floor: Int) -> Bool {
        let c = p * 4
        for dy in -1...1 {
            for dx in -1...1 where dx != 0 || dy != 0 {
                let o = (p + dy * w + dx) * 4
                for k in 0..<4 where distance(px[o + k], px[c + k]) > floor { return false }
            }
        }
        return true
    }

    /// |d| without the generic `abs`, which a debug build calls unspecialised for every pixel.
    @inline(__always)
    static func magnitude(_ d: Int) -> Int { d < 0 ? -d : d }

    /// How far apart two channel values are, 0…255.
    @inline(__always)
    static func distance(_ x: UInt8, _ y: UInt8) -> Int { x > y ? Int(x - y) : Int(y - x) }
}
