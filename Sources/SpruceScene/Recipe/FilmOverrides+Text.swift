import Foundation
import Geometry

/// An override written as text (a flag's value, a form's field) that does not read, named by its field.
public enum OverrideTextProblem: Error, Equatable {
    /// `value` is none of the names or forms `allowed`.
    case unknown(field: String, value: String, allowed: [String])
    /// `message` says what shape the field's text takes.
    case malformed(field: String, message: String)
}

extension FilmOverrides {
    /// `horizontal,vertical` weights, each light, medium, heavy or a number of 0 or more (`heavy,light`, `2,0.5`).
    public static func weights(text: String) throws -> Weights {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false).map { String($0).trimmingCharacters(in: .whitespaces) }
        guard parts.count == 2 else {
            throw OverrideTextProblem.malformed(field: "weights", message: "expected horizontal,vertical (e.g. heavy,light or 2,0.5), got \"\(text)\"")
        }
        let weights = try parts.map { part -> WeightSpec in
            guard let w = WeightSpec.parse(part) else {
                throw OverrideTextProblem.unknown(field: "weights", value: part, allowed: ["light", "medium", "heavy", "<number ≥ 0>"])
            }
            return w
        }
        return Weights(horizontal: weights[0], vertical: weights[1])
    }

    /// The stagger's origin (`StaggerOrigin(text:)`).
    public static func from(text: String) throws -> StaggerOrigin {
        guard let origin = StaggerOrigin(text: text) else {
            throw OverrideTextProblem.unknown(field: "from", value: text, allowed: StaggerOrigin.allowed)
        }
        return origin
    }

    /// Stock animations, comma-separated (`AnimationSpec.parseList`).
    public static func animations(text: String) throws -> [AnimationSpec] {
        do { return try AnimationSpec.parseList(text) } catch let e as SceneError {
            throw OverrideTextProblem.malformed(field: "animations", message: e.message)
        }
    }

    /// Comma-separated view ids, blanks left out.
    public static func exclude(text: String) -> [String] {
        text.split(separator: ",").map { String($0).trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    /// `WIDTHxHEIGHT` in points, both positive (`320x320`).
    public static func size(text: String) throws -> CGSize {
        guard let (w, h) = sizeNumbers(text), w.isFinite, h.isFinite, w > 0, h > 0 else {
            throw OverrideTextProblem.malformed(field: "size", message: "expected WIDTHxHEIGHT in points, e.g. 320x320, got \"\(text)\"")
        }
        return CGSize(width: w, height: h)
    }

    /// The two numbers of `WIDTHxHEIGHT`, whatever their values; nil when the text is not of that shape.
    static func sizeNumbers(_ text: String) -> (Double, Double)? {
        let parts = text.lowercased().split(separator: "x").map { Checked.decimal($0.trimmingCharacters(in: .whitespaces)) }
        guard parts.count == 2, let w = parts[0], let h = parts[1] else { return nil }
        return (w, h)
    }

    /// A colour (`ColorName.parse`: #RGB, #RRGGBB, #RRGGBBAA, a name) or transparent.
    public static func background(text: String) throws -> Background {
        do { return Background(try ColorName.parse(text)) } catch {
            throw OverrideTextProblem.malformed(field: "background", message: "\"\(text)\" is not a colour (#RGB, #RRGGBB, #RRGGBBAA, "
                                               + "transparent or a name: \(ColorName.names.joined(separator: ", ")))")
        }
    }
}
