#if DEBUG
/// The RK4 step of `LinearFunction` on eight plain `Double`s, for unoptimised builds only.
///
/// Without the optimiser, every `SIMD8<Double>` operation runs lane by lane through the standard library's
/// generic witnesses, and stepping springs was most of a debug `swift test` that renders films (a package's
/// snapshot tests are debug builds too). Plain `Double` fields are about eight times faster there; with the
/// optimiser the `SIMD8` code is the faster one, so release builds never compile this.
///
/// Each lane goes through the very operations, in the very order, of `SimulationFunction.rk4Step` and
/// `LinearFunction.acceleration`, so the results are bit-identical (`testFastPathIsBitIdenticalToGenericPath`
/// compares this with the generic integrator).
extension LinearFunction {
    /// Eight lanes with the memory layout of `SIMD8<Double>`.
    private struct Lanes {
        var l0, l1, l2, l3, l4, l5, l6, l7: Double

        init(_ v: SIMD8<Double>) { self = unsafeBitCast(v, to: Lanes.self) }
        init(_ l0: Double, _ l1: Double, _ l2: Double, _ l3: Double, _ l4: Double, _ l5: Double, _ l6: Double, _ l7: Double) {
            self.l0 = l0; self.l1 = l1; self.l2 = l2; self.l3 = l3
            self.l4 = l4; self.l5 = l5; self.l6 = l6; self.l7 = l7
        }

        var simd: SIMD8<Double> { unsafeBitCast(self, to: SIMD8<Double>.self) }

        // Written out lane by lane: a closure per lane would cost more than the arithmetic.
        static func + (a: Lanes, b: Lanes) -> Lanes {
            Lanes(a.l0 + b.l0, a.l1 + b.l1, a.l2 + b.l2, a.l3 + b.l3, a.l4 + b.l4, a.l5 + b.l5, a.l6 + b.l6, a.l7 + b.l7)
        }

        static func - (a: Lanes, b: Lanes) -> Lanes {
            Lanes(a.l0 - b.l0, a.l1 - b.l1, a.l2 - b.l2, a.l3 - b.l3, a.l4 - b.l4, a.l5 - b.l5, a.l6 - b.l6, a.l7 - b.l7)
        }

        static func * (k: Double, a: Lanes) -> Lanes {
            Lanes(k * a.l0, k * a.l1, k * a.l2, k * a.l3, k * a.l4, k * a.l5, k * a.l6, k * a.l7)
        }
    }

    private func acceleration(_ x: Lanes, _ v: Lanes, target: Lanes) -> Lanes {
        switch kind {
        case .spring: return (-tension) * (x - target) - damping * v
        case .decay: return (-damping) * v
        }
    }

    /// `rk4Step` of `s` by `h` seconds.
    func unoptimisedStep(_ s: PhaseState<SIMD8<Double>>, h: Double) -> PhaseState<SIMD8<Double>> {
        let x = Lanes(s.value), v = Lanes(s.velocity), target = Lanes(target)
        let half = h * 0.5
        let a1 = acceleration(x, v, target: target)
        let v2 = v + half * a1
        let a2 = acceleration(x + half * v, v2, target: target)
        let v3 = v + half * a2
        let a3 = acceleration(x + half * v2, v3, target: target)
        let v4 = v + h * a3
        let a4 = acceleration(x + h * v3, v4, target: target)
        let dxdt = (1.0 / 6.0) * (v + 2.0 * (v2 + v3) + v4)
        let dvdt = (1.0 / 6.0) * (a1 + 2.0 * (a2 + a3) + a4)
        return PhaseState(value: (x + h * dxdt).simd, velocity: (v + h * dvdt).simd)
    }
}
#endif
