import Foundation
import Spruce
import SpruceFilm
import SpruceRender
import SpruceVideo

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
            throw SceneError("", "A plays at \(ReviewTitle.number(a.framesPerSecond)) fps and B at "
                             + "\(ReviewTitle.number(b.framesPerSecond)) fps; compare needs one frame rate")
        }
        // Panes in pixels: each film at its own scale.
        func pixels(_ f: Film) -> CGSize {
            CGSize(width: (f.canvas.size.width * f.canvas.scale).rounded(), height: (f.canvas.size.height * f.canvas.scale).rounded())
        }
        let sa = pixels(a), sb = pixels(b)
        if difference, sa != sb {
            throw SceneError("", "--difference needs films of one size; A is \(Int(sa.width))×\(Int(sa.height)), B \(Int(sb.width))×\(Int(sb.height))")
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
        let cursorA: FilmCursor, cursorB: FilmCursor
        let rendererA: Renderer, rendererB: Renderer

        init(_ source: SideBySide) throws {
            self.source = source
            backdrop = try source.backdrop().packedBGRA()
            (cursorA, cursorB) = (try FilmCursor(film: source.a), try FilmCursor(film: source.b))
            (rendererA, rendererB) = (try source.a.makeRenderer(), try source.b.makeRenderer())
        }

        func draw(frame index: Int, into pixels: UnsafeMutableRawBufferPointer) throws {
            let (a, b) = try source.frames(index, cursorA, cursorB, rendererA, rendererB)
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
                for i in stride(from: 0, to: a.pixels.count, by: 4) {
                    let d = max(absDiff(a.pixels[i], b.pixels[i]), absDiff(a.pixels[i + 1], b.pixels[i + 1]),
                                absDiff(a.pixels[i + 2], b.pixels[i + 2]), absDiff(a.pixels[i + 3], b.pixels[i + 3]))
                    let v = UInt8(255 - min(255, Int(d) * 4))
                    (diff[i], diff[i + 1], diff[i + 2]) = (v, v, 255)   // BGRA: red stays, blue and green fade
                }
                blit(diff, a.width, a.height, at: pane)
            }
        }
    }

    /// Frame `index` of each film (the last one once a film has ended), as packed premultiplied BGRA.
    func frames(_ index: Int, _ ca: FilmCursor, _ cb: FilmCursor, _ ra: Renderer, _ rb: Renderer) throws
        -> (a: (pixels: [UInt8], width: Int, height: Int), b: (pixels: [UInt8], width: Int, height: Int)) {
        func one(_ film: Film, _ cursor: FilmCursor, _ renderer: Renderer) throws -> ([UInt8], Int, Int) {
            let t = film.time(ofFrame: min(index, film.frameCount - 1))
            let bitmap = try renderer.render(cursor.seek(to: t))
            return (bitmap.packedBGRA(), bitmap.width, bitmap.height)
        }
        let x = try one(a, ca, ra), y = try one(b, cb, rb)
        return ((x.0, x.1, x.2), (y.0, y.1, y.2))
    }
}

@inline(__always) func absDiff(_ x: UInt8, _ y: UInt8) -> UInt8 { x > y ? x - y : y - x }
