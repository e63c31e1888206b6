import Foundation
@testable import SpruceFilm
import SpruceRender
@testable import SpruceScene
@testable import SpruceVideo
import XCTest

/// Damage tracking must not change a single byte: every frame of every example scene, drawn incrementally (only
/// the damage since the frame a buffer held, then only that damage packed), against the same frame drawn whole
/// by a fresh cursor and packed whole. Through the real pipeline with 1, 2 and 3 drawing threads, whose workers
/// take frames from a shared counter, so buffers hold frames drawn by other threads.
final class DamageTrackingTests: XCTestCase {
    static let scenePaths: [String] = {
        let names = ["grid", "list", "collection", "phones"].map { "scenes/\($0).json" }
        let folders = ["scenes/examples", "scenes/gifs"].flatMap { folder in
            ((try? FileManager.default.contentsOfDirectory(atPath: repositoryFixtures.appendingPathComponent(folder).path)) ?? [])
                .sorted().map { "\(folder)/\($0)" }
        }
        return names + folders
    }()

    private static func source(_ document: SceneDocument) throws -> AnimationFrameSource {
        try SceneFilm(document: document, framesPerSecond: document.timeline.fps ?? 25).frameSource()
    }

    private static func pipelined(_ source: FrameSource, wire: WireFormat, threads: Int) throws -> [UInt64] {
        final class Hashes: @unchecked Sendable { var values: [UInt64] = [] }
        let hashes = Hashes()
        try FramePipeline.run(source: source, frames: 0..<source.format.frameCount, threadCount: threads,
                              cancellation: nil, wire: wire) { index, bytes in
            XCTAssertEqual(index, hashes.values.count)
            hashes.values.append(hash(bytes))
        }
        return hashes.values
    }

    /// The standard library's hasher (optimised code even in a debug build); seeded per process, which is
    /// enough to compare frames within one test.
    static func hash(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        var hasher = Hasher()
        hasher.combine(bytes: bytes)
        return UInt64(bitPattern: Int64(hasher.finalize()))
    }

    /// Checks one source on one cursor (pixel by pixel, naming the first difference), then through the pipeline
    /// on 1, 2 and 3 threads for `wires`. Returns the number of frames compared and the share of pixels redrawn.
    @discardableResult
    private func checkIncremental(_ name: String, _ source: FrameSource, wires: [WireFormat]) throws -> (frames: Int, redrawn: Double) {
        let format = source.format
        let full = try XCTUnwrap(source.makeCursor())
        let incremental = try XCTUnwrap(source.makeCursor() as? DamageTrackingCursor, "\(name): damage tracking")
        let reference = try Bitmap(width: format.width, height: format.height)
        let canvas = UnsafeMutableRawBufferPointer.allocate(byteCount: format.bytesPerFrame, alignment: 64)
        defer { canvas.deallocate() }
        let wires = wires.filter { $0 != .yuv420p || YUV420Conversion.supports(width: format.width, height: format.height) }
        let packed = UnsafeMutableRawBufferPointer.allocate(byteCount: format.bytesPerFrame, alignment: 64)
        defer { packed.deallocate() }
        var expected = [[UInt64]](repeating: [], count: wires.count)
        var held: PaintSnapshot?
        var redrawn = 0, compared = 0
        for i in 0..<format.frameCount {
            let (now, region) = try incremental.update(canvas, holding: held, to: i)
            held = now
            redrawn += region.area
            try reference.withUnsafeMutableBytes { try full.draw(frame: i, into: $0) }
            let mismatch = reference.withUnsafeBytes { ref -> Int? in
                guard memcmp(ref.baseAddress!, canvas.baseAddress!, format.bytesPerFrame) != 0 else { return nil }
                return (0..<(format.width * format.height)).first { p in
                    ref.load(fromByteOffset: p * 4, as: UInt32.self) != canvas.load(fromByteOffset: p * 4, as: UInt32.self)
                }
            }
            if let p = mismatch {
                XCTFail("\(name) frame \(i): pixel (\(p % format.width), \(p / format.width)) differs from a full redraw (\(region.rects.count) rects redrawn)")
                return (compared, 1)
            }
            compared += 1
            // What the pipeline must send for this frame: the full redraw packed whole.
            for (w, wire) in wires.enumerated() {
                reference.withUnsafeMutableBytes { ref in
                    if wire.convertsInPlace {
                        packed.copyMemory(from: UnsafeRawBufferPointer(ref))
                        wire.pack(drawn: packed, format: format, into: packed)
                    } else {
                        wire.pack(drawn: ref, format: format, into: packed)
                    }
                }
                expected[w].append(DamageTrackingTests.hash(UnsafeRawBufferPointer(rebasing: packed[0..<wire.bytesPerFrame(format)])))
            }
        }
        for (w, wire) in wires.enumerated() {
            for threads in [1, 2, 3] {
                let got = try DamageTrackingTests.pipelined(source, wire: wire, threads: threads)
                XCTAssertEqual(got.count, expected[w].count)
                let bad = zip(got, expected[w]).enumerated().first { $0.element.0 != $0.element.1 }?.offset
                XCTAssertNil(bad, "\(name), \(wire), \(threads) threads: frame \(bad ?? -1) differs from a full redraw")
                compared += got.count
            }
        }
        return (compared, Double(redrawn) / Double(format.width * format.height * format.frameCount))
    }

    /// Every frame of the example scenes (`scenePaths`), in four tests of a few scenes each, so that a parallel run
    /// spreads them over its processes instead of waiting for one long test.
    func testEveryFrameOfTheBuiltInScenesEqualsAFullRedraw() throws {
        XCTAssertGreaterThanOrEqual(DamageTrackingTests.scenePaths.count, 16, "4 built-in, 5 examples, 7 gif scenes")
        try checkScenes { !$0.hasPrefix("scenes/examples/") && !$0.hasPrefix("scenes/gifs/") }
    }

    func testEveryFrameOfTheExamplesFolderEqualsAFullRedraw() throws {
        try checkScenes { $0.hasPrefix("scenes/examples/") }
    }

    func testEveryFrameOfTheFirstHalfOfTheGIFScenesEqualsAFullRedraw() throws {
        try checkScenes(gifHalf: 0)
    }

    func testEveryFrameOfTheSecondHalfOfTheGIFScenesEqualsAFullRedraw() throws {
        try checkScenes(gifHalf: 1)
    }

    /// The scenes of the gifs folder at even (`half` 0) or odd (1) places in `scenePaths`' order.
    private func checkScenes(gifHalf half: Int) throws {
        let gifs = DamageTrackingTests.scenePaths.filter { $0.hasPrefix("scenes/gifs/") }
        XCTAssertFalse(gifs.isEmpty)
        let mine = Set(gifs.enumerated().filter { $0.offset % 2 == half }.map(\.element))
        try checkScenes { mine.contains($0) }
    }

    /// Checks every frame of each scene of `scenePaths` that `included` takes, through `checkIncremental`.
    private func checkScenes(_ included: (String) -> Bool) throws {
        var total = 0
        for path in DamageTrackingTests.scenePaths where included(path) {
            let document = try SceneParser.load(contentsOf: repositoryFixtures.appendingPathComponent(path))
            let (frames, redrawn) = try checkIncremental(path, DamageTrackingTests.source(document), wires: [.bgr0, .yuv420p])
            total += frames
            print("damage tracking: \(path): \(frames) frames compared, \(Int((redrawn * 100).rounded())) % of pixels redrawn")
        }
        XCTAssertGreaterThan(total, 0, "no scene compared")
        print("damage tracking: \(total) frames compared in all")
    }

    /// The cases Cairo is touchy about: rotation, a fractional scale, borders, faded groups clipped by the damage,
    /// and a transparent canvas (straight BGRA, unpremultiplied only where damaged; opaque BGRA, redrawn where its
    /// alpha bytes were set to 255).
    /// Without a border a tile is one shape, faded without a group (`SinglePaint`); both kinds are compared.
    func testRotatedScaledBorderedTransparentFramesEqualAFullRedraw() throws {
        for border: CGFloat in [3, 0] {
            var document = try builtInScene("grid")
            document.canvas.scale = 1.37
            document.canvas.background = nil
            document.views[0].grid?.tile.borderWidth = border
            document.choreography.animations = [.fadeIn, .spin(.moderately), .slide("up", .slightly), .expand(.slightly)]
            let name = "rotated grid at scale 1.37, border \(border)"
            let (frames, redrawn) = try checkIncremental(name, DamageTrackingTests.source(document), wires: [.straightBGRA, .opaqueBGRA])
            XCTAssertLessThan(redrawn, 0.99, "\(name): some frames are partial, so clipped rotated edges are compared")
            print("damage tracking: \(name): \(frames) frames compared, \(Int((redrawn * 100).rounded())) % of pixels redrawn")
        }
    }

    /// The tracking must be able to fail: a snapshot that misses a change leaves stale pixels.
    func testAMissedChangeShowsAsADifference() throws {
        let document = try builtInScene("grid")
        let source = try DamageTrackingTests.source(document)
        let format = source.format
        let cursor = try XCTUnwrap(source.makeCursor() as? DamageTrackingCursor)
        let full = try source.makeCursor()
        let canvas = UnsafeMutableRawBufferPointer.allocate(byteCount: format.bytesPerFrame, alignment: 64)
        let reference = UnsafeMutableRawBufferPointer.allocate(byteCount: format.bytesPerFrame, alignment: 64)
        defer { canvas.deallocate(); reference.deallocate() }
        _ = try cursor.update(canvas, holding: nil, to: 0)
        let middle = format.frameCount / 4
        // Drawing frame `middle` with the damage of nothing (as if no view had changed) keeps frame 0's pixels.
        _ = try cursor.prepare(frame: middle)
        try cursor.drawPrepared(only: .nothing(width: format.width, height: format.height), into: canvas)
        try full.draw(frame: middle, into: reference)
        XCTAssertNotEqual(DamageTrackingTests.hash(UnsafeRawBufferPointer(canvas)),
                          DamageTrackingTests.hash(UnsafeRawBufferPointer(reference)))
    }

    func testAHeldFrameHasNoDamageAndAMovingOneIsPartial() throws {
        let source = try DamageTrackingTests.source(builtInScene("grid"))
        let cursor = try XCTUnwrap(source.makeCursor() as? DamageTrackingCursor)
        let count = source.format.frameCount
        var previous: PaintSnapshot?
        var empty = 0, partial = 0, whole = 0
        for i in 0..<count {
            let now = try cursor.prepare(frame: i)
            let region = now.damage(since: previous)
            if region.isEmpty { empty += 1 } else if region.coversCanvas { whole += 1 } else { partial += 1 }
            previous = now
        }
        XCTAssertEqual(whole, 1, "only the first frame is drawn whole")
        XCTAssertGreaterThan(empty, 0, "grid.json holds its finished screen: those frames cost nothing")
        XCTAssertGreaterThan(partial, count / 2)
    }

    /// A frame reached with nothing running reuses the snapshot before it (the tree is not walked), and only then:
    /// every reused snapshot is one a fresh walk of the tree finds no damage against.
    func testAStillFrameReusesTheSnapshotBeforeIt() throws {
        var held = try builtInScene("grid")  // in, a 1 s hold, out
        held.timeline.loop = .inHoldOut
        held.timeline.hold = 1
        let source = try DamageTrackingTests.source(held)
        let cursor = try XCTUnwrap(source.makeCursor() as? AnimationFrameSource.Cursor)
        var previous: PaintSnapshot?
        var reused = 0
        for i in 0..<source.format.frameCount {
            let now = try cursor.prepare(frame: i)
            if now === previous {
                reused += 1
                let walked = PaintSnapshot(of: cursor.root, renderer: source.renderer)
                XCTAssertTrue(walked.damage(since: now).isEmpty, "frame \(i) reused a snapshot of another tree")
            }
            previous = now
        }
        XCTAssertGreaterThanOrEqual(reused, 24, "the grid's hold")
    }
}
