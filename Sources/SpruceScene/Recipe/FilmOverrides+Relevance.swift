import Foundation

/// An override the film ignores, named by its field: a sort parameter the sort does not take (`corner` with the
/// radial sort), or a spring's field with a standard animation.
public enum IgnoredOverride: Error, Equatable {
    /// `parameter` does nothing for `sort`; `SortParameter.sortsTakingIt` says which sorts take it.
    case sortParameter(SortParameter, sort: SortSpec.Name)
    /// `field` (`damping`, `velocity`) does nothing for a standard animation.
    case springField(String)
}

extension FilmOverrides {
    /// The first override that the film made of `scene` (the scene's choreography before the overrides) ignores: a
    /// mistake worth a message, not silence. Sort parameters first, in `SortParameter.Name` order, then the spring's.
    public func ignoredOverride(for scene: ChoreographySpec) -> IgnoredOverride? {
        let sort = self.sort ?? scene.sort.name
        if let p = sortParameters.first(where: { !SortSpec.sort(sort, takes: $0) }) { return .sortParameter(p, sort: sort) }
        if (animation ?? scene.animationType) == .standard, let field = springParameters.first { return .springField(field) }
        return nil
    }
}
