import Foundation
import SpruceScene

extension FilmOverrides {
    /// The `render-gif render` flags that set these overrides, each as one `--flag=value` word (so that a negative
    /// number is never read as a flag); a batch item's fields reach its render this way. Numbers are written in
    /// full, so the render reads back the same values.
    public var renderArguments: [String] {
        var words: [String] = []
        func add(_ flag: String, _ value: String?) { if let value { words.append("--\(flag)=\(value)") } }
        func number(_ v: Double?) -> String? {
            v.map { $0 == $0.rounded() && abs($0) < 1e15 ? String(Int($0)) : "\($0)" }
        }
        add("sort", sort?.rawValue)
        for p in sortParameters {
            switch p {
            case .corner(let corner): add("corner", corner.name)
            case .position(let position): add("position", position.name)
            case .direction(let direction): add("direction", direction.name)
            case .reversed(let reversed): words.append(reversed ? "--reversed" : "--no-reversed")
            case .delay(let delay): add("delay", number(delay))
            case .duration(let duration): add("duration", number(duration))
            case .weights(let w): add("weights", "\(w.horizontal.text),\(w.vertical.text)")
            case .seed(let seed): add("seed", "\(seed)")
            case .from(let from): add("from", from.text)
            case .amount(let amount): add("amount", number(amount))
            case .axis(let axis): add("axis", axis.name)
            }
        }
        add("ease", ease?.name)
        add("animations", animations?.map(\.text).joined(separator: ","))
        add("animation", animation?.rawValue)
        add("animation-duration", number(animationDuration))
        add("damping", number(damping))
        add("velocity", number(velocity))
        add("recursive-depth", recursiveDepth.map { "\($0)" })
        add("exclude", exclude?.joined(separator: ","))
        add("size", size.map { "\(number(Double($0.width))!)x\(number(Double($0.height))!)" })
        add("rows", rows.map { "\($0)" })
        add("columns", columns.map { "\($0)" })
        add("background", background.map { ColorName.text($0.color) })
        add("scale", number(scale))
        add("fps", number(fps))
        add("loop", loop?.rawValue)
        add("hold", number(hold))
        return words
    }
}
