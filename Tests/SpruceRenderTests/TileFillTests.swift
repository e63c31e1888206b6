import CCairo
import Foundation
import Spruce
@testable import SpruceRender
import XCTest

/// `TileFill` must give the bytes of Cairo's own `cairo_fill` of the same rounded path, for every tile it accepts,
/// and draw nothing for a tile it refuses (the caller then fills with Cairo).
final class TileFillTests: XCTestCase {
    /// A small deterministic generator (Knuth's MMIX linear congruence, top bits), so a failure names a
    /// reproducible tile.
    private struct Random {
        var state: UInt64
        mutating func next() -> UInt64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return state >> 11 | state << 53
        }
        mutating func unit() -> Double { Double(next() & (1 << 53 - 1)) / Double(1 << 53) }
        mutating func range(_ lo: Double, _ hi: Double) -> Double { lo + (hi - lo) * unit() }
    }

    private struct Tile {
        var rect: CGRect, radius: CGFloat, matrix: cairo_matrix_t, color: Color, antialias: cairo_antialias_t
    }

    private func randomTile(_ r: inout Random) -> Tile {
        let scale = r.range(0.05, 3), angle = r.unit() < 0.4 ? 0 : r.range(0, 2 * .pi)
        let flipX: Double = r.unit() < 0.2 ? -1 : 1, flipY: Double = r.unit() < 0.2 ? -1 : 1
        let squash = r.unit() < 0.3 ? r.range(0.5, 1.5) : 1
        let (c, s) = (cos(angle), sin(angle))
        let (sx, sy) = (scale * flipX, scale * squash * flipY)
        let matrix = cairo_matrix_t(xx: sx * c, yx: sx * s, xy: -sy * s, yy: sy * c, x0: r.range(60, 100), y0: r.range(60, 100))
        let width = r.unit() < 0.15 ? r.range(0.02, 4) : r.range(2, 60)
        let height = r.unit() < 0.15 ? r.range(0.02, 4) : r.range(2, 60)
        let rect = CGRect(x: r.range(-30, 10), y: r.range(-30, 10), width: width, height: height)
        let color = Color(red: r.unit(), green: r.unit(), blue: r.unit(), alpha: r.unit() < 0.35 ? 1 : r.unit())
        let modes = [CAIRO_ANTIALIAS_GOOD, CAIRO_ANTIALIAS_DEFAULT, CAIRO_ANTIALIAS_GRAY, CAIRO_ANTIALIAS_BEST]
        // Half the corners small (most tiles), half up to 40 points: up to a major axis of 120 pixels or so.
        let radius = r.unit() < 0.5 ? r.range(0.01, 4) : r.range(4, 40)
        return Tile(rect: rect, radius: CGFloat(radius), matrix: matrix, color: color, antialias: modes[Int(r.next() % 4)])
    }

    /// Fills `tile` on a copy of `background` by Cairo or by `TileFill`; nil when `TileFill` refused it.
    private func filled(_ tile: Tile, over background: Bitmap, fast: Bool) -> Bitmap? {
        let bitmap = background.copy()
        let cr = cairo_create(bitmap.surface)!
        defer { cairo_destroy(cr) }
        cairo_set_antialias(cr, tile.antialias)
        var m = tile.matrix
        cairo_set_matrix(cr, &m)
        if fast {
            guard TileFill.fill(tile.rect, radius: tile.radius, color: tile.color, on: cr) else { return nil }
        } else {
            TreePainter(cr: cr).roundedRect(tile.rect, radius: tile.radius)
            cairo_set_source_rgba(cr, tile.color.red, tile.color.green, tile.color.blue, tile.color.alpha)
            cairo_fill(cr)
        }
        cairo_surface_flush(bitmap.surface)
        return bitmap
    }

    /// Fills `tile` over `base` both ways: nil when `TileFill` refused it, else whether its bytes are Cairo's.
    private func sameAsCairo(_ tile: Tile, over base: Bitmap) throws -> Bool? {
        let cairo = try XCTUnwrap(filled(tile, over: base, fast: false))
        guard let ours = filled(tile, over: base, fast: true) else { return nil }
        return ours == cairo
    }

    /// `TileFill` takes `tile` and fills it over `base` to Cairo's bytes, drawing something.
    private func assertFilledAsCairo(_ tile: Tile, over base: Bitmap, file: StaticString = #filePath, line: UInt = #line) throws {
        let cairo = try XCTUnwrap(filled(tile, over: base, fast: false), file: file, line: line)
        let ours = try XCTUnwrap(filled(tile, over: base, fast: true), "refused \(tile)", file: file, line: line)
        XCTAssertTrue(ours == cairo, "TileFill differs from cairo_fill for \(tile)", file: file, line: line)
        XCTAssertFalse(ours == base, "nothing drawn for \(tile)", file: file, line: line)
    }

    private func background(_ r: inout Random) throws -> Bitmap {
        let bitmap = try Bitmap(width: 160, height: 160)
        let kind = r.next() % 3
        let plain = UInt32(0xFF00_0000) | UInt32(truncatingIfNeeded: r.next() & 0xFF_FFFF)
        bitmap.withUnsafeMutableBytes { bytes in
            let pixels = bytes.bindMemory(to: UInt32.self)
            for i in pixels.indices {
                pixels[i] = kind == 0 ? 0xFFFF_FFFF : kind == 1 ? plain : UInt32(0xFF00_0000) | UInt32(truncatingIfNeeded: r.next() & 0xFF_FFFF)
            }
        }
        return bitmap
    }

    func testRandomTilesAreCairosBytes() throws {
        var r = Random(state: 17)
        var drawn = 0, refused = 0, differing: [String] = []
        for n in 0..<2500 {
            let tile = randomTile(&r)
            guard let same = try sameAsCairo(tile, over: background(&r)) else {
                refused += 1
                continue
            }
            drawn += 1
            if !same, differing.count < 5 { differing.append("tile \(n): \(tile)") }
        }
        XCTAssertEqual(differing, [], "TileFill differs from cairo_fill")
        // The comparison means something only if most tiles took the fast path; the refusals are tiles reaching
        // outside the surface.
        XCTAssertGreaterThan(drawn, 1500, "drawn \(drawn), refused \(refused)")
    }

    /// Big corners, beyond the random tiles' 40 points and scale 3: corners of 30–360 pixels (the most
    /// `QuarterArc.fitsOneCurve` draws as one curve is about 366) at scales 0.5–4, on a surface that holds them.
    /// With the fill's old budget of 128 edges, corners above about 64 pixels were refused (and left to Cairo).
    func testBigCornersAreCairosBytes() throws {
        var r = Random(state: 29)
        var drawn = 0, differing: [String] = [], refusedOneCurve: [Int] = []
        let base = try Bitmap(width: 1200, height: 1200)
        base.fill(Color(red: 0.2, green: 0.3, blue: 0.4, alpha: 1))
        for n in 0..<400 {
            let scale = r.range(0.5, 4), angle = r.unit() < 0.5 ? 0 : r.range(0, 2 * .pi)
            let squash = r.unit() < 0.3 ? r.range(0.9, 1.1) : 1
            let (c, s) = (cos(angle), sin(angle))
            let radius = r.range(30, 360) / scale
            let side = 2 * radius + r.range(0, 40) / scale
            let (sx, sy) = (scale, scale * squash)
            let matrix = cairo_matrix_t(xx: sx * c, yx: sx * s, xy: -sy * s, yy: sy * c,
                                        x0: r.range(590, 610), y0: r.range(590, 610))
            let rect = CGRect(x: -side / 2, y: -side / 2, width: side, height: side)
            let color = Color(red: r.unit(), green: r.unit(), blue: r.unit(), alpha: r.unit() < 0.5 ? 1 : r.unit())
            let tile = Tile(rect: rect, radius: CGFloat(radius), matrix: matrix, color: color,
                            antialias: CAIRO_ANTIALIAS_DEFAULT)
            guard let same = try sameAsCairo(tile, over: base) else {
                // Only a corner `cairo_arc` draws as more than one curve (a squashed one of 367 pixels or more) is
                // Cairo's to fill; every tile here lies well inside the surface.
                if QuarterArc.fitsOneCurve(radius: radius, matrix) { refusedOneCurve.append(n) }
                continue
            }
            drawn += 1
            if !same, differing.count < 5 { differing.append("tile \(n): \(tile)") }
        }
        XCTAssertEqual(differing, [], "TileFill differs from cairo_fill")
        XCTAssertEqual(refusedOneCurve, [], "TileFill refused tiles whose corners Cairo draws as one curve")
        XCTAssertGreaterThan(drawn, 400 * 3 / 4, "TileFill refused most big corners")
    }

    /// The 4K example's tiles: corner radius 2 at `canvas.scale` 2, opaque and faded, whole and shrunk by the
    /// choreography's expand, axis-aligned; filled by `TileFill` (a bound by the matrix's Frobenius norm refused
    /// every one of them) to Cairo's bytes.
    func testFourKExampleTilesAreFilled() throws {
        let base = try Bitmap(width: 160, height: 160)
        base.fill(.white)
        for (scale, alpha) in [(2.0, 1.0), (2.0, 0.45), (0.2, 0.8), (1.37, 1.0)] {
            let tile = Tile(rect: CGRect(x: -30.5, y: -30.5, width: 61, height: 61), radius: 2,
                            matrix: cairo_matrix_t(xx: scale, yx: 0, xy: 0, yy: scale, x0: 80.25, y0: 79.5),
                            color: Color(red: 0.64, green: 0.91, blue: 0.69, alpha: alpha), antialias: CAIRO_ANTIALIAS_DEFAULT)
            try assertFilledAsCairo(tile, over: base)
        }
    }

    /// Tiles whose left side lies on a pixel boundary, with corners of 2.5 to 3.5 pixels: a row's edge, extrapolated
    /// to the row's top, falls just left of the path's box. Those cells carry their coverage into the box's first
    /// column and paint nothing, as in Cairo (before, the fill wrote them before its cell arrays: AddressSanitizer
    /// found it; the bytes came out of whatever lay there).
    func testCellsLeftOfTheBoxAreCairosBytes() throws {
        let base = try Bitmap(width: 64, height: 48)
        base.withUnsafeMutableBytes { bytes in
            let pixels = bytes.bindMemory(to: UInt32.self)
            for i in pixels.indices { pixels[i] = 0xFF30_5070 | UInt32(truncatingIfNeeded: (i * 7) % 61) }
        }
        var tiles = 0
        for radius in [2.5, 3.0, 3.5] {
            for y in stride(from: 5.0, to: 6.0, by: 0.125) {
                for x in [5.0, 1.0] {
                    let tile = Tile(rect: CGRect(x: x, y: y, width: 20.3, height: 17.4), radius: CGFloat(radius),
                                    matrix: cairo_matrix_t(xx: 1, yx: 0, xy: 0, yy: 1, x0: 0, y0: 0),
                                    color: Color(red: 0.64, green: 0.91, blue: 0.69, alpha: x == 1 ? 1 : 0.6),
                                    antialias: CAIRO_ANTIALIAS_DEFAULT)
                    try assertFilledAsCairo(tile, over: base)
                    tiles += 1
                }
            }
        }
        XCTAssertEqual(tiles, 48)
    }

    /// A grid's tiles: one size at many sub-pixel positions, so that the fill lays most corners from the shapes it
    /// flattened for the tiles before (each worker keeps its last curves, by their points' offsets), interleaved with
    /// tiles of other sizes and scales that take other shapes, or the same slots. Every one is Cairo's bytes.
    func testRepeatedTileShapesAreCairosBytes() throws {
        var r = Random(state: 41)
        let base = try Bitmap(width: 160, height: 160)
        base.fill(.white)
        let sizes: [(side: Double, radius: Double, scale: Double)] = [(79.1, 2, 1), (61, 2, 2), (30.5, 4, 0.37), (12.25, 1.5, 3.1)]
        var tiles = 0
        for n in 0..<400 {
            let (side, radius, scale) = sizes[n % 7 == 0 ? Int(r.next() % 4) : (n / 50) % 4]
            let alpha = n % 3 == 0 ? 1 : r.range(0.2, 0.95)
            let tile = Tile(rect: CGRect(x: -side / 2, y: -side / 2, width: side, height: side), radius: CGFloat(radius),
                            matrix: cairo_matrix_t(xx: scale, yx: 0, xy: 0, yy: scale, x0: r.range(78, 82), y0: r.range(78, 82)),
                            color: Color(red: 0.64, green: 0.91, blue: 0.69, alpha: alpha), antialias: CAIRO_ANTIALIAS_DEFAULT)
            try assertFilledAsCairo(tile, over: base)
            tiles += 1
        }
        XCTAssertEqual(tiles, 400)
    }

    /// Tiles wider than the cells the fill keeps on the stack (512 columns) take allocated cells: the same bytes.
    func testWideTilesAreCairosBytes() throws {
        let base = try Bitmap(width: 1400, height: 120)
        base.withUnsafeMutableBytes { bytes in
            let pixels = bytes.bindMemory(to: UInt32.self)
            for i in pixels.indices { pixels[i] = 0xFF20_4060 | UInt32(truncatingIfNeeded: i % 251) }
        }
        let tiles = [
            Tile(rect: CGRect(x: 3.3, y: 4.7, width: 1380.4, height: 97.2), radius: 2, matrix: cairo_matrix_t(xx: 1, yx: 0, xy: 0, yy: 1, x0: 0, y0: 0),
                 color: Color(red: 0.64, green: 0.91, blue: 0.69, alpha: 1), antialias: CAIRO_ANTIALIAS_DEFAULT),
            Tile(rect: CGRect(x: -300, y: -20, width: 600.5, height: 40.25), radius: 1.5,
                 matrix: cairo_matrix_t(xx: 1.1 * cos(0.05), yx: 1.1 * sin(0.05), xy: -sin(0.05), yy: cos(0.05), x0: 700, y0: 60),
                 color: Color(red: 0.2, green: 0.3, blue: 0.9, alpha: 0.55), antialias: CAIRO_ANTIALIAS_GOOD),
        ]
        for tile in tiles { try assertFilledAsCairo(tile, over: base) }
    }

    /// Refusing leaves every pixel as it was: a tile reaching outside the surface, one without corners,
    /// fast antialiasing, another operator, a group.
    func testRefusedTilesDrawNothing() throws {
        let base = try Bitmap(width: 64, height: 64)
        base.fill(.white)
        let color = Color(red: 0.2, green: 0.5, blue: 0.9, alpha: 0.7)
        func attempt(_ rect: CGRect, radius: CGFloat, _ setUp: (OpaquePointer) -> Void = { _ in }) -> Bool {
            let bitmap = base.copy()
            let cr = cairo_create(bitmap.surface)!
            defer { cairo_destroy(cr) }
            setUp(cr)
            let done = TileFill.fill(rect, radius: radius, color: color, on: cr)
            if cairo_get_group_target(cr) != cairo_get_target(cr) { cairo_pattern_destroy(cairo_pop_group(cr)) }
            XCTAssertEqual(bitmap, base, "\(rect) radius \(radius) changed pixels")
            return done
        }
        XCTAssertFalse(attempt(CGRect(x: -2, y: 5, width: 20, height: 20), radius: 2))
        XCTAssertFalse(attempt(CGRect(x: 50, y: 5, width: 20, height: 20), radius: 2))
        XCTAssertFalse(attempt(CGRect(x: 5, y: 5, width: 20, height: 20), radius: 0))
        XCTAssertFalse(attempt(CGRect(x: 5, y: 5, width: 20, height: 20), radius: 2) { cairo_set_antialias($0, CAIRO_ANTIALIAS_FAST) })
        XCTAssertFalse(attempt(CGRect(x: 5, y: 5, width: 20, height: 20), radius: 2) { cairo_set_antialias($0, CAIRO_ANTIALIAS_NONE) })
        XCTAssertFalse(attempt(CGRect(x: 5, y: 5, width: 20, height: 20), radius: 2) { cairo_set_operator($0, CAIRO_OPERATOR_ADD) })
        XCTAssertFalse(attempt(CGRect(x: 5, y: 5, width: 20, height: 20), radius: 2) { cairo_set_tolerance($0, 0.25) })
        XCTAssertFalse(attempt(CGRect(x: 5, y: 5, width: 20, height: 20), radius: 2) { cairo_push_group($0) })
    }

    /// A tree of faded, scaled and overlapping tiles renders to the same bytes with and without `TileFill`, in a
    /// full redraw and in a damaged region, on an opaque, a translucent and a transparent background (on which
    /// Cairo holds the surface to be clear and `TileFill` stays out).
    func testRenderedTreesAreTheSameWithAndWithoutTileFill() throws {
        func tree(_ step: Int) -> View {
            let root = View(frame: CGRect(x: 0, y: 0, width: 120, height: 90))
            for i in 0..<24 {
                let tile = View(frame: CGRect(x: Double(i % 6) * 19 + 2, y: Double(i / 6) * 21 + 3, width: 17.3, height: 18.6))
                tile.backgroundColor = Color(red: 0.1 * Double(i % 10), green: 0.7, blue: 0.4, alpha: i % 3 == 0 ? 1 : 0.8)
                tile.cornerRadius = 2
                tile.alpha = i % 4 == 0 ? 1 : 0.35 + 0.02 * Double(i + step)
                let s = 0.4 + 0.05 * Double((i + step) % 12)
                tile.transform = CGAffineTransform(scaleX: s, y: s)
                root.addSubview(tile)
            }
            return root
        }
        for background in [Color.white, Color(red: 0.3, green: 0.3, blue: 0.9, alpha: 0.5), Color.clear] {
            var fast = try Renderer(size: CGSize(width: 120, height: 90), scale: 2.5, background: background)
            var slow = fast
            (fast.tileFills, slow.tileFills) = (true, false)
            let a = try fast.render(tree(0)), b = try slow.render(tree(0))
            XCTAssertEqual(a, b, "full redraw on \(background)")
            let region = DamageRegion(width: fast.pixelWidth, height: fast.pixelHeight, union: [PixelRect(x0: 20, y0: 10, x1: 210, y1: 150)])
            try fast.draw(tree(3), into: a, only: region)
            try slow.draw(tree(3), into: b, only: region)
            XCTAssertEqual(a, b, "damaged region on \(background)")
        }
    }
}
