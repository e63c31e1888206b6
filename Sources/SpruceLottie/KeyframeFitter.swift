import Advance
import Foundation

/// A Lottie keyframe: the value at a frame and the easing towards the next keyframe (Lottie's `o` and `i`
/// handles of a unit cubic bezier; nil on the last one).
struct Keyframe: Equatable {
    var frame: Int
    var value: [Double]
    var easing: UnitBezier?
}

/// Chooses keyframes for one property sampled at every frame, so that Lottie's interpolation between them
/// reproduces every sample within `tolerance` (in the property's unit, on every component).
///
/// From each keyframe it looks for the farthest later frame that one segment can reach: first with an exact
/// easing (linear, or one of `exactEasings`, the named timing curves, so a bezier-timed animation becomes two
/// keyframes with its own curve), then with a cubic fitted by least squares (the easing whose handles sit at
/// 1/3 and 2/3 of the time, so progress is a cubic polynomial of time: springs and decay are baked as a
/// chain of those). Every chosen segment is checked against every frame it spans, so the bound holds by
/// construction; one keyframe per frame is the worst case, never exceeded.
struct KeyframeFitter {
    var tolerance: Double
    var exactEasings: [UnitBezier] = KeyframeFitter.namedCurves

    static let linear = UnitBezier(firstX: 0, firstY: 0, secondX: 1, secondY: 1)

    /// Linear and the bezier timing functions that have names (Core Animation's and CSS's).
    static let namedCurves: [UnitBezier] = [linear] + TimingFunction.allNames.compactMap { name -> UnitBezier? in
        if case .bezier(let b)? = TimingFunction(name: name) { return b }
        return nil
    }

    /// nil when the property never moves by more than the tolerance: it is written as a static value.
    func fit(_ samples: [[Double]]) -> [Keyframe]? {
        guard let first = samples.first else { return nil }
        if samples.allSatisfy({ Self.distance($0, first) <= tolerance }) { return nil }
        var keys: [Keyframe] = []
        var i = 0
        while i < samples.count - 1 {
            let (j, easing) = longestSegment(from: i, samples)
            keys.append(Keyframe(frame: i, value: samples[i], easing: easing))
            i = j
        }
        keys.append(Keyframe(frame: samples.count - 1, value: samples[samples.count - 1], easing: nil))
        return keys
    }

    private func longestSegment(from i: Int, _ v: [[Double]]) -> (Int, UnitBezier) {
        var best = (i + 1, Self.linear)
        // Exact curves: from the far end down, the first span one of them covers.
        var j = v.count - 1
        exact: while j > i + 1 {
            for easing in exactEasings where fits(i, j, easing, v) { best = (j, easing); break exact }
            j -= 1
        }
        // Fitted cubics: grow the span while it fits, then bisect between the last fit and the first miss.
        var good = best.0, bad = v.count
        var step = 1, probe = i + 2
        var fittedBest: (Int, UnitBezier)? = nil
        while probe < v.count {
            if let e = fitted(i, probe, v), fits(i, probe, e, v) { fittedBest = (probe, e); good = probe } else { bad = probe; break }
            step *= 2
            probe = i + 1 + step
        }
        if bad == v.count, probe >= v.count, good < v.count - 1 {
            let last = v.count - 1
            if let e = fitted(i, last, v), fits(i, last, e, v) { fittedBest = (last, e); good = last } else { bad = last }
        }
        while bad - good > 1 {
            let mid = (good + bad) / 2
            if let e = fitted(i, mid, v), fits(i, mid, e, v) { fittedBest = (mid, e); good = mid } else { bad = mid }
        }
        if let f = fittedBest, f.0 > best.0 { best = f }
        return best
    }

    /// Every frame strictly between `i` and `j` within the tolerance; the middle is tried first, where a wrong
    /// curve is usually farthest off.
    private func fits(_ i: Int, _ j: Int, _ easing: UnitBezier, _ v: [[Double]]) -> Bool {
        let span = Double(j - i)
        let (a, b) = (v[i], v[j])
        // Frame k's value on the segment, as a Lottie player computes it (a + (b − a)·easing(u)), within the tolerance
        // on every dimension; no arrays, since this runs for every candidate span of every property.
        func close(_ k: Int) -> Bool {
            let p = easing.solve(x: Double(k - i) / span, epsilon: 1e-7)
            let c = v[k]
            for d in a.indices where abs(a[d] + (b[d] - a[d]) * p - c[d]) > tolerance { return false }
            return true
        }
        let mid = (i + j) / 2
        guard close(mid) else { return false }
        for k in i + 1 ..< j where k != mid {
            if !close(k) { return false }
        }
        return true
    }

    /// The easing (1/3, y1, 2/3, y2) closest to the samples between `i` and `j` in least squares; nil when the
    /// segment ends where it starts (no easing can move it in between).
    private func fitted(_ i: Int, _ j: Int, _ v: [[Double]]) -> UnitBezier? {
        let span = Double(j - i)
        var a11 = 0.0, a12 = 0.0, a22 = 0.0, r1 = 0.0, r2 = 0.0
        for d in v[i].indices {
            let delta = v[j][d] - v[i][d]
            guard abs(delta) > 1e-12 else { continue }
            for k in i + 1 ..< j {
                let s = Double(k - i) / span
                let b1 = 3 * (1 - s) * (1 - s) * s, b2 = 3 * (1 - s) * s * s
                let target = (v[k][d] - v[i][d]) - delta * s * s * s
                a11 += delta * delta * b1 * b1; a12 += delta * delta * b1 * b2; a22 += delta * delta * b2 * b2
                r1 += delta * b1 * target; r2 += delta * b2 * target
            }
        }
        guard a11 + a22 > 0 else { return nil }
        // A touch of pull towards the straight line keeps a single sample (one unknown short) solvable.
        let lambda = 1e-9 * (a11 + a22)
        a11 += lambda; a22 += lambda; r1 += lambda / 3; r2 += lambda * 2 / 3
        let det = a11 * a22 - a12 * a12
        guard det > 0 else { return nil }
        let y1 = (r1 * a22 - r2 * a12) / det, y2 = (a11 * r2 - a12 * r1) / det
        guard y1.isFinite, y2.isFinite, abs(y1) < 1e4, abs(y2) < 1e4 else { return nil }
        return UnitBezier(firstX: 1.0 / 3, firstY: y1, secondX: 2.0 / 3, secondY: y2)
    }

    /// The largest difference of a component, over the components both have. An index loop: `fit` runs it for
    /// every sample of every property, where `zip` and `reduce` cost a debug build most of the export.
    static func distance(_ a: [Double], _ b: [Double]) -> Double {
        var largest = 0.0
        for k in 0..<min(a.count, b.count) { largest = max(largest, abs(a[k] - b[k])) }
        return largest
    }
}
