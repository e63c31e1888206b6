import Foundation
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

    public static let delays: ClosedRange<Double> = 0...5
    public static let durations: ClosedRange<Double> = 0.01...30
    public static let dampings: ClosedRange<Double> = 0.01...1
    public static let sides: ClosedRange<Double> = 16...4096

    /// The document with these values in place, or a `SceneError` naming the form field.
    public func apply(to base: SceneDocument) throws -> SceneDocument {
        var doc = base
        var spec = doc.choreography
        if let sort {
            guard let s = ChoreographySpec.Sort(rawValue: sort) else {
                throw SceneError("form.sort", "\"\(sort)\" is not a sort (\(ChoreographySpec.Sort.allCases.map(\.rawValue).joined(separator: ", ")))")
            }
            spec.sort = s
        }
        spec.corner = try Self.pick(corner, "corner", ChoreographySpec.corners) ?? spec.corner
        spec.position = try Self.pick(position, "position", ChoreographySpec.positions) ?? spec.position
        spec.direction = try Self.pick(direction, "direction", ChoreographySpec.directions) ?? spec.direction
        if let reversed { spec.reversed = reversed }
        if let delay { spec.delay = try Self.check(delay, "delay", Self.delays) }
        if let animationType {
            guard let t = ChoreographySpec.AnimationType(rawValue: animationType) else {
                throw SceneError("form.animationType", "\"\(animationType)\" is not standard or spring")
            }
            spec.animationType = t
        }
        if let duration { spec.animationDuration = try Self.check(duration, "duration", Self.durations) }
        if let damping { spec.damping = try Self.check(damping, "damping", Self.dampings) }
        doc.choreography = spec
        if width != nil || height != nil {
            let w = try width.map { try Self.check($0, "width", Self.sides) } ?? doc.canvas.width
            let h = try height.map { try Self.check($0, "height", Self.sides) } ?? doc.canvas.height
            let old = CGRect(x: 0, y: 0, width: doc.canvas.width, height: doc.canvas.height)
            // As `--size` does: a view that filled the old canvas fills the new one.
            for i in doc.views.indices where doc.views[i].frame == old {
                doc.views[i].frame = CGRect(x: 0, y: 0, width: w, height: h)
                if doc.views[i].grid != nil { doc.views[i].grid!.tileSize = nil }
            }
            (doc.canvas.width, doc.canvas.height) = (w, h)
            if let bad = doc.canvas.limitViolation { throw SceneError("form.\(bad.key)", bad.message) }
        }
        return doc
    }

    private static func pick(_ value: String?, _ field: String, _ allowed: [String]) throws -> String? {
        guard let value else { return nil }
        guard allowed.contains(value) else {
            throw SceneError("form.\(field)", "\"\(value)\" is not one of \(allowed.joined(separator: ", "))")
        }
        return value
    }

    private static func check(_ value: Double, _ field: String, _ range: ClosedRange<Double>) throws -> Double {
        guard value.isFinite, range.contains(value) else {
            throw SceneError("form.\(field)", "must be \(range.lowerBound)…\(range.upperBound), got \(value)")
        }
        return value
    }
}
