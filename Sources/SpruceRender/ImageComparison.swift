import Foundation

/// How close two bitmaps must be to count as the same picture.
///
/// A pixel differs when any of its four premultiplied channels differs by more than
/// `perChannelTolerance` (0…255). With `regions` set (the default), the images match when no connected
/// region of differing pixels fails `RegionTolerance` (a moved edge, a recoloured area), whatever the canvas
/// size; without it, when the share of differing pixels is at most `maxDifferingPixelRatio`.
public struct ImageComparison: Sendable {
    public var perChannelTolerance: UInt8
    public var maxDifferingPixelRatio: Double
    /// Judges each region of differing pixels instead of their share (docs/Testing.md).
    public var regions: RegionTolerance?

    /// The region rule: anti-aliasing passes, a view moved by one point or recoloured by 3/255 fails.
    public static let `default`: ImageComparison = {
        var c = ImageComparison(perChannelTolerance: 2, maxDifferingPixelRatio: 1)
        c.regions = .default
        return c
    }()
    /// The share rule: 2 levels, 0.1 % of pixels may differ, wherever they are.
    public static let percentage = ImageComparison(perChannelTolerance: 2, maxDifferingPixelRatio: 0.001)
    public static let exact = ImageComparison(perChannelTolerance: 0, maxDifferingPixelRatio: 0)

    public init(perChannelTolerance: UInt8 = 2, maxDifferingPixelRatio: Double = 0.001) {
        precondition(maxDifferingPixelRatio >= 0 && maxDifferingPixelRatio <= 1, "maxDifferingPixelRatio must be in 0…1")
        (self.perChannelTolerance, self.maxDifferingPixelRatio) = (perChannelTolerance, maxDifferingPixelRatio)
    }

    public func compare(_ expected: Bitmap, _ actual: Bitmap) -> ImageDifference {
        guard expected.width == actual.width, expected.height == actual.height else {
            return ImageDifference(comparison: self, expectedSize: (expected.width, expected.height),
                                   actualSize: (actual.width, actual.height), differingPixels: actual.width * actual.height,
                                   maxChannelDelta: 255, squaredError: .infinity)
        }
        let found = regions.map { $0.failingRegions(expected, actual) } ?? []
        let failing = found.map(\.reason)
        let e = expected.packedBGRA(), a = actual.packedBGRA()
        var differing = 0, maxDelta = 0, squared = 0.0
        let tol = Int(perChannelTolerance)
        let rowBytes = expected.width * 4
        e.withUnsafeBufferPointer { eb in
            a.withUnsafeBufferPointer { ab in
                // A row the same in both adds nothing to any measure: only differing rows are walked.
                for y in 0..<expected.height where rowBytes > 0 && memcmp(eb.baseAddress! + y * rowBytes, ab.baseAddress! + y * rowBytes, rowBytes) != 0 {
                    var i = y * rowBytes
                    while i < (y + 1) * rowBytes {
                        var pixelDelta = 0
                        for k in i..<(i + 4) {
                            let d = DifferenceRegions.distance(eb[k], ab[k])
                            pixelDelta = max(pixelDelta, d)
                            squared += Double(d * d)
                        }
                        if pixelDelta > tol { differing += 1 }
                        maxDelta = max(maxDelta, pixelDelta)
                        i += 4
                    }
                }
            }
        }
        return ImageDifference(comparison: self, expectedSize: (expected.width, expected.height),
                               actualSize: (actual.width, actual.height), differingPixels: differing,
                               maxChannelDelta: maxDelta, squaredError: squared, failingRegions: failing,
                               failingBoxes: found.map { ($0.region.x, $0.region.y, $0.region.width, $0.region.height) })
    }

    /// A picture of where two bitmaps differ: a faded copy of `expected`, with differing pixels in red.
    public func diffImage(_ expected: Bitmap, _ actual: Bitmap) -> Bitmap {
        guard expected.width == actual.width, expected.height == actual.height else { return actual.copy() }
        let e = expected.packedBGRA(), a = actual.packedBGRA()
        let out = expected.copy()
        let tol = Int(perChannelTolerance)
        out.withUnsafeMutableBytes { dst in
            for y in 0..<expected.height {
                for x in 0..<expected.width {
                    let i = (y * expected.width + x) * 4, o = y * out.stride + x * 4
                    let delta = (0..<4).map { abs(Int(e[i + $0]) - Int(a[i + $0])) }.max()!
                    if delta > tol {
                        (dst[o], dst[o + 1], dst[o + 2], dst[o + 3]) = (0, 0, 255, 255)
                    } else {
                        let luma = (Int(e[i + 2]) * 3 + Int(e[i + 1]) * 6 + Int(e[i])) / 10 + (255 - Int(e[i + 3]))
                        let faded = UInt8(min(255, 178 + min(luma, 255) * 77 / 255))
                        (dst[o], dst[o + 1], dst[o + 2], dst[o + 3]) = (faded, faded, faded, 255)
                    }
                }
            }
        }
        return out
    }
}

public struct ImageDifference: Sendable {
    public let comparison: ImageComparison
    public let expectedSize: (width: Int, height: Int)
    public let actualSize: (width: Int, height: Int)
    public let differingPixels: Int
    /// The largest difference in any channel of any pixel, 0…255.
    public let maxChannelDelta: Int
    let squaredError: Double
    /// With the region rule: why each failing region fails, largest first.
    public var failingRegions: [String] = []
    /// Their bounding boxes in pixels, in the same order.
    public var failingBoxes: [(x: Int, y: Int, width: Int, height: Int)] = []

    init(comparison: ImageComparison, expectedSize: (width: Int, height: Int), actualSize: (width: Int, height: Int),
         differingPixels: Int, maxChannelDelta: Int, squaredError: Double, failingRegions: [String] = [],
         failingBoxes: [(x: Int, y: Int, width: Int, height: Int)] = []) {
        (self.comparison, self.expectedSize, self.actualSize, self.differingPixels) = (comparison, expectedSize, actualSize, differingPixels)
        (self.maxChannelDelta, self.squaredError, self.failingRegions) = (maxChannelDelta, squaredError, failingRegions)
        self.failingBoxes = failingBoxes
    }

    public var sizesMatch: Bool { expectedSize == actualSize }
    public var totalPixels: Int { actualSize.width * actualSize.height }
    public var differingRatio: Double { totalPixels == 0 ? 0 : Double(differingPixels) / Double(totalPixels) }

    /// Peak signal-to-noise ratio over the four channels in dB; infinite for identical images.
    public var psnr: Double {
        guard sizesMatch else { return 0 }
        let mse = squaredError / Double(max(1, totalPixels * 4))
        return mse == 0 ? .infinity : 10 * log10(255 * 255 / mse)
    }

    public var matches: Bool {
        guard sizesMatch else { return false }
        if comparison.regions != nil { return failingRegions.isEmpty }
        return differingRatio <= comparison.maxDifferingPixelRatio
    }

    public var summary: String {
        guard sizesMatch else {
            return "size differs: expected \(expectedSize.width)×\(expectedSize.height), got \(actualSize.width)×\(actualSize.height)"
        }
        let pct = String(format: "%.4f%%", differingRatio * 100)
        if comparison.regions != nil {
            let head = failingRegions.isEmpty ? "no region fails" : "\(failingRegions.count) region\(failingRegions.count == 1 ? "" : "s") fail: "
                + failingRegions.prefix(3).joined(separator: "; ") + (failingRegions.count > 3 ? "; …" : "")
            return "\(head) (\(differingPixels) of \(totalPixels) pixels, \(pct), differ by more than \(comparison.perChannelTolerance)/255; "
                + "largest channel difference \(maxChannelDelta), PSNR " + String(format: "%.2f dB)", psnr)
        }
        let allowed = String(format: "%.4f%%", comparison.maxDifferingPixelRatio * 100)
        return "\(differingPixels) of \(totalPixels) pixels (\(pct), allowed \(allowed)) differ by more than "
            + "\(comparison.perChannelTolerance)/255; largest channel difference \(maxChannelDelta), PSNR "
            + String(format: "%.2f dB", psnr)
    }
}
