/// Whether the fixed-step integrator can follow a spring.
///
/// Every simulation runs classic RK4 in substeps of 0.008 s (120 Hz), as Advance does. Each of the spring's two
/// modes (eigenvalues λ of x″ = −tension·x − damping·x′) is multiplied per substep by RK4's amplification
/// R(z) = 1 + z + z²/2 + z³/6 + z⁴/24, z = 0.008·λ. Past |R| = 1 (about z = −2.785 on the real axis, |z| = √8 on
/// the imaginary one) the numbers grow without bound, to infinity and NaN; just inside that edge RK4 hardly damps
/// the mode (a critically damped spring at z = −2.76 strays 45 distances from its target before it settles). That
/// is a stiff spring: a large damping ratio, whose fast mode is very fast, or a short duration. A spring is
/// followed when every mode has |z| ≤ 2.5, where |R| stays at most 0.87; one that is not cannot be shown, so it is
/// refused before any work.
extension SpringParameters {
    /// The fastest mode the 0.008 s substeps follow, in 1/s: |λ| ≤ 2.5 / 0.008 = 312.5.
    public static let fastestFollowedRate = 2.5 / simulationTick

    /// The size |λ| of the spring's faster mode, in 1/s; NaN when tension is not finite and > 0 or damping is not
    /// finite and ≥ 0. Real modes are −damping/2 ± √(damping²/4 − tension), complex ones have |λ|² = tension.
    public var fastestModeRate: Double {
        guard tension.isFinite, damping.isFinite, tension > 0, damping >= 0 else { return .nan }
        let half = damping / 2
        let discriminant = half * half - tension
        return discriminant >= 0 ? half + discriminant.squareRoot() : tension.squareRoot()
    }

    /// True when both of the spring's modes are at most `fastestFollowedRate` (|0.008·λ| ≤ 2.5).
    public var settlesOnSimulationTicks: Bool { fastestModeRate <= Self.fastestFollowedRate }
}

extension SpringParameters {
    /// This spring slowed in time until its faster mode is followed (tension × s², damping × s for s < 1: the same
    /// damping ratio and shape, each mode s times slower); itself when it is followed already or has no finite
    /// modes to slow.
    public var slowedToSettleOnSimulationTicks: SpringParameters {
        let fastest = fastestModeRate
        guard fastest.isFinite, fastest > Self.fastestFollowedRate else { return self }
        let s = Self.fastestFollowedRate / fastest * (1 - 1e-9)
        return SpringParameters(tension: tension * s * s, damping: damping * s)
    }
}
