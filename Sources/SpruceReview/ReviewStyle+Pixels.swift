import Foundation
import Geometry
import SpruceRender

extension ReviewStyle {
    /// Pixels of a review picture in all, as for a film's canvas.
    static let maximumPixels = Bitmap.maximumPixels

    /// Throws `ReviewError.tooLarge` before anything is drawn when a picture of `size` points at `scale` has more pixels than
    /// Cairo holds: "`picture` would be W×H pixels; at most … a side and … in all: `advice`".
    static func checkPixels(_ size: CGSize, scale: CGFloat, picture: String, advice: String) throws {
        let w = (size.width * scale).rounded(), h = (size.height * scale).rounded()
        let limit = CGFloat(Bitmap.maximumSide)
        guard w <= limit, h <= limit, w * h <= CGFloat(maximumPixels) else {
            throw ReviewError.tooLarge("\(picture) would be \(Checked.text(w))×\(Checked.text(h)) pixels; at most \(Bitmap.maximumSide) "
                             + "a side and \(maximumPixels) in all: \(advice)")
        }
    }
}
