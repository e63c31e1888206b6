import Advance
import ArgumentParser
import Spruce
import SpruceFilm
import SpruceRender
import SpruceScene

/// A type whose values a flag names: `--sort cornered`, `--corner topLeft`, `--loop in-hold-out`.
protocol FlagNamed {
    static var flagNames: [String] { get }
    init?(flagName: String)
}

extension FlagNamed where Self: SceneName {
    static var flagNames: [String] { names }
    init?(flagName: String) { self.init(name: flagName) }
}

extension FlagNamed where Self: RawRepresentable & CaseIterable, RawValue == String {
    static var flagNames: [String] { allCases.map(\.rawValue) }
    init?(flagName: String) { self.init(rawValue: flagName) }
}

extension Corner: FlagNamed {}
extension Position: FlagNamed {}
extension Direction: FlagNamed {}
extension StaggerAxis: FlagNamed {}
extension SortSpec.Name: FlagNamed {}
extension ChoreographySpec.AnimationType: FlagNamed {}
/// `--loop`: the shapes a scene file can name (not Swift's `boomerang`).
extension FilmLoopShape.Name: FlagNamed {
    static var flagNames: [String] { TimelineSpec.loopNames.map(\.rawValue) }
    init?(flagName: String) {
        guard let name = Self(rawValue: flagName), TimelineSpec.loopNames.contains(name) else { return nil }
        self = name
    }
}

/// A flag's value that is one of `Value`'s names, matched as scene files match them (case, dashes and underscores
/// ignored). Parsing keeps what was typed, so that an unknown name is refused by `value(_:)` with the flag, a "did you
/// mean" and the allowed names (argument-parser's own message has no suggestion); completion offers the names.
struct Choice<Value: FlagNamed>: ExpressibleByArgument {
    let text: String

    init?(argument: String) { text = argument }

    static var defaultCompletionKind: CompletionKind { .list(Value.flagNames) }

    func value(_ flag: String) throws -> Value {
        Value(flagName: try Names.pick(text, flag: flag, allowed: Value.flagNames))!
    }
}

/// `--ease`: an Advance timing name or `cubic-bezier(x1,y1,x2,y2)`; completion offers the names.
struct EaseArgument: ExpressibleByArgument {
    let text: String

    init?(argument: String) { text = argument }

    static var defaultCompletionKind: CompletionKind { .list(TimingFunction.allNames) }

    func value() throws -> SortEase {
        if let ease = SortEase(name: text) { return ease }
        if let rule = TimingFunction.cubicBezierRule(for: text) { throw CLIError.usage("--ease: \(rule); got \(SafeText.escaped(text))") }
        throw CLIError.usage(Names.unknown(text, flag: "--ease", allowed: TimingFunction.allNames + ["cubic-bezier(x1,y1,x2,y2)"]))
    }
}
