import SpruceFilm
import SpruceRender

extension WireFormat {
    /// Whether a worker draws into a buffer of its own before packing into the pool's: 4:2:0 always; with
    /// damage tracking also straight BGRA, whose pool buffer no longer holds what Cairo drew once unpremultiplied.
    /// Opaque BGRA is redrawn in the pool's buffer: a redrawn region is filled with the background before anything
    /// is painted on it (`Renderer.draw(_:into:only:)`), so it never blends with the alpha bytes set there before.
    func needsDrawingBuffer(damageTracking: Bool) -> Bool {
        damageTracking ? (self == .yuv420p || self == .straightBGRA) : !convertsInPlace
    }

    /// Whether packing converts 2x2 blocks (4:2:0): its damage is best taken with `alignedToEvenPixels`, so that
    /// no block is converted twice.
    var packsEvenBlocks: Bool { self == .yuv420p }

    /// Packs only `region` of a drawn frame into a wire buffer that holds an earlier frame: pixels outside the
    /// region are the same in both, so the wire bytes end up exactly those of packing the whole frame. For 4:2:0,
    /// each rectangle grows to the 2x2 blocks it touches.
    func pack(drawn: UnsafeMutableRawBufferPointer, format: FrameFormat, into wire: UnsafeMutableRawBufferPointer,
              only region: DamageRegion) {
        if region.coversCanvas, self == .yuv420p { return pack(drawn: drawn, format: format, into: wire) }
        for r in region.rects {
            switch self {
            case .bgr0, .straightBGRA, .drawnStraightBGRA, .opaqueBGRA:
                let rowBytes = (r.x1 - r.x0) * 4
                for y in r.y0..<r.y1 {
                    let offset = (y * format.width + r.x0) * 4
                    let row = UnsafeMutableRawBufferPointer(rebasing: wire[offset..<(offset + rowBytes)])
                    if drawn.baseAddress != wire.baseAddress {
                        row.baseAddress!.copyMemory(from: drawn.baseAddress! + offset, byteCount: rowBytes)
                    }
                    if self == .straightBGRA { PixelConversion.unpremultiplyBGRA(row) }
                    if self == .opaqueBGRA { PixelConversion.makeOpaque(row) }
                }
            case .yuv420p:
                YUV420Conversion.convert(bgra: drawn.baseAddress!, width: format.width, height: format.height,
                                         into: wire.baseAddress!, only: r.alignedToEvenPixels)
            }
        }
    }
}
