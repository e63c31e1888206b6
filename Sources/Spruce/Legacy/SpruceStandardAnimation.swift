import Foundation

// Spruce 1.0's names for the stock animations and their sizes. 1.0 measured every stock animation in
// one `SpruceSize` (small, medium, large); 2.x gave each its own enumeration (`Distance`, `Angle`,
// `Scale`: slightly, moderately, severely) with the same numbers. Both spellings build a `StockAnimation`.

/// Spruce 1.0's enumeration of stock animations.
@available(*, deprecated, renamed: "StockAnimation")
public typealias SpruceStandardAnimation = StockAnimation

/// Spruce 1.0's name for the animation-style protocol.
@available(*, deprecated, renamed: "Animation")
public typealias SpruceAnimation = Animation

/// Spruce 1.0's name for ``ChangeFunction``.
@available(*, deprecated, renamed: "ChangeFunction")
public typealias SpruceChangeFunction = ChangeFunction

/// Spruce 1.0's name for ``CompletionHandler``.
@available(*, deprecated, renamed: "CompletionHandler")
public typealias SpruceCompletionHandler = CompletionHandler

extension Distance {
    /// 1.0's `SpruceSize.small`: 10 points.
    @available(*, deprecated, renamed: "slightly")
    public static var small: Distance { .slightly }
    /// 1.0's `SpruceSize.medium`: 30 points.
    @available(*, deprecated, renamed: "moderately")
    public static var medium: Distance { .moderately }
    /// 1.0's `SpruceSize.large`: 50 points.
    @available(*, deprecated, renamed: "severely")
    public static var large: Distance { .severely }
}

extension Angle {
    /// 1.0's `SpruceSize.small`: π/4.
    @available(*, deprecated, renamed: "slightly")
    public static var small: Angle { .slightly }
    /// 1.0's `SpruceSize.medium`: π/2.
    @available(*, deprecated, renamed: "moderately")
    public static var medium: Angle { .moderately }
    /// 1.0's `SpruceSize.large`: π.
    @available(*, deprecated, renamed: "severely")
    public static var large: Angle { .severely }
}

extension Scale {
    /// 1.0's `SpruceSize.small`: expand from 0.9, contract from 1.1.
    @available(*, deprecated, renamed: "slightly")
    public static var small: Scale { .slightly }
    /// 1.0's `SpruceSize.medium`: 0.7 / 1.3.
    @available(*, deprecated, renamed: "moderately")
    public static var medium: Scale { .moderately }
    /// 1.0's `SpruceSize.large`: 0.5 / 1.5.
    @available(*, deprecated, renamed: "severely")
    public static var large: Scale { .severely }
}

extension StockAnimation {
    /// The 2.x README's list spells `.contract` as `.contact`.
    @available(*, deprecated, renamed: "contract")
    public static func contact(_ scale: Scale) -> StockAnimation { .contract(scale) }
}
