import Foundation
import Spruce
import SpruceScene

/// The page's form: values that override the scene file's first choreography and canvas while previewing. Every
/// field is optional (nil keeps the file's value) and range-checked before it reaches the document, so a bad value
/// is one message naming the field, never a crash or a huge render.
public struct PreviewSettings: Codable, Equatable, Sendable {
    public var sort: String?
    public var corner: String?
    public var position: String?
    public var direction: String?
    public var reversed: Bool?
    /// The sort's inter-object delay in seconds.
    public var delay: Double?
    public var animationType: String?
    /// Each view's own animation duration in seconds.
    public var duration: Double?
    public var damping: Double?
    /// Canvas size in points.
    public var width: Double?
    public var height: Double?

    public init() {}

    /// The form's own bounds, narrower than the recipe's limits so that a slider keeps the preview quick.
    public static let delays: ClosedRange<Double> = 0...5
    public static let durations: ClosedRange<Double> = 0.01...30
    public static let sides: ClosedRange<Double> = 16...4096

    /// The document with these values in place, or a `SceneError` naming the form field. Every value is checked by
    /// the recipe (`FilmRecipe.validate()`), as the command line's flags are.
    public func apply(to base: SceneDocument) throws -> SceneDocument {
        let recipe = FilmRecipe(scene: base, overrides: try overrides(of: base))
        do { return try recipe.document() } catch let bad as RecipeProblem {
            throw SceneError("form.\(Self.fields[bad.key] ?? bad.key)", bad.message)
        }
    }

    /// The form's field for a recipe field where their names differ.
    static let fields = ["animationDuration": "duration", "animation": "animationType"]

    /// The form's values as the recipe's overrides of `base`: names read, the form's own bounds checked.
    func overrides(of base: SceneDocument) throws -> FilmOverrides {
        var o = FilmOverrides()
        if let sort {
            guard let s = SortSpec.Name(rawValue: sort) else {
                throw SceneError("form.sort", "\"\(sort)\" is not a sort (\(SortSpec.Name.allCases.map(\.rawValue).joined(separator: ", ")))")
            }
            o.sort = s
        }
        if let corner = try Self.pick(corner, "corner", Corner.self) { o.set(.corner(corner)) }
        if let position = try Self.pick(position, "position", Position.self) { o.set(.position(position)) }
        if let direction = try Self.pick(direction, "direction", Direction.self) { o.set(.direction(direction)) }
        if let reversed { o.set(.reversed(reversed)) }
        if let delay { o.set(.delay(try Self.check(delay, "delay", Self.delays))) }
        if let animationType {
            guard let t = ChoreographySpec.AnimationType(rawValue: animationType) else {
                throw SceneError("form.animationType", "\"\(animationType)\" is not standard or spring")
            }
            o.animation = t
        }
        o.animationDuration = try duration.map { try Self.check($0, "duration", Self.durations) }
        o.damping = damping
        if width != nil || height != nil {
            let w = try width.map { try Self.check($0, "width", Self.sides) } ?? base.canvas.width
            let h = try height.map { try Self.check($0, "height", Self.sides) } ?? base.canvas.height
            o.size = CGSize(width: w, height: h)
        }
        return o
    }

    private static func pick<T: SceneName>(_ value: String?, _ field: String, _: T.Type) throws -> T? {
        guard let value else { return nil }
        guard let hit = T(name: value) else {
            throw SceneError("form.\(field)", "\"\(value)\" is not one of \(T.names.joined(separator: ", "))")
        }
        return hit
    }

    private static func check(_ value: Double, _ field: String, _ range: ClosedRange<Double>) throws -> Double {
        guard value.isFinite, range.contains(value) else {
            throw SceneError("form.\(field)", "must be \(range.lowerBound)…\(range.upperBound), got \(value)")
        }
        return value
    }
}
