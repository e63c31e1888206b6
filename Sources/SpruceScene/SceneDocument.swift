import Foundation
import Spruce

/// A screen and its choreography, as a scene file describes them (see docs/SceneFormat.md).
public struct SceneDocument {
    public var canvas = CanvasSpec()
    /// The subviews of the root view, which covers the canvas.
    public var views: [ViewSpec] = []
    public var choreography = ChoreographySpec()
    public var timeline = TimelineSpec()
    /// Image paths in the file are relative to this folder.
    public var baseURL: URL?

    public init() {}
}

public struct CanvasSpec: Equatable {
    public var width: Double = 464
    public var height: Double = 464
    public var scale: Double = 1
    /// nil: transparent.
    public var background: Color? = .white
    public init() {}
}

public struct ViewSpec {
    public enum Kind: String, CaseIterable { case view, label, image }

    public var kind: Kind = .view
    public var id: String?
    public var tag: Int = 0
    public var frame: CGRect = .zero
    public var backgroundColor: Color?
    public var cornerRadius: Double = 0
    public var borderWidth: Double = 0
    public var borderColor: Color = .black
    public var alpha: Double = 1
    public var isHidden = false
    public var clipsToBounds = false
    public var transform: CGAffineTransform = .identity
    // label
    public var text: String?
    public var font = Font.systemFont(ofSize: 17)
    public var textColor: Color = .black
    public var textAlignment: TextAlignment = .left
    // image
    public var imagePath: String?
    public var contentMode: ContentMode = .scaleToFill

    public var subviews: [ViewSpec] = []
    /// Generates `rows × columns` copies of `tile` laid out on a grid, before `subviews`.
    public var grid: GridSpec?

    public init() {}
}

public struct GridSpec {
    public var rows: Int
    public var columns: Int
    /// Tile size; when nil the tiles fill the view's bounds less `inset` and `spacing`.
    public var tileSize: CGSize?
    public var spacing: Double
    public var inset: Double
    /// The template every tile copies; boxed in an array because a view spec may hold a grid.
    public var tile: ViewSpec {
        get { tileBox[0] }
        set { tileBox = [newValue] }
    }
    private var tileBox: [ViewSpec]

    public init(rows: Int, columns: Int, tileSize: CGSize? = nil, spacing: Double = 0, inset: Double = 0, tile: ViewSpec) {
        (self.rows, self.columns, self.tileSize, self.spacing, self.inset, self.tileBox) = (rows, columns, tileSize, spacing, inset, [tile])
    }
}

/// The shape of a rendered film. `-out` styles animate the views back out, last in first out;
/// `in-hold-reverse` plays the entrance backwards in time, as the Spruce README gifs do (their exit
/// shows the springs' overshoot in reverse), so the GIF loops seamlessly.
public enum LoopStyle: String, CaseIterable {
    case `in`, inHold = "in-hold", inOut = "in-out", inHoldOut = "in-hold-out", inHoldReverse = "in-hold-reverse"
}

public struct TimelineSpec: Equatable {
    public var fps: Double?
    public var loop: LoopStyle = .inHoldOut
    /// Seconds the finished screen stays still before it animates out (or the video ends).
    public var hold: Double = 0.5
    /// Seconds of the prepared (empty) screen before the first view moves.
    public var lead: Double = 0.1
    public init() {}
}
