/// Premultiplied BGRA (alpha ignored, i.e. over black) to planar Y'CbCr 4:2:0, BT.709 matrix, limited range:
/// the bytes x264 and VP9 encode. Doing it on the drawing workers instead of in ffmpeg matters twice: ffmpeg runs
/// its colour conversion on the same single thread that reads stdin and feeds the encoder (about 6 ms a 1080p
/// frame, on the critical path), and a 4:2:0 frame is 1.5 bytes a pixel on the pipe instead of 4.
///
/// Luma per pixel; chroma from the mean of each 2x2 block (what swscale's `area` filter gives), which keeps the
/// edges of flat UI shapes closest to the source. Fixed point (16 fractional bits for luma, 18 for the 4-pixel
/// chroma sums), rounded to nearest: black is (16, 128, 128), white (235, 128, 128), pure red (63, 102, 240).
/// Greys get exactly neutral chroma because each chroma row of coefficients sums to zero.
enum YUV420Conversion {
    // 219/255 and 224/255 scaled BT.709 rows (Kr = 0.2126, Kb = 0.0722), times 2^16.
    static let yR = 11966, yG = 40254, yB = 4064
    static let uR = -6596, uG = -22188, uB = 28784
    static let vR = 28784, vG = -26145, vB = -2639

    /// Bytes of one converted frame: a full-size Y plane, then quarter-size Cb and Cr planes.
    static func byteCount(width: Int, height: Int) -> Int { width * height * 3 / 2 }

    /// Whether the plain 2x2 layout applies; odd sizes are left to ffmpeg.
    static func supports(width: Int, height: Int) -> Bool { width % 2 == 0 && height % 2 == 0 }

    @inline(__always)
    static func luma(_ pixel: UInt32) -> UInt8 {
        let r = Int((pixel >> 16) & 0xFF), g = Int((pixel >> 8) & 0xFF), b = Int(pixel & 0xFF)
        return UInt8(truncatingIfNeeded: (yR &* r &+ yG &* g &+ yB &* b &+ (16 << 16) &+ (1 << 15)) >> 16)
    }

    /// Cb and Cr of four pixels' mean.
    @inline(__always)
    static func chroma(_ a: UInt32, _ b: UInt32, _ c: UInt32, _ d: UInt32) -> (UInt8, UInt8) {
        @inline(__always) func sum(_ shift: UInt32) -> Int {
            Int((a >> shift) & 0xFF) &+ Int((b >> shift) & 0xFF) &+ Int((c >> shift) & 0xFF) &+ Int((d >> shift) & 0xFF)
        }
        let r = sum(16), g = sum(8), bl = sum(0)
        let offset = (128 << 18) + (1 << 17)
        let u = (uR &* r &+ uG &* g &+ uB &* bl &+ offset) >> 18
        let v = (vR &* r &+ vG &* g &+ vB &* bl &+ offset) >> 18
        return (UInt8(truncatingIfNeeded: u), UInt8(truncatingIfNeeded: v))
    }

    /// Converts one frame. `bgra` holds `width * height` pixels with rows packed; `out` takes
    /// `byteCount(width:height:)` bytes. Width and height must be even (`supports`).
    static func convert(bgra: UnsafeRawPointer, width: Int, height: Int, into out: UnsafeMutableRawPointer) {
        let pixels = bgra.assumingMemoryBound(to: UInt32.self)
        let lumaPlane = out.assumingMemoryBound(to: UInt8.self)
        let cbPlane = lumaPlane + width * height
        let crPlane = cbPlane + (width / 2) * (height / 2)
        // UI frames are mostly flat colour: a 2x2 block equal to the previous uniform block reuses its results.
        var cached: UInt32 = ~pixels[0]
        var cachedY: UInt8 = 0, cachedU: UInt8 = 0, cachedV: UInt8 = 0
        for row in stride(from: 0, to: height, by: 2) {
            let top = pixels + row * width, bottom = top + width
            let yTop = lumaPlane + row * width, yBottom = yTop + width
            let chromaOffset = (row / 2) * (width / 2)
            let cb = cbPlane + chromaOffset, cr = crPlane + chromaOffset
            var x = 0, half = 0
            while x < width {
                let a = top[x], b = top[x + 1], c = bottom[x], d = bottom[x + 1]
                if a == b && a == c && a == d {
                    if a != cached {
                        cached = a
                        cachedY = luma(a)
                        (cachedU, cachedV) = chroma(a, a, a, a)
                    }
                    yTop[x] = cachedY; yTop[x + 1] = cachedY
                    yBottom[x] = cachedY; yBottom[x + 1] = cachedY
                    cb[half] = cachedU; cr[half] = cachedV
                } else {
                    yTop[x] = luma(a); yTop[x + 1] = luma(b)
                    yBottom[x] = luma(c); yBottom[x + 1] = luma(d)
                    (cb[half], cr[half]) = chroma(a, b, c, d)
                }
                x += 2
                half += 1
            }
        }
    }
}
