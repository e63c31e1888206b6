import Foundation
import Spruce
import SpruceRender
import XCTest

final class RendererErrorTests: XCTestCase {
    func message(_ body: () throws -> Void) -> String {
        do { try body(); return "no error" } catch { return "\(error)" }
    }

    func testCanvasSizesAreValidated() {
        XCTAssertEqual(message { _ = try Renderer(size: CGSize(width: CGFloat.nan, height: 10)) },
                       "invalid size: canvas size nan×10.0 is not finite")
        XCTAssertEqual(message { _ = try Renderer(size: CGSize(width: CGFloat.infinity, height: 10)) },
                       "invalid size: canvas size inf×10.0 is not finite")
        XCTAssertEqual(message { _ = try Renderer(size: CGSize(width: -5, height: 10)) },
                       "invalid size: canvas size -5.0×10.0 must be positive")
        XCTAssertEqual(message { _ = try Renderer(size: CGSize(width: 0, height: 10)) },
                       "invalid size: canvas size 0.0×10.0 must be positive")
        XCTAssertEqual(message { _ = try Renderer(size: CGSize(width: 10, height: 10), scale: 0) },
                       "invalid size: scale 0.0 must be a positive number")
        XCTAssertEqual(message { _ = try Renderer(size: CGSize(width: 0.2, height: 10)) },
                       "invalid size: 0×10 pixels; each side must be 1…16384 (size × scale)")
        XCTAssertEqual(message { _ = try Renderer(size: CGSize(width: 10000, height: 10), scale: 2) },
                       "invalid size: 20000×20 pixels; each side must be 1…16384 (size × scale)")
        XCTAssertEqual(message { _ = try Bitmap(width: 0, height: 4) },
                       "invalid size: 0×4 pixels; each side must be 1…16384")
        XCTAssertEqual(message { _ = try Bitmap(width: 16385, height: 4) },
                       "invalid size: 16385×4 pixels; each side must be 1…16384")
        XCTAssertNoThrow(try Bitmap(width: 16384, height: 1))
    }

    func testViewGeometryIsValidated() throws {
        let renderer = try Renderer(size: CGSize(width: 50, height: 50))
        let root = View(frame: CGRect(x: 0, y: 0, width: 50, height: 50))
        let child = View(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        child.id = "tile-3"
        root.addSubview(child)
        child.frame = CGRect(x: 0, y: 0, width: CGFloat.nan, height: 10)
        XCTAssertEqual(message { _ = try renderer.render(root) }, "invalid geometry: View 'tile-3': width is nan")
        child.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
        child.bounds.size.height = -4
        XCTAssertEqual(message { _ = try renderer.render(root) },
                       "invalid geometry: View 'tile-3': height -4.0 must not be negative")
        child.bounds.size.height = 4
        child.transform = CGAffineTransform(scaleX: .infinity, y: 1)
        XCTAssertEqual(message { _ = try renderer.render(root) }, "invalid geometry: View 'tile-3': transform.a is inf")
        child.transform = .identity
        child.tag = 7
        child.id = nil
        child.alpha = .nan
        XCTAssertEqual(message { _ = try renderer.render(root) }, "invalid geometry: View with tag 7: alpha is nan")
    }

    func testUndecodablePNGs() throws {
        XCTAssertEqual(message { _ = try Bitmap(pngData: Data()) }, "cannot read PNG: the data is empty")
        XCTAssertEqual(message { _ = try Bitmap(pngData: Data("GIF89a".utf8)) }, "cannot read PNG: the data has no PNG signature")
        let good = try Data(contentsOf: fixturesURL.appendingPathComponent("images/testcard.png"))
        XCTAssertEqual(message { _ = try Bitmap(pngData: good.prefix(good.count / 2)) },
                       "cannot read PNG: truncated or corrupt PNG data")
        var corrupt = good
        for i in 40..<60 { corrupt[i] ^= 0x5A }
        // libpng's error, which Cairo reports as a failed allocation: the memory is there, so the data is corrupt.
        XCTAssertEqual(message { _ = try Bitmap(pngData: corrupt) }, "cannot read PNG: corrupt PNG data")
        XCTAssertEqual(message { _ = try Bitmap(contentsOfFile: "/nonexistent/x.png") },
                       "cannot read PNG: /nonexistent/x.png: no such file")
    }

    func testPNGRoundTripIsLossless() throws {
        let renderer = try Renderer(size: CGSize(width: 40, height: 30), background: nil)
        let root = View(frame: CGRect(x: 0, y: 0, width: 40, height: 30))
        let t = tile(CGRect(x: 5, y: 5, width: 30, height: 20), Color(red: 0.2, green: 0.6, blue: 0.9, alpha: 0.7), radius: 6)
        root.addSubview(t)
        let bitmap = try renderer.render(root)
        let back = try Bitmap(pngData: bitmap.pngData())
        XCTAssertEqual(back, bitmap)
        XCTAssertEqual(bitmap.pixel(x: 0, y: 0).a, 0, "transparent canvas")
        XCTAssertEqual(bitmap.pixel(x: 20, y: 15).a, 179)
    }

    func testUnwritableTargetsLeaveNothingBehind() throws {
        let bitmap = try Bitmap(width: 4, height: 4)
        XCTAssertEqual(message { try bitmap.writePNG(to: "/nonexistent-dir/out.png") },
                       "cannot write: directory /nonexistent-dir does not exist")
        let dir = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        XCTAssertEqual(message { try bitmap.writePNG(to: dir.path) }, "cannot write: \(dir.path) is a directory")
        let locked = dir.appendingPathComponent("locked")
        try FileManager.default.createDirectory(at: locked, withIntermediateDirectories: true)
        chmod(locked.path, 0o500)
        defer { chmod(locked.path, 0o700) }
        if getuid() != 0 {  // root ignores directory permissions
            XCTAssertEqual(message { try bitmap.writePNG(to: locked.appendingPathComponent("a.png").path) },
                           "cannot write: directory \(locked.path) is not writable (Permission denied)")
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: locked.path), [])
    }

    func testFailedWriteKeepsThePreviousFile() throws {
        let dir = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let target = dir.appendingPathComponent("frame.png")
        try Data("previous".utf8).write(to: target)
        struct Boom: Error {}
        XCTAssertThrowsError(try AtomicFile.write(to: target) { temp in
            try Data("half a fi".utf8).write(to: temp)
            throw Boom()
        })
        XCTAssertEqual(try String(contentsOf: target, encoding: .utf8), "previous")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir.path), ["frame.png"], "temporary file removed")
        let bitmap = try Bitmap(width: 3, height: 3)
        try bitmap.writePNG(to: target.path)
        XCTAssertEqual(try Bitmap(contentsOfFile: target.path), bitmap)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir.path), ["frame.png"])
    }

    /// The temporary is created before a byte is encoded, so a directory that refuses new files fails the write
    /// up front: one line naming the directory and the system's reason, the previous PNG intact, nothing left.
    func testDirectoryThatRefusesTheTemporaryKeepsThePreviousPNG() throws {
        let dir = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let target = dir.appendingPathComponent("frame.png")
        try Bitmap(width: 2, height: 2).writePNG(to: target.path)
        let previous = try Data(contentsOf: target)
        let unlock = try refuseNewFiles(in: dir)
        defer { unlock() }

        let error = message { try Bitmap(width: 3, height: 3).writePNG(to: target.path) }
        XCTAssertTrue(error.hasPrefix("cannot write: directory \(dir.path) is not writable ("), error)
        XCTAssertFalse(error.contains("\n"), error)
        unlock()
        XCTAssertEqual(try Data(contentsOf: target), previous, "the previous PNG is untouched")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir.path), ["frame.png"], "no temporary left")
    }

    /// Temporaries carry the target's name; a name near the 255-byte limit must not make them impossible.
    func testTargetWithALongNameIsWritten() throws {
        let dir = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let target = dir.appendingPathComponent(String(repeating: "é", count: 125) + ".png")  // 254 bytes
        let bitmap = try Bitmap(width: 3, height: 3)
        try bitmap.writePNG(to: target.path)
        XCTAssertEqual(try Bitmap(contentsOfFile: target.path), bitmap)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir.path), [target.lastPathComponent])
    }

    /// Makes `dir` refuse new entries and returns the undo. Root ignores permission bits, so for root the
    /// directory is made immutable (`chattr +i`), which binds root too; a file system without that flag skips.
    private func refuseNewFiles(in dir: URL) throws -> () -> Void {
        if getuid() != 0 {
            chmod(dir.path, 0o500)
            return { chmod(dir.path, 0o700) }
        }
        guard chattr("+i", dir) else { throw XCTSkip("running as root and \(dir.path) cannot be made immutable (chattr +i)") }
        return { _ = chattr("-i", dir) }
    }
}
