// Vector helpers shared by the integrator, the timed animations and the fast path.

extension SIMD where Scalar == Double {
    /// Sum of squares, accumulated lane by lane in order: zero padding lanes add exactly nothing, so a
    /// vector and its padded copy (see `Lanes8`) give bit-identical results.
    @inline(__always)
    var magnitudeSquared: Double {
        var sum = 0.0
        for i in indices { sum += self[i] * self[i] }
        return sum
    }

    /// `self + alpha·(to − self)`, Advance's interpolation formula.
    @inlinable @inline(__always)
    func interpolated(to other: Self, alpha: Double) -> Self {
        self + alpha * (other - self)
    }
}

extension SIMD8 where Scalar == Double {
    /// The lanes of a narrower vector, zero-padded to 8.
    init<V: SIMD>(padding v: V) where V.Scalar == Double {
        self.init()
        for i in v.indices { self[i] = v[i] }
    }

    /// The first lanes, as a vector of another width (at most 8 lanes).
    func truncated<V: SIMD>(to: V.Type) -> V where V.Scalar == Double {
        var v = V()
        for i in v.indices { v[i] = self[i] }
        return v
    }
}
