import Foundation
import Spruce
import SpruceReview

/// The line a reviewer reads first: which scene, which sort with which knobs, which animation.
public enum ReviewTitle {
    /// `grid — cornered (corner topLeft, delay 0.025 s) · fade-in, expand:0.1 · spring 0.5 s nominal, damping 0.5, velocity 0.7`.
    public static func text(name: String?, spec: ChoreographySpec) -> String {
        text(name: name, spec: spec, lengths: nil)
    }

    /// The title of a film: a spring's summary says how long the views really take to come to rest.
    public static func text(name: String?, player: SceneFilm) -> String {
        text(name: name, spec: player.document.choreography, lengths: AnimationLengths(player.timings))
    }

    static func text(name: String?, spec: ChoreographySpec, lengths: AnimationLengths?) -> String {
        let parts = [sortSummary(spec), spec.animations.map(\.text).joined(separator: ", "),
                     animationSummary(spec, lengths: lengths)]
        let body = parts.joined(separator: " · ")
        guard let name, !name.isEmpty else { return body }
        return "\(name) — \(body)"
    }

    /// The sort's name and only the parameters that sort reads, in the order a reviewer asks for them.
    public static func sortSummary(_ s: ChoreographySpec) -> String {
        let params = sortParameters(s).map { "\($0.0) \($0.1)" }
        let name = s.sort.name.rawValue
        return params.isEmpty ? name : "\(name) (\(params.joined(separator: ", ")))"
    }

    public static func sortParameters(_ s: ChoreographySpec) -> [(String, String)] {
        var p: [(String, String)] = s.sort.parameters.compactMap { parameter in
            switch parameter {
            case .corner(let corner): return ("corner", corner.name)
            case .position(let position): return ("position", position.name)
            case .direction(let direction): return ("direction", direction.name)
            case .reversed(let reversed): return reversed ? ("reversed", "true") : nil
            case .delay(let delay): return (s.sort.name == .stagger ? "each" : "delay", seconds(delay))
            case .duration(let duration): return ("duration", seconds(duration))
            case .weights(let w): return ("weights", "\(w.horizontal.text)/\(w.vertical.text)")
            case .seed(let seed): return ("seed", "\(seed)")
            case .from(let from): return ("from", from.text)
            case .amount(let amount): return ("amount", seconds(amount))
            case .axis(let axis): return ("axis", axis.name)
            }
        }
        if let ease = s.ease { p.append(("ease", ease.name)) }
        if s.recursiveDepth > 0 { p.append(("recursiveDepth", "\(s.recursiveDepth)")) }
        if !s.exclude.isEmpty { p.append(("exclude", s.exclude.joined(separator: "+"))) }
        return p
    }

    /// A spring's nominal duration is not when it stops: with `lengths` (what the film's views really
    /// take) the summary says "spring settles in 0.65–0.76 s (nominal 0.5 s)".
    public static func animationSummary(_ s: ChoreographySpec, lengths: AnimationLengths? = nil) -> String {
        switch s.animationType {
        case .standard: return "standard \(seconds(s.animationDuration))"
        case .spring:
            let length = lengths.map { "settles in \($0.text) (nominal \(seconds(s.animationDuration)))" }
                ?? seconds(s.animationDuration) + " nominal"
            return "spring \(length), damping \(reviewNumber(s.damping)), velocity \(reviewNumber(s.velocity))"
        }
    }

    static func seconds(_ v: Double) -> String { "\(reviewNumber(v)) s" }

    /// The `name` a scene file gives itself, or nil; the loader validates the file, this only reads the name.
    public static func sceneName(contentsOf url: URL) -> String? {
        SceneHeader.read(url)?.name
    }
}
