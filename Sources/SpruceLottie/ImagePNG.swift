import Foundation
import Spruce
import SpruceRender

/// An image view's picture as PNG bytes for a data URI, drawn by our own renderer at the size it is drawn on
/// the canvas (its image rectangle at the canvas scale): a Lottie player then shows it pixel for pixel at
/// rest, instead of resampling it with a filter of its own (rlottie's nearest-neighbour stripes cost 4 dB).
enum ImagePNG {
    /// PNG bytes and their pixel size.
    static func data(_ image: Image, drawnAs size: CGSize, canvasScale: CGFloat) throws -> (Data, width: Int, height: Int) {
        let width = max(1, Int((size.width * canvasScale).rounded())), height = max(1, Int((size.height * canvasScale).rounded()))
        let view = ImageView(frame: CGRect(x: 0, y: 0, width: CGFloat(width) / canvasScale, height: CGFloat(height) / canvasScale))
        view.image = image
        view.contentMode = .scaleToFill
        let bitmap = try Renderer(size: view.bounds.size, scale: canvasScale, background: nil).render(view)
        return (try bitmap.pngData(), width, height)
    }
}
