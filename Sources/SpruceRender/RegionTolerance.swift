import Foundation

/// The tolerance of golden images: every connected region of differing pixels is judged on its own, so the
/// verdict does not depend on the canvas size (a global percentage lets a moved tile through on a big canvas
/// and fails anti-aliasing noise on a small one).
///
/// Pixels that differ by at most `floor` in every channel are noise and ignored. A region fails when it is
///  - **a change of colour over an area**: more than `maximumFlatPixels` of its pixels lie inside a flat
///    area of both pictures (all eight neighbours the same colour), which smoothing edges never touches; or
///  - **an edge that moved**: its signed difference adds up to at least `minimumEdgeShift` whole pixels and
///    to `maximumShiftPerLength` of a fully changed pixel or more per pixel of its length (width + height − 1).
///    Smoothing edges differently moves coverage by a fraction of a pixel (Cairo's FAST against GOOD: at most
///    0.23 per pixel on the evidence scenes), while a view moved by one point shifts a whole strip: the
///    contrast between the view and what is behind it per pixel (0.48 and more on the evidence scenes). So a
///    one-point move is caught for views that differ from their background by 30 % (77/255) or more in some
///    channel; `.motion` catches any move of 0.01 pt.
/// docs/Testing.md has the evidence table these numbers come from.
public struct RegionTolerance: Sendable, Equatable {
    public var floor: Int = 2
    public var maximumFlatPixels: Int = 15
    public var minimumEdgeShift: Double = 3
    public var maximumShiftPerLength: Double = 0.3

    /// Differences of at least this much in a channel count as strong (full-contrast) in reports.
    public static let strongDelta = 64
    public static let `default` = RegionTolerance()

    public init(floor: Int = 2, maximumFlatPixels: Int = 15, minimumEdgeShift: Double = 3, maximumShiftPerLength: Double = 0.3) {
        (self.floor, self.maximumFlatPixels, self.minimumEdgeShift) = (floor, maximumFlatPixels, minimumEdgeShift)
        self.maximumShiftPerLength = maximumShiftPerLength
    }

    /// Why `region` fails, or nil when it is within tolerance.
    public func failure(of region: DifferenceRegion) -> String? {
        let box = "\(region.width)×\(region.height) px at (\(region.x), \(region.y))"
        if region.flatPixels > maximumFlatPixels {
            return "colour changed over an area (\(region.flatPixels) px, up to \(region.maxDelta)/255) in \(box)"
        }
        let length = Double(region.width + region.height - 1)
        let shift = abs(region.netShift)
        guard shift >= minimumEdgeShift else { return nil }
        if shift / length >= maximumShiftPerLength {
            return String(format: "an edge moved (%.1f px of coverage along %d px) in %@", shift, Int(length), box)
        }
        return nil
    }

    /// The regions that fail, largest first.
    public func failingRegions(_ expected: Bitmap, _ actual: Bitmap) -> [(region: DifferenceRegion, reason: String)] {
        DifferenceRegions.find(expected, actual, floor: floor).compactMap { r in failure(of: r).map { (r, $0) } }
    }
}
