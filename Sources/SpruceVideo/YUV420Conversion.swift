import CPixelKernels
import SpruceRender

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
    // 219/255 and 224/255 scaled BT.709 rows (Kr = 0.2126, Kb = 0.0722), times 2^16: defined once, in
    // PixelKernels.h, for this code and the AVX2 kernel.
    static let yR = Int(SPRUCE_YUV_Y_R), yG = Int(SPRUCE_YUV_Y_G), yB = Int(SPRUCE_YUV_Y_B)
    static let uR = Int(SPRUCE_YUV_U_R), uG = Int(SPRUCE_YUV_U_G), uB = Int(SPRUCE_YUV_U_B)
    static let vR = Int(SPRUCE_YUV_V_R), vG = Int(SPRUCE_YUV_V_G), vB = Int(SPRUCE_YUV_V_B)

    /// Bytes of one converted frame: a full-size Y plane, then quarter-size Cb and Cr planes.
    static func byteCount(width: Int, height: Int) -> Int { width * height * 3 / 2 }

    /// Which loop converts: the same bytes either way (`YUV420VectorTests`), AVX2 when the CPU has it.
    enum Kernel {
        /// Swift's SIMD types, compiled for baseline x86-64 (SSE2) or the host's vector unit.
        case portable
        /// Eight pixels of two rows in 256-bit registers (`CPixelKernels`).
        case avx2

        /// The fastest kernel this machine runs, decided once.
        static let best: Kernel = spruce_cpu_has_avx2() ? .avx2 : .portable
    }

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
        convert(bgra: bgra, width: width, height: height, into: out, only: PixelRect(x0: 0, y0: 0, x1: width, y1: height))
    }

    /// Converts the 2x2 blocks of one rectangle (even corners, inside the frame) and writes nothing else: a
    /// frame buffer holding an earlier frame is brought up to date by converting only its damage.
    ///
    /// `scalarOnly` converts the mixed windows block by block instead of eight pixels at a time in vector
    /// registers (`convertEight`): the reference the tests compare the vector code with. `kernel` picks the
    /// loop; `.avx2` must only be asked for where `Kernel.best` is `.avx2`.
    static func convert(bgra: UnsafeRawPointer, width: Int, height: Int, into out: UnsafeMutableRawPointer,
                        only rect: PixelRect, scalarOnly: Bool = false, kernel: Kernel = .best) {
        precondition(rect.x0 & 1 == 0 && rect.y0 & 1 == 0 && rect.x1 & 1 == 0 && rect.y1 & 1 == 0
                     && rect.x0 >= 0 && rect.y0 >= 0 && rect.x1 <= width && rect.y1 <= height, "rect \(rect) not on 2x2 blocks")
        guard !rect.isEmpty else { return }
        if kernel == .avx2 && !scalarOnly {
            precondition(Kernel.best == .avx2, "this CPU has no AVX2")
            spruce_yuv420_convert_avx2(bgra.assumingMemoryBound(to: UInt8.self), width, height,
                                       out.assumingMemoryBound(to: UInt8.self), rect.x0, rect.y0, rect.x1, rect.y1)
            return
        }
        var state = FlatBlockCache(pixel: bgra.load(fromByteOffset: (rect.y0 &* width &+ rect.x0) &* 4, as: UInt32.self))
        let chromaWidth = width / 2
        let cbPlane = out + width &* height, crPlane = cbPlane + chromaWidth &* (height / 2)
        for row in stride(from: rect.y0, to: rect.y1, by: 2) {
            let top = bgra + row &* width &* 4, bottom = top + width &* 4
            let yTop = out + row &* width, yBottom = yTop + width
            let chromaOffset = (row / 2) &* chromaWidth
            let cb = cbPlane + chromaOffset, cr = crPlane + chromaOffset
            var x = rect.x0
            // UI frames are mostly flat colour: eight pixels of two rows equal to the last flat block are written
            // as whole words (callgrind, the example's 195 frames: 17 instructions a pixel without this, 3.7 with
            // it; re-checking a window against its own first colour, or remembering two colours, cost more).
            while x &+ 8 <= rect.x1 {
                let pattern = state.pattern
                let offset = x &* 4
                if top.loadUnaligned(fromByteOffset: offset, as: UInt64.self) == pattern,
                   top.loadUnaligned(fromByteOffset: offset &+ 8, as: UInt64.self) == pattern,
                   top.loadUnaligned(fromByteOffset: offset &+ 16, as: UInt64.self) == pattern,
                   top.loadUnaligned(fromByteOffset: offset &+ 24, as: UInt64.self) == pattern,
                   bottom.loadUnaligned(fromByteOffset: offset, as: UInt64.self) == pattern,
                   bottom.loadUnaligned(fromByteOffset: offset &+ 8, as: UInt64.self) == pattern,
                   bottom.loadUnaligned(fromByteOffset: offset &+ 16, as: UInt64.self) == pattern,
                   bottom.loadUnaligned(fromByteOffset: offset &+ 24, as: UInt64.self) == pattern {
                    yTop.storeBytes(of: state.luma8, toByteOffset: x, as: UInt64.self)
                    yBottom.storeBytes(of: state.luma8, toByteOffset: x, as: UInt64.self)
                    cb.storeBytes(of: state.cb4, toByteOffset: x / 2, as: UInt32.self)
                    cr.storeBytes(of: state.cr4, toByteOffset: x / 2, as: UInt32.self)
                } else if scalarOnly {
                    for block in stride(from: x, to: x &+ 8, by: 2) {
                        convertBlock(at: block, top, bottom, yTop, yBottom, cb, cr, &state)
                    }
                } else {
                    convertEight(at: x, top, bottom, yTop, yBottom, cb, cr, &state)
                }
                x &+= 8
            }
            while x < rect.x1 {
                convertBlock(at: x, top, bottom, yTop, yBottom, cb, cr, &state)
                x &+= 2
            }
        }
    }

    /// The eight columns from `x` of the row pair, four 2x2 blocks at once in vector registers: the same integer
    /// formulas as `luma` and `chroma`, lane by lane, so the bytes are those of `convertBlock`. Remembers the
    /// last block's colour when it is flat, as `convertBlock` does, so that the flat run after an edge takes the
    /// word path again.
    @inline(__always)
    private static func convertEight(
        at x: Int, _ top: UnsafeRawPointer, _ bottom: UnsafeRawPointer,
        _ yTop: UnsafeMutableRawPointer, _ yBottom: UnsafeMutableRawPointer,
        _ cb: UnsafeMutableRawPointer, _ cr: UnsafeMutableRawPointer, _ state: inout FlatBlockCache
    ) {
        let offset = x &* 4
        let a = top.loadUnaligned(fromByteOffset: offset, as: SIMD8<UInt32>.self)
        let b = bottom.loadUnaligned(fromByteOffset: offset, as: SIMD8<UInt32>.self)
        @inline(__always) func channel(_ p: SIMD8<UInt32>, _ shift: UInt32) -> SIMD8<Int32> {
            SIMD8<Int32>(truncatingIfNeeded: (p &>> shift) & 0xFF)
        }
        @inline(__always) func luma(_ p: SIMD8<UInt32>) -> UInt64 {
            let y = (Int32(yR) &* channel(p, 16) &+ Int32(yG) &* channel(p, 8) &+ Int32(yB) &* channel(p, 0)
                     &+ Int32((16 << 16) + (1 << 15))) &>> 16
            return unsafeBitCast(SIMD8<UInt8>(truncatingIfNeeded: y), to: UInt64.self)
        }
        yTop.storeBytes(of: luma(a), toByteOffset: x, as: UInt64.self)
        yBottom.storeBytes(of: luma(b), toByteOffset: x, as: UInt64.self)
        // Sums of each 2x2 block: columns added down, then neighbouring columns.
        @inline(__always) func sums(_ shift: UInt32) -> SIMD4<Int32> {
            let column = channel(a, shift) &+ channel(b, shift)
            return column.evenHalf &+ column.oddHalf
        }
        let r = sums(16), g = sums(8), bl = sums(0)
        let offset4 = Int32((128 << 18) + (1 << 17))
        let u = (Int32(uR) &* r &+ Int32(uG) &* g &+ Int32(uB) &* bl &+ offset4) &>> 18
        let v = (Int32(vR) &* r &+ Int32(vG) &* g &+ Int32(vB) &* bl &+ offset4) &>> 18
        cb.storeBytes(of: unsafeBitCast(SIMD4<UInt8>(truncatingIfNeeded: u), to: UInt32.self), toByteOffset: x / 2, as: UInt32.self)
        cr.storeBytes(of: unsafeBitCast(SIMD4<UInt8>(truncatingIfNeeded: v), to: UInt32.self), toByteOffset: x / 2, as: UInt32.self)
        let last = a[6]
        if last != state.pixel, last == a[7], last == b[6], last == b[7] { state = FlatBlockCache(pixel: last) }
    }

    /// The 2x2 block whose top-left pixel is column `x` of the row pair.
    @inline(__always)
    private static func convertBlock(
        at x: Int, _ top: UnsafeRawPointer, _ bottom: UnsafeRawPointer,
        _ yTop: UnsafeMutableRawPointer, _ yBottom: UnsafeMutableRawPointer,
        _ cb: UnsafeMutableRawPointer, _ cr: UnsafeMutableRawPointer, _ state: inout FlatBlockCache
    ) {
        let offset = x &* 4
        let a = top.load(fromByteOffset: offset, as: UInt32.self), b = top.load(fromByteOffset: offset &+ 4, as: UInt32.self)
        let c = bottom.load(fromByteOffset: offset, as: UInt32.self), d = bottom.load(fromByteOffset: offset &+ 4, as: UInt32.self)
        let u: UInt8, v: UInt8
        if a == b && a == c && a == d {
            if a != state.pixel { state = FlatBlockCache(pixel: a) }
            let y = UInt8(truncatingIfNeeded: state.luma8)
            yTop.storeBytes(of: y, toByteOffset: x, as: UInt8.self); yTop.storeBytes(of: y, toByteOffset: x &+ 1, as: UInt8.self)
            yBottom.storeBytes(of: y, toByteOffset: x, as: UInt8.self); yBottom.storeBytes(of: y, toByteOffset: x &+ 1, as: UInt8.self)
            u = UInt8(truncatingIfNeeded: state.cb4); v = UInt8(truncatingIfNeeded: state.cr4)
        } else {
            yTop.storeBytes(of: luma(a), toByteOffset: x, as: UInt8.self)
            yTop.storeBytes(of: luma(b), toByteOffset: x &+ 1, as: UInt8.self)
            yBottom.storeBytes(of: luma(c), toByteOffset: x, as: UInt8.self)
            yBottom.storeBytes(of: luma(d), toByteOffset: x &+ 1, as: UInt8.self)
            (u, v) = chroma(a, b, c, d)
        }
        cb.storeBytes(of: u, toByteOffset: x / 2, as: UInt8.self)
        cr.storeBytes(of: v, toByteOffset: x / 2, as: UInt8.self)
    }

    /// The last flat colour met and its converted values, replicated for word-sized stores.
    private struct FlatBlockCache {
        var pixel: UInt32
        var pattern: UInt64
        var luma8: UInt64
        var cb4: UInt32
        var cr4: UInt32

        init(pixel: UInt32) {
            self.pixel = pixel
            pattern = UInt64(pixel) | UInt64(pixel) << 32
            luma8 = UInt64(YUV420Conversion.luma(pixel)) &* 0x0101_0101_0101_0101
            let (u, v) = YUV420Conversion.chroma(pixel, pixel, pixel, pixel)
            cb4 = UInt32(u) &* 0x0101_0101
            cr4 = UInt32(v) &* 0x0101_0101
        }
    }
}
