/// Collects every `Choreography` that `view.spruce.animate` starts on this thread while `recording` runs,
/// so a film made from a plain Swift closure knows each view's start and end without being told.
public final class ChoreographyLog {
    private static let scoped = ThreadScoped<ChoreographyLog>()

    /// In the order the `animate` calls were made.
    public private(set) var choreographies: [Choreography] = []

    /// An empty log; it collects only inside ``recording(_:)``.
    public init() {}

    /// Runs `body` with this log collecting (logs nest: the innermost one collects).
    @discardableResult
    public func recording<R>(_ body: () throws -> R) rethrows -> R {
        try ChoreographyLog.scoped.with(self, body)
    }

    static func record(_ choreography: Choreography) {
        scoped.current?.choreographies.append(choreography)
    }
}
