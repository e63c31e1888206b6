/// Cairo draws premultiplied BGRA; ffmpeg's `bgra` means straight alpha. Only transparent outputs need the
/// conversion (opaque ones are sent as `bgr0`, which ignores the alpha byte, or with that byte set to 255), and it
/// runs on the drawing workers.
enum PixelConversion {
    static func unpremultiplyBGRA(_ pixels: UnsafeMutableRawBufferPointer) {
        let bytes = pixels.bindMemory(to: UInt8.self)
        var i = 0
        while i + 3 < bytes.count {
            let alpha = Int(bytes[i + 3])
            if alpha == 0 {
                bytes[i] = 0; bytes[i + 1] = 0; bytes[i + 2] = 0
            } else if alpha < 255 {
                for c in i..<(i + 3) { bytes[c] = UInt8(min(255, (Int(bytes[c]) * 255 + alpha / 2) / alpha)) }
            }
            i += 4
        }
    }

    /// Sets every pixel's alpha byte to 255, leaving colour as it is: premultiplied pixels become the frame over
    /// black, as `bgr0` reads them.
    static func makeOpaque(_ pixels: UnsafeMutableRawBufferPointer) {
        var i = 3
        while i < pixels.count {
            pixels[i] = 0xFF
            i += 4
        }
    }
}
