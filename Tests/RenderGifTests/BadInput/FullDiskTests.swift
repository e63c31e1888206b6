import Foundation
import XCTest

/// Outputs written onto a real full file system (a 2 MiB tmpfs filled to the last byte after an older output was
/// put there): exit 74 with one line naming the path, nothing partial left, nothing lost (the older output at the
/// same name is intact). The same with $TMPDIR on the full disk and the output elsewhere. Needs root to mount.
final class FullDiskTests: XCTestCase {
    private var mounted: [URL] = []

    override func tearDown() {
        for disk in mounted.reversed() { _ = Self.tool("/bin/umount", ["-l", disk.path]) }
        mounted = []
        super.tearDown()
    }

    func testMP4() throws {
        try expectFull(["--scene", "$S/scene.json", "--out", "$D/film.mp4", "-q"], naming: "$D/film.mp4",
                       older: { disk in try Data("an older film".utf8).write(to: disk.appendingPathComponent("film.mp4")) })
    }

    func testGIF() throws {
        try expectFull(["--scene", "$S/scene.json", "--out", "$D/film.gif", "-q"], naming: "$D/film.gif",
                       older: { disk in try Data("GIF89a an older film".utf8).write(to: disk.appendingPathComponent("film.gif")) })
    }

    func testFramesFolder() throws {
        try expectFull(["--scene", "$S/scene.json", "--out", "$D/frames/", "-q", "--hold", "1"], naming: "$D/frames",
                       older: { disk in try self.render(["--scene", "$S/scene.json", "--out", disk.path + "/frames/", "-q"]) })
    }

    func testGoldenRecord() throws {
        try expectFull(["test", "$S/scene.json", "--record", "--goldens", "$D/goldens"], naming: "$D/goldens/scene.",
                       older: { disk in
                           try self.render(["test", "$S/scene.json", "--record", "--goldens", disk.path + "/goldens"])
                           try self.box.write("scene.json", BadInputSandbox.smallScene.replacingOccurrences(of: "#A9F0B4", with: "#F0A9B4"))
                       })
    }

    func testLottie() throws {
        try expectFull(["--scene", "$S/scene.json", "--out", "$D/anim.json", "-q"], naming: "$D/anim.json",
                       older: { disk in try Data("{}".utf8).write(to: disk.appendingPathComponent("anim.json")) })
    }

    func testReport() throws {
        try render(["test", "$S/scene.json", "--record"])
        try expectFull(["test", "$S/scene.json", "--report", "$D/r.html"], naming: "$D/r.html",
                       older: { disk in try Data("<p>an older report".utf8).write(to: disk.appendingPathComponent("r.html")) })
    }

    func testJUnit() throws {
        try render(["test", "$S/scene.json", "--record"])
        try expectFull(["test", "$S/scene.json", "--junit", "$D/r.xml"], naming: "$D/r.xml",
                       older: { disk in try Data("<testsuite/>".utf8).write(to: disk.appendingPathComponent("r.xml")) })
    }

    /// A batch whose items and report go onto the full disk: each item fails naming its path, the report cannot be
    /// written (74, naming it), and the older outputs, stamps and report stay.
    func testBatch() throws {
        try box.write("batch.yaml", "items:\n  - {scene: scene.json, out: $D/out/a.gif}\n  - {scene: scene.json, out: $D/out/b.png}\n")
        let result = try expectFull(["batch", "$S/batch.yaml", "--report", "$D/report.json"], naming: "$D/report.json",
                                    older: { disk in
                                        try self.box.write("batch.yaml", self.box.expand(try String(contentsOfFile: self.box.path("batch.yaml"), encoding: .utf8))
                                            .replacingOccurrences(of: "$D", with: disk.path))
                                        try self.render(["batch", "$S/batch.yaml", "--report", disk.path + "/report.json"])
                                        try self.box.write("scene.json", BadInputSandbox.smallScene.replacingOccurrences(of: "#A9F0B4", with: "#F0A9B4"))
                                    })
        for name in ["a.gif", "b.png"] {
            XCTAssertTrue(result.stdout.contains("out/\(name)") && result.stdout.contains("No space left on device"), result.stdout)
        }
    }

    /// $TMPDIR on the full disk, the output elsewhere: a GIF's palette (a GIF in two runs) and a join's list of parts
    /// cannot be written.
    func testTemporaryFolderFullForAGIF() throws {
        try skipUnderThreadSanitizer()
        try expectFull(BadInputCases.twoRunGIF("$S/film.gif"), naming: "$D/tmp", temporaryFolderOnDisk: true)
    }

    func testTemporaryFolderFullForAJoin() throws {
        try skipUnderThreadSanitizer()
        try KillSafetyTests.makeParts(box)
        try expectFull(["join", "$S/p1.mp4", "$S/p2.mp4", "--out", "$S/joined.mp4"], naming: "$D/tmp", temporaryFolderOnDisk: true)
    }

    /// ThreadSanitizer's runtime writes and maps a file of its own in $TMPDIR at start-up (tsan.rodata.PID); on a full
    /// disk it cannot, and the program dies by SIGBUS before it runs.
    private func skipUnderThreadSanitizer() throws {
        if Sanitizer.current == .thread { throw XCTSkip("ThreadSanitizer's runtime needs room in $TMPDIR to start") }
    }

    // MARK: -

    private lazy var box: BadInputSandbox = { try! BadInputSandbox() }()

    /// Mounts the disk, lets `older` put its files there, fills it, runs `arguments` ($S the sandbox, $D the disk)
    /// and checks: exit 74, one line on stderr naming `naming`, the disk and the sandbox exactly as before, $TMPDIR
    /// empty.
    @discardableResult
    private func expectFull(_ arguments: [String], naming: String, temporaryFolderOnDisk: Bool = false,
                            older: (URL) throws -> Void = { _ in }, file: StaticString = #filePath, line: UInt = #line) throws -> CLI.Result {
        let disk = try mountSmallDisk()
        let tmp = temporaryFolderOnDisk ? disk.appendingPathComponent("tmp") : box.tmp
        try FileManager.default.createDirectory(at: tmp, withIntermediateDirectories: true)
        try older(disk)
        try Self.fill(disk)
        let diskBefore = Self.snapshot(disk), sandboxBefore = box.snapshot()
        let expand = { (text: String) in self.box.expand(text).replacingOccurrences(of: "$D", with: disk.path) }
        let result = try CLI.run(arguments.map(expand), environment: environment(tmp: tmp), in: box.url)
        XCTAssertEqual(result.status, 74, "\(result.stderr)\(result.stdout)", file: file, line: line)
        let lines = result.stderr.split(separator: "\n", omittingEmptySubsequences: false)
        XCTAssertEqual(lines.count, 2, "not one line: \(result.stderr)", file: file, line: line)
        XCTAssertTrue(result.stderr.hasPrefix("render-gif: error: ") && result.stderr.contains(expand(naming)),
                      "the line does not name \(expand(naming)): \(result.stderr)", file: file, line: line)
        XCTAssertTrue(result.stderr.contains("No space left on device"), result.stderr, file: file, line: line)
        XCTAssertEqual(Self.snapshot(disk), diskBefore, "the full disk changed", file: file, line: line)
        XCTAssertEqual(box.snapshot(), sandboxBefore, "the sandbox changed", file: file, line: line)
        XCTAssertEqual((try? FileManager.default.contentsOfDirectory(atPath: box.tmp.path)) ?? [], [], "left in TMPDIR", file: file, line: line)
        return result
    }

    /// A 2 MiB tmpfs in the sandbox, unmounted in `tearDown`; skips the test when it cannot be mounted.
    private func mountSmallDisk() throws -> URL {
        try XCTSkipUnless(getuid() == 0, "mounting a tmpfs needs root; these tests run as uid \(getuid())")
        let disk = box.root.appendingPathComponent("disk")
        try FileManager.default.createDirectory(at: disk, withIntermediateDirectories: true)
        let (status, output) = Self.tool("/bin/mount", ["-t", "tmpfs", "-o", "size=2m", "tmpfs", disk.path])
        guard status == 0 else { throw XCTSkip("mount -t tmpfs was refused (\(output.trimmingCharacters(in: .whitespacesAndNewlines))), so no full disk to test on") }
        mounted.append(disk)
        return disk
    }

    /// Fills `disk` to the last byte with one file.
    static func fill(_ disk: URL) throws {
        let fd = open(disk.appendingPathComponent("filler").path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard fd >= 0 else { throw BadInputError("cannot create the filler") }
        defer { close(fd) }
        let chunk = [UInt8](repeating: 0x55, count: 4096)
        while true {
            let n = write(fd, chunk, chunk.count)
            if n < 0 { guard errno == ENOSPC else { throw BadInputError("filling: \(String(cString: strerror(errno)))") }; break }
            if n == 0 { break }
        }
        // A last byte or two may still fit after a short write.
        while write(fd, chunk, 1) == 1 {}
    }

    private func render(_ arguments: [String]) throws {
        let result = try CLI.run(arguments.map(box.expand), environment: environment(tmp: box.tmp), in: box.url)
        guard result.status == 0 else { throw BadInputError("\(arguments): \(result.stderr)") }
    }

    private func environment(tmp: URL) -> [String: String] {
        ["TMPDIR": tmp.path, "SPRUCE_SCENES": CLI.packageRoot.appendingPathComponent("fixtures/scenes").path]
    }

    /// Every entry under `folder` with its bytes.
    static func snapshot(_ folder: URL) -> [String: Data] {
        var out: [String: Data] = [:]
        for path in (FileManager.default.subpaths(atPath: folder.path) ?? []) {
            out[path] = FileManager.default.contents(atPath: folder.appendingPathComponent(path).path) ?? Data("dir".utf8)
        }
        return out
    }

    static func tool(_ path: String, _ arguments: [String]) -> (Int32, String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        do { try process.run() } catch { return (-1, "\(error)") }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}
