import Foundation
import Spruce
import SpruceFilm

/// A screen and its choreography, as a scene file describes them (see docs/SceneFormat.md).
public struct SceneDocument {
    public var canvas = CanvasSpec()
    /// The subviews of the root view, which covers the canvas.
    public var views: [ViewSpec] = []
    /// Several choreographies play at once, each on its own `target` (e.g. one per phone of a mock-up).
    /// Never empty; a scene file's single `choreography` object is the one-element list.
    public var choreographies = [ChoreographySpec()]
    /// The first choreography: the one command-line flags override.
    public var choreography: ChoreographySpec {
        get { choreographies[0] }
        set { choreographies[0] = newValue }
    }
    public var timeline = TimelineSpec()
    /// Image paths in the file are relative to this folder.
    public var baseURL: URL?
    /// PNG bytes for image paths exactly as the views write them, used before any file is read (built-in
    /// scenes carry their images this way).
    public var embeddedImages: [String: Data] = [:]

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

public struct TimelineSpec: Equatable {
    public var fps: Double?
    /// What follows the in-phase: one of `TimelineSpec.loopNames`, made into the film's `FilmLoopShape` with the
    /// hold, fade and exit it needs.
    public var loop: FilmLoopShape.Name = .inHoldOut
    /// Seconds the finished screen stays still before it animates out (or the video ends). Negative starts
    /// the out-phase before the last view has come to rest, as the screen-recorded originals do.
    public var hold: Double = 0.5
    /// Seconds of the prepared (empty) screen before the first view moves.
    public var lead: Double = 0.1
    /// Seconds of the closing fade of `in-hold-fade`.
    public var fade: Double = 0.25
    /// Cuts (or extends) the film to this many seconds; nil ends it when the last view is at rest plus
    /// `lead`. Screen-recorded originals stop as soon as the screen looks empty, long before a spring's
    /// invisible last thousandth has settled.
    public var duration: Double?
    public init() {}
}
