import Foundation
import SpruceFilm
@testable import SpruceVideo

/// A deterministic, non-trivial animation drawn in plain Swift: three coloured rectangles with anti-aliased edges
/// moving over a white (or clear) background. Like a scene stepped by a fixed clock, each cursor carries state
/// that it advances frame by frame, and it checks it is asked for strictly increasing frames.
struct SyntheticSource: FrameSource {
    var format: FrameFormat
    var transparentBackground = false
    /// Throw from `draw` at this frame (error-path tests).
    var failAtFrame: Int?

    init(width: Int = 160, height: Int = 120, fps: Double = 25, frames: Int = 40) {
        format = FrameFormat(width: width, height: height, framesPerSecond: fps, frameCount: frames)
    }

    func makeCursor() throws -> FrameCursor { Cursor(self) }

    struct DrawError: Error, CustomStringConvertible {
        var description: String
    }

    final class Cursor: FrameCursor {
        let source: SyntheticSource
        /// Stepped state: the simulated clock advances one frame at a time, even for skipped frames.
        private var step = -1
        private var phase = 0.0

        init(_ source: SyntheticSource) { self.source = source }

        func draw(frame index: Int, into pixels: UnsafeMutableRawBufferPointer) throws {
            guard index > step else { throw DrawError(description: "frame \(index) asked after \(step)") }
            while step < index {
                step += 1
                phase += 1 / source.format.framesPerSecond
            }
            if index == source.failAtFrame { throw DrawError(description: "synthetic failure at \(index)") }
            SyntheticSource.render(time: phase, format: source.format, clear: source.transparentBackground, into: pixels)
        }
    }

    /// Rectangle (x, y, w, h) in pixels with a premultiplied BGRA colour (0...1).
    private struct Box {
        var x, y, w, h: Double
        var b, g, r, a: Double
    }

    static func render(time t: Double, format: FrameFormat, clear: Bool, into pixels: UnsafeMutableRawBufferPointer) {
        let width = format.width, height = format.height
        let W = Double(width), H = Double(height)
        let boxes = [
            Box(x: W * (0.1 + 0.5 * t / 1.6), y: H * 0.15, w: W * 0.25, h: H * 0.3, b: 0.2, g: 0.3, r: 0.9, a: 1),
            Box(x: W * 0.55, y: H * (0.1 + 0.45 * (0.5 + 0.5 * sin(t * 4))), w: W * 0.3, h: H * 0.35,
                b: 0.8, g: 0.5, r: 0.1, a: 1),
            Box(x: W * (0.3 + 0.2 * cos(t * 3)), y: H * 0.55, w: W * 0.35 + 10 * t, h: H * 0.3,
                b: 0.1 * 0.6, g: 0.7 * 0.6, r: 0.3 * 0.6, a: 0.6),
        ]
        let bytes = pixels.bindMemory(to: UInt8.self)
        var row = [Double](repeating: 0, count: width * 4)
        for y in 0..<height {
            for x in 0..<width {
                if clear {
                    row[4 * x] = 0; row[4 * x + 1] = 0; row[4 * x + 2] = 0; row[4 * x + 3] = 0
                } else {
                    // A soft two-way gradient: more colours than a GIF palette holds, so dithering is exercised.
                    row[4 * x] = 1; row[4 * x + 1] = 1 - 0.2 * Double(x) / W; row[4 * x + 2] = 1 - 0.3 * Double(y) / H
                    row[4 * x + 3] = 1
                }
            }
            let py = Double(y)
            for box in boxes {
                let coverY = max(0, min(py + 1, box.y + box.h) - max(py, box.y))
                if coverY == 0 { continue }
                let x0 = max(0, Int(box.x.rounded(.down))), x1 = min(width - 1, Int((box.x + box.w).rounded(.up)))
                if x0 > x1 { continue }
                for x in x0...x1 {
                    let px = Double(x)
                    let coverX = max(0, min(px + 1, box.x + box.w) - max(px, box.x))
                    let k = coverX * coverY
                    if k == 0 { continue }
                    let sa = box.a * k
                    let base = 4 * x
                    row[base] = box.b * k + row[base] * (1 - sa)
                    row[base + 1] = box.g * k + row[base + 1] * (1 - sa)
                    row[base + 2] = box.r * k + row[base + 2] * (1 - sa)
                    row[base + 3] = sa + row[base + 3] * (1 - sa)
                }
            }
            let offset = y * width * 4
            for i in 0..<(width * 4) { bytes[offset + i] = UInt8((row[i] * 255).rounded()) }
        }
    }

    /// Frame `i` as drawn by a fresh cursor.
    func frame(_ index: Int) throws -> [UInt8] {
        var buffer = [UInt8](repeating: 0, count: format.bytesPerFrame)
        let cursor = try makeCursor()
        try buffer.withUnsafeMutableBytes { try cursor.draw(frame: index, into: $0) }
        return buffer
    }

    /// Frame `index` as the pipeline hands it to ffmpeg in `wire` format.
    func packed(_ index: Int, as wire: WireFormat) throws -> [UInt8] {
        var drawn = try frame(index)
        var packed = [UInt8](repeating: 0, count: wire.bytesPerFrame(format))
        drawn.withUnsafeMutableBytes { d in
            if wire.convertsInPlace {
                wire.pack(drawn: d, format: format, into: d)
            } else {
                packed.withUnsafeMutableBytes { wire.pack(drawn: d, format: format, into: $0) }
            }
        }
        return wire.convertsInPlace ? drawn : packed
    }
}
