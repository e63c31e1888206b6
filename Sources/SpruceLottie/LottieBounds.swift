import Foundation

/// How far a baked property may stray from the simulation at any frame: 0.5 % of the distance the property
/// travels over the film, but never more than half a pixel of the canvas at its scale (for lengths; for
/// scale and rotation, half a pixel at the view's farthest corner; for opacity half a percent, for colours
/// half a step of 255), and never less than a tenth of that, so a property that barely moves is not baked
/// frame by frame.
struct LottieBounds {
    /// Half a pixel, in points.
    let halfPixel: Double

    init(canvasScale: Double) { halfPixel = 0.5 / canvasScale }

    static func bound(_ samples: [[Double]], ceiling: Double) -> Double {
        var range = 0.0
        if let first = samples.first {
            for d in first.indices {
                let values = samples.map { $0[d] }
                range = max(range, (values.max() ?? 0) - (values.min() ?? 0))
            }
        }
        return min(ceiling, max(0.005 * range, ceiling / 10))
    }

    func length(_ s: [[Double]]) -> Double { Self.bound(s, ceiling: halfPixel) }
    /// Scale in percent of a view whose corners are `radius` points from its anchor.
    func scale(_ s: [[Double]], radius: Double) -> Double { Self.bound(s, ceiling: 100 * halfPixel / max(radius, halfPixel)) }
    func rotation(_ s: [[Double]], radius: Double) -> Double { Self.bound(s, ceiling: halfPixel / max(radius, halfPixel) * 180 / .pi) }
    func opacity(_ s: [[Double]]) -> Double { Self.bound(s, ceiling: 0.5) }
    func color(_ s: [[Double]]) -> Double { Self.bound(s, ceiling: 0.5 / 255) }
}
