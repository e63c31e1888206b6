import Spruce
import SpruceFilm

/// A value a person names by one of `choiceNames` (on the command line, in the preview form): a case name
/// (`SceneName`: `topLeft`) or a raw name (`cornered`, `in-hold-out`), the names a scene file takes for it.
public protocol NamedChoice {
    static var choiceNames: [String] { get }
    init?(choiceName: String)
}

extension NamedChoice where Self: SceneName {
    public static var choiceNames: [String] { names }
    public init?(choiceName: String) { self.init(name: choiceName) }
}

extension NamedChoice where Self: RawRepresentable & CaseIterable, RawValue == String {
    public static var choiceNames: [String] { allCases.map(\.rawValue) }
    public init?(choiceName: String) { self.init(rawValue: choiceName) }
}

extension Corner: NamedChoice {}
extension Position: NamedChoice {}
extension Direction: NamedChoice {}
extension StaggerAxis: NamedChoice {}
extension SortSpec.Name: NamedChoice {}
extension ChoreographySpec.AnimationType: NamedChoice {}
/// `loop`: the shapes a scene file can name (`TimelineSpec.loopNames`: not Swift's `boomerang`).
extension FilmLoopShape.Name: NamedChoice {
    public static var choiceNames: [String] { TimelineSpec.loopNames.map(\.rawValue) }
    public init?(choiceName: String) {
        guard let name = Self(rawValue: choiceName), TimelineSpec.loopNames.contains(name) else { return nil }
        self = name
    }
}
