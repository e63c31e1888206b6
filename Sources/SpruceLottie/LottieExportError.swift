import Foundation

/// Why a film cannot become a Lottie file: one line naming the view and the property that Lottie cannot carry.
public struct LottieExportError: Error, Equatable, CustomStringConvertible {
    /// The view's `id`, or its place in the tree (`root/2/0`) when it has none.
    public let view: String
    /// The property, as the Swift API spells it (`transform`, `text`, `clipsToBounds` …).
    public let property: String
    public let reason: String

    public init(view: String, property: String, reason: String) {
        (self.view, self.property, self.reason) = (view, property, reason)
    }

    public var description: String { "cannot export view '\(view)' to Lottie: \(property) \(reason)" }
}
