import Foundation
import SpruceFilm
import SpruceRender

/// One scene of a `GoldenReview`: what its check found, per golden kind, and what a person decided.
public struct GoldenReviewItem: Identifiable {
    /// The scene's line name when it is only letters, digits, `-` and `_` (`grid`), else `scene.` and sixteen
    /// hexadecimal digits of a digest of that name: the same on every run, safe in a URL, never a path.
    public let id: String
    /// The name its line shows: the file name without its extension, or its path for one of two of that name.
    public let name: String
    public let scene: URL
    /// The folder its goldens are in, which `accept` writes.
    public let goldensFolder: URL
    /// Why the scene could not be played (its scene file does not load, its film cannot be made); nil when it played.
    public let error: String?
    /// Each golden kind's verdict: filmstrip, timing, motion (none when the scene could not be played).
    public let verdicts: [FilmGoldens.Verdict]
    /// The times, in seconds, of the frames the filmstrip shows: the moments expected and actual are compared at.
    public let sampleTimes: [Double]
    /// The expected, actual and difference pictures and the side-by-side animation of the first differing page,
    /// when the check made them (a run with a report); nil otherwise.
    public let artifacts: Artifacts
    /// Accepted (the kinds written), rejected, or nil: not decided yet.
    public internal(set) var decision: Decision?

    let outcome: FilmGoldens.Outcome
    var goldens: FilmGoldens { FilmGoldens(folder: goldensFolder) }

    public enum Decision: Equatable, Sendable {
        case accepted([String])
        case rejected

        public var kinds: [String] { if case .accepted(let kinds) = self { kinds } else { [] } }
    }

    public struct Artifacts: Equatable, Sendable {
        public var expected: URL?, actual: URL?, difference: URL?, sideBySide: URL?

        init(_ urls: [URL]) {
            func named(_ suffix: String) -> URL? { urls.first { $0.lastPathComponent.hasSuffix(suffix) } }
            (expected, actual, difference) = (named(".expected.png"), named(".actual.png"), named(".difference.png"))
            sideBySide = urls.first { $0.deletingPathExtension().lastPathComponent.hasSuffix(".side-by-side") }
        }
    }

    init(outcome: FilmGoldens.Outcome, scene: URL, goldens: URL) {
        (self.outcome, name, self.scene, goldensFolder) = (outcome, outcome.name, scene, goldens)
        id = Self.id(of: outcome.name)
        verdicts = outcome.verdicts
        sampleTimes = outcome.sampleTimes
        artifacts = Artifacts(outcome.artifacts)
        // Without verdicts the check did not get as far as comparing: its one failure says why.
        error = outcome.verdicts.isEmpty ? outcome.failures.first ?? "not played" : nil
    }

    private static let plainScalars = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_".unicodeScalars)

    static func id(of name: String) -> String {
        guard name.isEmpty || !name.unicodeScalars.allSatisfy(plainScalars.contains) else { return name }
        var digest = Fingerprint()
        digest.add(name)
        return "scene." + digest.text
    }

    /// The kinds whose goldens differ, and those that are missing.
    public var differingKinds: [String] { verdicts.filter { $0.state == .differs }.map(\.kind) }
    public var missingKinds: [String] { verdicts.filter { $0.state == .missing }.map(\.kind) }

    /// The earliest time at which any of its goldens differs.
    public var firstDifference: Double? { verdicts.compactMap(\.firstDifference).min() }

    /// How much differs over all kinds: frames of the strip plus lines of the text goldens.
    public var extent: Int { verdicts.map(\.extent).reduce(0, +) }

    /// Worst first: a scene that could not be played; then the one with more kinds that differ; then the one that
    /// differs earlier (a difference with a time before one without); then the one where more differs (`extent`);
    /// then the one with more kinds missing; then by name.
    public static func isWorse(_ a: GoldenReviewItem, than b: GoldenReviewItem) -> Bool {
        if (a.error != nil) != (b.error != nil) { return a.error != nil }
        if a.differingKinds.count != b.differingKinds.count { return a.differingKinds.count > b.differingKinds.count }
        if a.firstDifference != b.firstDifference { return (a.firstDifference ?? .infinity) < (b.firstDifference ?? .infinity) }
        if a.extent != b.extent { return a.extent > b.extent }
        if a.missingKinds.count != b.missingKinds.count { return a.missingKinds.count > b.missingKinds.count }
        return a.name < b.name
    }
}
