import Foundation
import Spruce
import SpruceRender
import SpruceVideo

/// A storyboard of a scene for slides and review documents: evenly spaced frames of the film in a grid,
/// each with its time underneath, under a title line naming the scene, the sort and the animation.
///
/// The frames are the film's own frames (the same ones the GIF shows), drawn straight at thumbnail
/// size rather than scaled down afterwards, so edges stay crisp.
public struct ContactSheet {
    public let player: ScenePlayer
    public let frames: Int
    public let columns: Int
    public var title: String
    /// Longest side of a thumbnail, in points.
    public var thumbnailSide: CGFloat = 200
    /// Pixels per point of the whole sheet (2 for retina slides).
    public var scale: CGFloat = 1
    /// Checked before each thumbnail (reaching a late frame of a big scene steps its clock for a while); a
    /// cancelled render throws `VideoError.cancelled`.
    public var cancellation: RenderCancellation?

    public static let defaultFrames = 8

    /// `frames` is 2…200; `columns` defaults to 4 (fewer when there are fewer frames).
    public init(player: ScenePlayer, frames: Int = ContactSheet.defaultFrames, columns: Int? = nil, title: String? = nil) throws {
        guard (2...200).contains(frames) else { throw SceneError("", "contact sheet frames must be 2…200, got \(frames)") }
        if let columns, !(1...frames).contains(columns) {
            throw SceneError("", "contact sheet columns must be 1…\(frames), got \(columns)")
        }
        self.player = player
        self.frames = frames
        self.columns = columns ?? min(frames, 4)
        self.title = title ?? ReviewTitle.text(name: nil, player: player)
    }

    /// Film frame numbers, first to last, as evenly spaced as whole frames allow.
    public var frameIndices: [Int] {
        let last = player.frameCount - 1
        return (0..<frames).map { Int((Double($0) * Double(last) / Double(frames - 1)).rounded()) }
    }

    public var times: [Double] {
        frameIndices.map { Double($0) / player.framesPerSecond }
    }

    public func render() throws -> Bitmap {
        let canvas = player.builder.canvasSize
        let k = thumbnailSide / max(canvas.width, canvas.height)
        let thumb = CGSize(width: (canvas.width * k).rounded(), height: (canvas.height * k).rounded())
        let thumbnails = try drawThumbnails(scale: thumb.width * scale / canvas.width)

        let m = ReviewStyle.margin, gap: CGFloat = 16, caption: CGFloat = 22
        let rows = (frames + columns - 1) / columns
        let gridWidth = CGFloat(columns) * thumb.width + CGFloat(columns - 1) * gap
        let width = max(gridWidth, ReviewStyle.width(title, ReviewStyle.titleFont), 320) + 2 * m
        let top = m + 44
        let height = top + CGFloat(rows) * (thumb.height + caption) + CGFloat(rows - 1) * gap + m

        let sheet = ReviewStyle.box(CGRect(x: 0, y: 0, width: width, height: height), ReviewStyle.paper)
        sheet.addSubview(ReviewStyle.label(title, CGRect(x: m, y: m - 4, width: width - 2 * m, height: 22), font: ReviewStyle.titleFont))
        let sub = "\(frames) of \(player.frameCount) frames at \(ReviewTitle.number(player.framesPerSecond)) fps · film \(reviewTime(player.duration))"
        sheet.addSubview(ReviewStyle.label(sub, CGRect(x: m, y: m + 18, width: width - 2 * m, height: 16),
                                           font: ReviewStyle.subtitleFont, color: ReviewStyle.muted))
        for (i, (image, time)) in zip(thumbnails, times).enumerated() {
            let x = m + CGFloat(i % columns) * (thumb.width + gap)
            let y = top + CGFloat(i / columns) * (thumb.height + caption + gap)
            let card = ImageView(frame: CGRect(x: x, y: y, width: thumb.width, height: thumb.height))
            card.image = image
            card.backgroundColor = player.document.canvas.background == nil ? ReviewStyle.faint : nil
            card.borderColor = ReviewStyle.rule
            card.borderWidth = 1
            sheet.addSubview(card)
            sheet.addSubview(ReviewStyle.label(reviewTime(time), CGRect(x: x, y: y + thumb.height + 2, width: thumb.width, height: 18),
                                               alignment: .center))
        }
        return try Renderer(size: CGSize(width: width, height: height), scale: scale, background: ReviewStyle.paper).render(sheet)
    }

    /// The chosen frames exactly as the video pipeline draws them (same clock steps, same reversed
    /// parts), only through a renderer at thumbnail scale.
    func drawThumbnails(scale pixelsPerPoint: CGFloat) throws -> [Image] {
        let renderer = try Renderer(size: player.builder.canvasSize, scale: pixelsPerPoint, background: player.document.canvas.background)
        let player = self.player
        let source = AnimationFrameSource(renderer: renderer, framesPerSecond: player.framesPerSecond, frameCount: player.frameCount,
                                          sceneTime: { player.sceneTime(at: Double($0) / player.framesPerSecond) }) { loop in
            try player.makeScene(on: loop)
        }
        let cursor = try source.makeCursor()
        var pixels = [UInt8](repeating: 0, count: renderer.pixelWidth * renderer.pixelHeight * 4)
        return try frameIndices.map { index in
            if cancellation?.isCancelled == true { throw VideoError.cancelled }
            try pixels.withUnsafeMutableBytes { try cursor.draw(frame: index, into: $0) }
            return Image(pixelWidth: renderer.pixelWidth, pixelHeight: renderer.pixelHeight, scale: scale, pixels: pixels)
        }
    }
}
