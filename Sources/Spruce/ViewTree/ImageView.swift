import Foundation

/// Decoded pixels: premultiplied 8-bit BGRA in memory order (Cairo's ARGB32 on little-endian machines),
/// rows `width × 4` bytes apart. `scale` is pixels per point, as `UIImage.scale`.
public struct Image: Hashable, Sendable {
    /// Width in pixels.
    public let pixelWidth: Int
    /// Height in pixels.
    public let pixelHeight: Int
    /// Pixels per point: 2 draws a 200-pixel-wide image 100 points wide.
    public let scale: CGFloat
    /// The pixel bytes: premultiplied BGRA, 4 bytes a pixel, rows `pixelWidth × 4` bytes apart, top row first.
    public let pixels: [UInt8]

    /// An image of the given pixels.
    ///
    /// - Precondition: both sizes ≥ 0 and `pixels.count == pixelWidth × pixelHeight × 4`.
    public init(pixelWidth: Int, pixelHeight: Int, scale: CGFloat = 1, pixels: [UInt8]) {
        precondition(pixelWidth >= 0 && pixelHeight >= 0 && pixels.count == pixelWidth * pixelHeight * 4,
                     "pixel buffer does not match \(pixelWidth)×\(pixelHeight)")
        (self.pixelWidth, self.pixelHeight, self.scale, self.pixels) = (pixelWidth, pixelHeight, scale, pixels)
    }

    /// The size in points.
    public var size: CGSize { CGSize(width: CGFloat(pixelWidth) / scale, height: CGFloat(pixelHeight) / scale) }
}

/// How an ``ImageView`` fits its image into its bounds, as UIKit's `UIView.ContentMode`.
public enum ContentMode: String, Hashable, Sendable, CaseIterable {
    /// `scaleToFill` stretches the image to the bounds; `scaleAspectFit` scales it to fit inside, keeping its aspect
    /// ratio; `scaleAspectFill` scales it to cover the bounds, keeping its aspect ratio; `center` keeps its size,
    /// centred.
    case scaleToFill, scaleAspectFit, scaleAspectFill, center
}

/// A view that shows an image (PNG files are read by `SpruceRender`'s `Image(contentsOfFile:)`).
open class ImageView: View {
    /// The image shown; nil shows only the view's background and border.
    public var image: Image?
    /// How the image fits the bounds (default: stretched to fill them).
    public var contentMode: ContentMode = .scaleToFill

    /// A view showing `image` at its size in points, with its origin at (0, 0); a zero-sized view when `image` is nil.
    public convenience init(image: Image?) {
        self.init(frame: CGRect(origin: .zero, size: image?.size ?? .zero))
        self.image = image
    }

    /// Where the image lands in the view's bounds for the current content mode.
    public func imageRect(for image: Image) -> CGRect {
        let box = bounds, size = image.size
        guard size.width > 0, size.height > 0 else { return box }
        switch contentMode {
        case .scaleToFill:
            return box
        case .center:
            return CGRect(x: box.midX - size.width / 2, y: box.midY - size.height / 2, width: size.width, height: size.height)
        case .scaleAspectFit, .scaleAspectFill:
            let sx = box.width / size.width, sy = box.height / size.height
            let k = contentMode == .scaleAspectFit ? min(sx, sy) : max(sx, sy)
            let w = size.width * k, h = size.height * k
            return CGRect(x: box.midX - w / 2, y: box.midY - h / 2, width: w, height: h)
        }
    }
}
