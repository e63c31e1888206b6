import Foundation

/// Decoded pixels: premultiplied 8-bit BGRA in memory order (Cairo's ARGB32 on little-endian machines),
/// rows `width × 4` bytes apart. `scale` is pixels per point, as `UIImage.scale`.
public struct Image: Hashable, Sendable {
    public let pixelWidth: Int
    public let pixelHeight: Int
    public let scale: CGFloat
    public let pixels: [UInt8]

    public init(pixelWidth: Int, pixelHeight: Int, scale: CGFloat = 1, pixels: [UInt8]) {
        precondition(pixelWidth >= 0 && pixelHeight >= 0 && pixels.count == pixelWidth * pixelHeight * 4,
                     "pixel buffer does not match \(pixelWidth)×\(pixelHeight)")
        (self.pixelWidth, self.pixelHeight, self.scale, self.pixels) = (pixelWidth, pixelHeight, scale, pixels)
    }

    /// The size in points.
    public var size: CGSize { CGSize(width: CGFloat(pixelWidth) / scale, height: CGFloat(pixelHeight) / scale) }
}

public enum ContentMode: String, Hashable, Sendable, CaseIterable {
    case scaleToFill, scaleAspectFit, scaleAspectFill, center
}

/// A view that shows an image (PNG files are read by `SpruceRender`'s `Image(contentsOfFile:)`).
open class ImageView: View {
    public var image: Image?
    public var contentMode: ContentMode = .scaleToFill

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
