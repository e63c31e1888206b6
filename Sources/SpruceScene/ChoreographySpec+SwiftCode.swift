import Foundation

/// The Spruce iOS code that plays this choreography, as the Spruce example app's code panel prints it:
/// the stock animations, the sort function, the animation type and the `view.spruce.animate` call.
/// It compiles against this package's Spruce module (and Spruce iOS, bar the FIX-marked extensions).
extension ChoreographySpec {
    /// `view` names the container whose subviews animate.
    public func swiftCode(viewName view: String = "view") -> String {
        var lines: [String] = []
        lines.append("let animations: [StockAnimation] = [\(animations.map(Self.swift).joined(separator: ", "))]")
        lines += sortFunctionLines()
        lines += animationLines()
        let needsFullForm = !exclude.isEmpty || recursiveDepth > 0
        if needsFullForm {
            if !exclude.isEmpty {
                let ids = exclude.map { "\"\(Self.escaped($0))\"" }.joined(separator: ", ")
                lines.append("let excluded = [\(ids)].compactMap { \(view).view(withID: $0) }")
            }
            lines.append("animation.changeFunction = { view in animations.forEach { $0.animationFunction(view) } }")
            var call = "\(view).spruce.animate(withSortFunction: sortFunction,"
            call += " prepare: { view in animations.forEach { $0.prepareFunction(view) } }, animation: animation"
            if !exclude.isEmpty { call += ", exclude: excluded" }
            if recursiveDepth > 0 { call += ", recursiveDepth: \(recursiveDepth)" }
            lines.append(call + ")")
        } else {
            lines.append("\(view).spruce.animate(animations, animationType: animation, sortFunction: sortFunction)")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private var needsAnimationVar: Bool {
        animationType == .spring || !exclude.isEmpty || recursiveDepth > 0
    }

    private func animationLines() -> [String] {
        let keyword = needsAnimationVar ? "var" : "let"
        switch animationType {
        case .standard:
            return ["\(keyword) animation = StandardAnimation(duration: \(Self.number(animationDuration)))"]
        case .spring:
            return ["var animation = SpringAnimation(duration: \(Self.number(animationDuration)))",
                    "animation.damping = \(Self.number(damping))",
                    "animation.initialVelocity = \(Self.number(velocity))"]
        }
    }

    private var easingExpression: String? {
        ease.map { "SortEasing { TimingFunction(name: \"\(Self.escaped($0.name))\")!.solve(at: $0, epsilon: 1e-7) }" }
    }

    private func sortFunctionLines() -> [String] {
        func n(_ v: Double) -> String { Self.number(v) }
        let base: String
        var setReversed = false  // a `reversed` property set after construction (snake and stagger take it as an argument)
        switch sort {
        case .default(let delay):
            base = "DefaultSortFunction(interObjectDelay: \(n(delay)))"
        case .linear(let direction, let delay, let r):
            base = "LinearSortFunction(direction: .\(direction.name), interObjectDelay: \(n(delay)))"; setReversed = r
        case .cornered(let corner, let delay, let r):
            base = "CorneredSortFunction(corner: .\(corner.name), interObjectDelay: \(n(delay)))"; setReversed = r
        case .radial(let position, let delay, let r):
            base = "RadialSortFunction(position: .\(position.name), interObjectDelay: \(n(delay)))"; setReversed = r
        case .random(let delay, let seed):
            base = "RandomSortFunction(interObjectDelay: \(n(delay)), seed: \(seed))"
        case .inline(let corner, let delay, let r):
            base = "InlineSortFunction(corner: .\(corner.name), interObjectDelay: \(n(delay)))"; setReversed = r
        case .continuous(let position, let duration, let r):
            base = "ContinuousSortFunction(position: .\(position.name), duration: \(n(duration)))"; setReversed = r
        case .continuousWeighted(let position, let duration, let weights, let r):
            base = "ContinuousWeightedSortFunction(position: .\(position.name), duration: \(n(duration)), "
                + "horizontalWeight: \(Self.swift(weights.horizontal)), verticalWeight: \(Self.swift(weights.vertical)))"
            setReversed = r
        case .snake(let corner, let delay, let r):
            base = "SnakeSortFunction(corner: .\(corner.name), interObjectDelay: \(n(delay))\(r ? ", reversed: true" : ""))"
        case .stagger(let timing, let from, let axis, let r):
            var args: [String]
            switch timing {
            case .each(let each): args = ["each: \(n(each))"]
            case .amount(let amount): args = ["amount: \(n(amount))"]
            }
            if from != .start { args.append("from: \(Self.swift(from))") }
            if let axis { args.append("axis: .\(axis.name)") }
            if let easingExpression { args.append("easing: \(easingExpression)") }
            if r { args.append("reversed: true") }
            return ["let sortFunction = StaggerSortFunction(\(args.joined(separator: ", ")))"]
        }
        let name = easingExpression == nil ? "sortFunction" : "baseSortFunction"
        var lines = ["\(setReversed ? "var" : "let") \(name) = \(base)"]
        if setReversed { lines.append("\(name).reversed = true") }
        if let easingExpression {
            lines.append("let sortFunction = EasedSortFunction(baseSortFunction, easing: \(easingExpression))")
        }
        return lines
    }

    static func swift(_ from: StaggerOrigin) -> String {
        switch from {
        case .start: return ".start"
        case .center: return ".center"
        case .end: return ".end"
        case .edges: return ".edges"
        case .index(let i): return ".index(\(i))"
        case .point(let x, let y): return ".point(CGPoint(x: \(number(x)), y: \(number(y))))"
        }
    }

    static func swift(_ w: WeightSpec) -> String {
        switch w {
        case .light: return ".light"
        case .medium: return ".medium"
        case .heavy: return ".heavy"
        case .custom(let v): return ".custom(\(number(v)))"
        }
    }

    static func swift(_ a: AnimationSpec) -> String {
        func named(_ x: AnimationSpec.Amount, custom: String) -> String {
            switch x {
            case .slightly: return ".slightly"
            case .moderately: return ".moderately"
            case .severely: return ".severely"
            case .value(let v): return ".\(custom)(\(number(v)))"
            }
        }
        switch a {
        case .fadeIn: return ".fadeIn"
        case .slide(let d, let x): return ".slide(.\(d), \(named(x, custom: "byPoints")))"
        case .spin(let x): return ".spin(\(named(x, custom: "toAngle")))"
        case .expand(let x): return ".expand(\(named(x, custom: "toScale")))"
        case .contract(let x): return ".contract(\(named(x, custom: "toScale")))"
        }
    }

    /// Shortest text that reads back as the same Double (Swift's own description), always with a decimal point.
    static func number(_ v: Double) -> String {
        let s = "\(v)"
        return s.contains(".") || s.contains("e") ? s : s + ".0"
    }

    /// The inside of a Swift string literal (or a `//` comment) that reads back as `s`: backslashes and quotes
    /// escaped, and every control character (a newline in a view id) as `\n`, `\t`, `\r` or `\u{XX}`, so that no
    /// id can end a line of the printed code.
    static func escaped(_ s: String) -> String {
        var out = ""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\\": out += "\\\\"
            case "\"": out += "\\\""
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar.value == 0x2028 || scalar.value == 0x2029:
                out += "\\u{\(String(scalar.value, radix: 16))}"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
