import SpruceFilm
import Foundation

/// An override the film ignores, named by its field: a sort parameter the sort does not take (`corner` with the
/// radial sort), or a spring's field with a standard animation.
public enum IgnoredOverride: Error, Equatable {
    /// `parameter` does nothing for `sort`; `SortParameter.sortsTakingIt` says which sorts take it.
    case sortParameter(SortParameter, sort: SortSpec.Name)
    /// `field` (`damping`, `velocity`) does nothing for a standard animation.
    case springField(String)
    /// A hold other than 0 does nothing for a loop shape without a hold (`in`, `in-out`, `boomerang`).
    case hold(loop: FilmLoopShape.Name)
}

extension FilmOverrides {
    /// The first override that the film made of `scene` (the scene's choreography and timeline before the
    /// overrides) ignores: a mistake worth a message, not silence. Sort parameters first, in `SortParameter.Name`
    /// order, then the spring's, then the hold.
    public func ignoredOverride(for scene: ChoreographySpec, timeline: TimelineSpec) -> IgnoredOverride? {
        let sort = self.sort ?? scene.sort.name
        if let p = sortParameters.first(where: { !SortSpec.sort(sort, takes: $0) }) { return .sortParameter(p, sort: sort) }
        if (animation ?? scene.animationType) == .standard, let field = springParameters.first { return .springField(field) }
        let loop = self.loop ?? timeline.loop
        // A hold of 0 agrees with a loop that holds nothing.
        if let hold, hold != 0, !FilmLoopShape.Name.holding.contains(loop) { return .hold(loop: loop) }
        return nil
    }
}

/// Whose mistake a film that cannot be made is (a `SceneError` of `SceneFilm`): an override's, named by its field,
/// the scene file's own, or the choreography the overrides and the scene make together.
public enum FilmErrorCause: Equatable {
    case field(String)
    case scene
    case overrides
}

extension FilmOverrides {
    /// The cause of `error`: `hold` when it is the held time the override set (`--hold -100` reaches back before the
    /// entrance starts); the scene's own views, its target or exclude ids, and its timeline when nothing changed the
    /// timing (`timingChangedElsewhere`: a preset's frame rate); else the overrides together with the scene.
    public func cause(of error: SceneError, timingChangedElsewhere: Bool = false) -> FilmErrorCause {
        let path = error.path
        if path == "timeline.hold", hold != nil { return .field("hold") }
        let timingChanged = hold != nil || fps != nil || changesTiming || timingChangedElsewhere
        if path.hasPrefix("views") || (path.hasPrefix("timeline") && !timingChanged)
            || (path.hasPrefix("choreography") && (path.contains(".target") || (path.contains(".exclude") && exclude == nil))) {
            return .scene
        }
        return .overrides
    }
}
