import Advance
import ArgumentParser
import SpruceRender
import SpruceScene

/// A flag's value that is one of `Value`'s names, matched as scene files match them (case, dashes and underscores
/// ignored). Parsing keeps what was typed, so that an unknown name is refused by `value(_:)` with the flag, a "did you
/// mean" and the allowed names (argument-parser's own message has no suggestion); completion offers the names.
struct Choice<Value: NamedChoice>: ExpressibleByArgument {
    let text: String

    init?(argument: String) { text = argument }

    static var defaultCompletionKind: CompletionKind { .list(Value.choiceNames) }

    func value(_ flag: String) throws -> Value {
        Value(choiceName: try Names.pick(text, flag: flag, allowed: Value.choiceNames))!
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
