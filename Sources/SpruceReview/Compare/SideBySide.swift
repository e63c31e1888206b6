import Foundation
import Spruce
import SpruceFilm
import SpruceRender

/// Two films side by side, each under its label, and optionally a third pane with their difference (white
/// where the pixels agree, red as strong as the largest channel difference, amplified 4×). Both play on
/// one clock (they must share a frame rate); the shorter holds its last frame. A frame source, so it goes
/// through `VideoRenderer` like any film: MP4, GIF, PNG, written atomically.
public struct SideBySide: FrameSource {
    public let a: Film, b: Film
    public let labels: (String, String)
    public let showsDifference: Bool
    public let format: FrameFormat
    let layout: Layout

    struct Layout {
        var paneA: CGRect, paneB: CGRect, paneDifference: CGRect?
        var size: CGSize
        static let margin: CGFloat = 16, header: CGFloat = 30
    }

    public init(a: Film, b: Film, labels: (String, String), difference: Bool) throws {
        guard abs(a.framesPerSecond - b.framesPerSecond) < 1e-9 else {
            throw ReviewError.differentFrameRates(a: a.framesPerSecond, b: b.framesPerSecond)
        }
        // Panes in pixels: each film at its own scale.
        func pixels(_ f: Film) -> CGSize {
            CGSize(width: (f.canvas.size.width * f.canvas.scale).rounded(), height: (f.canvas.size.height * f.canvas.scale).rounded())
        }
        let sa = pixels(a), sb = pixels(b)
        if difference, sa != sb {
            throw ReviewError.differentSizes(a: sa, b: sb)
        }
        (self.a, self.b, self.labels, showsDifference) = (a, b, labels, difference)
        let m = Layout.margin, top = Layout.header
        let paneA = CGRect(x: m, y: top, width: sa.width, height: sa.height)
        let paneB = CGRect(x: paneA.maxX + m, y: top, width: sb.width, height: sb.height)
        let paneD = difference ? CGRect(x: paneB.maxX + m, y: top, width: sa.width, height: sa.height) : nil
        // Even sides, so H.264 takes the frames.
        func even(_ v: CGFloat) -> CGFloat { (v / 2).rounded(.up) * 2 }
        let size = CGSize(width: even((paneD ?? paneB).maxX + m), height: even(top + max(sa.height, sb.height) + m))
        layout = Layout(paneA: paneA, paneB: paneB, paneDifference: paneD, size: size)
        format = FrameFormat(width: Int(size.width), height: Int(size.height), framesPerSecond: a.framesPerSecond,
                             frameCount: max(a.frameCount, b.frameCount))
    }

    /// The still parts: background, labels, pane outlines.
    func backdrop() throws -> Bitmap {
        var d = Drawing(size: layout.size, background: ReviewStyle.paper)
        let font = ReviewStyle.captionFont
        let panes: [(CGRect, String)] = [(layout.paneA, "A  " + labels.0), (layout.paneB, "B  " + labels.1)]
            + (layout.paneDifference.map { [($0, "difference (red: A ≠ B, 4×)")] } ?? [])
        for (rect, text) in panes {
            d.add(.text(text, box: CGRect(x: rect.minX, y: 6, width: rect.width, height: 18), font: font, color: ReviewStyle.ink))
            d.add(.rect(rect.insetBy(dx: -1, dy: -1), fill: nil, stroke: ReviewStyle.rule))
        }
        return try d.render()
    }

    public func makeCursor() throws -> FrameCursor { try Cursor(self) }

    final class Cursor: FrameCursor {
        let source: SideBySide
        let backdrop: [UInt8]
        let a: ComparedFilm, b: ComparedFilm

        init(_ source: SideBySide) throws {
            self.source = source
            backdrop = try source.backdrop().packedBGRA()
            (a, b) = (try ComparedFilm(source.a), try ComparedFilm(source.b))
        }

        func draw(frame index: Int, into pixels: UnsafeMutableRawBufferPointer) throws {
            try a.show(frame: index)
            try b.show(frame: index)
            let out = pixels.bindMemory(to: UInt8.self)
            backdrop.withUnsafeBufferPointer { src in out.baseAddress!.update(from: src.baseAddress!, count: src.count) }
            let width = source.format.width
            func blit(_ image: [UInt8], _ w: Int, _ h: Int, at rect: CGRect) {
                let x0 = Int(rect.minX), y0 = Int(rect.minY)
                image.withUnsafeBufferPointer { src in
                    for y in 0..<h {
                        (out.baseAddress! + ((y0 + y) * width + x0) * 4).update(from: src.baseAddress! + y * w * 4, count: w * 4)
                    }
                }
            }
            blit(a.pixels, a.width, a.height, at: source.layout.paneA)
            blit(b.pixels, b.width, b.height, at: source.layout.paneB)
            if let pane = source.layout.paneDifference {
                var diff = [UInt8](repeating: 255, count: a.pixels.count)
                a.pixels.withUnsafeBufferPointer { x in
                    b.pixels.withUnsafeBufferPointer { y in
                        for i in stride(from: 0, to: x.count, by: 4) {
                            let d = max(absDiff(x[i], y[i]), absDiff(x[i + 1], y[i + 1]), absDiff(x[i + 2], y[i + 2]), absDiff(x[i + 3], y[i + 3]))
                            let v = UInt8(255 - min(255, Int(d) * 4))
                            (diff[i], diff[i + 1], diff[i + 2]) = (v, v, 255)   // BGRA: red stays, blue and green fade
                        }
                    }
                }
                blit(diff, a.width, a.height, at: pane)
            }
        }
    }
}

@inline(__always) func absDiff(_ x: UInt8, _ y: UInt8) -> UInt8 { x > y ? x - y : y - x }
