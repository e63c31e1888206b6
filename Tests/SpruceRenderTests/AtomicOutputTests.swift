import Foundation
@testable import SpruceRender
import XCTest

/// The one output mechanism never replaces what it did not write, whoever calls it (render-gif, SpruceVideo,
/// `Bitmap.writePNG`, library users).
final class AtomicOutputTests: ScratchFolderTestCase {
    func path(_ name: String) -> String { dir.appendingPathComponent(name).path }
    func entries() -> [String] { ((try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []).sorted() }

    func testAFileNeverReplacesADirectoryOrASpecialFile() throws {
        try FileManager.default.createDirectory(atPath: path("folder.png/inner"), withIntermediateDirectories: true)
        mkfifo(path("pipe.png"), 0o644)
        symlink("/dev/null", path("null.png"))
        for (name, reason) in [("folder.png", "is a directory"), ("pipe.png", "FIFO"), ("null.png", "character device")] {
            XCTAssertThrowsError(try AtomicFile.write(Data("x".utf8), to: URL(fileURLWithPath: path(name)))) {
                XCTAssertTrue("\($0)".contains(reason), "\(name): \($0)")
            }
        }
        // `/dev/stdout` when standard output is a pipe: a link to a pipe no path names (`pipe:[…]`).
        var ends: [Int32] = [0, 0]
        XCTAssertEqual(pipe(&ends), 0)
        defer { close(ends[0]); close(ends[1]) }
        symlink("/proc/self/fd/\(ends[1])", path("stdout.png"))
        XCTAssertThrowsError(try AtomicFile.write(Data("x".utf8), to: URL(fileURLWithPath: path("stdout.png")))) {
            XCTAssertTrue("\($0)".contains("it is a FIFO"), "stdout.png: \($0)")
        }
        try FileManager.default.removeItem(atPath: path("stdout.png"))
        XCTAssertEqual(entries(), ["folder.png", "null.png", "pipe.png"], "nothing replaced, no temporary left")
        XCTAssertEqual(FileKind.of(path("pipe.png")), .fifo)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: path("folder.png")), ["inner"])
    }

    func testAWriteThroughALinkReplacesTheFileAndKeepsTheLink() throws {
        try Data("old".utf8).write(to: URL(fileURLWithPath: path("real.json")))
        symlink("real.json", path("link.json"))
        try AtomicFile.write(Data("new".utf8), to: URL(fileURLWithPath: path("link.json")))
        XCTAssertEqual(FileKind.of(path("link.json"), followLinks: false), .symbolicLink)
        XCTAssertEqual(try String(contentsOfFile: path("real.json"), encoding: .utf8), "new")
        XCTAssertEqual(entries(), ["link.json", "real.json"])
    }

    func testAFolderOfFramesGoesOnlyIntoANewEmptyOrOwnFolder() throws {
        func render(_ name: String, frames: Int) throws {
            let output = try AtomicOutput.prepare(target: URL(fileURLWithPath: path(name)), isDirectory: true, fileExtension: "png")
            for i in 0..<frames { try Data("frame \(i)".utf8).write(to: output.temporary.appendingPathComponent(String(format: "frame_%05d.png", i))) }
            try output.commit()
        }
        try FileManager.default.createDirectory(atPath: path("user"), withIntermediateDirectories: true)
        try Data("mine".utf8).write(to: URL(fileURLWithPath: path("user/notes.txt")))
        XCTAssertThrowsError(try render("user", frames: 2)) { XCTAssertTrue("\($0)".contains("did not create"), "\($0)") }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: path("user")), ["notes.txt"])

        try FileManager.default.createDirectory(atPath: path("empty"), withIntermediateDirectories: true)
        try render("empty", frames: 3)
        try Data("mine".utf8).write(to: URL(fileURLWithPath: path("empty/notes.txt")))
        try render("empty", frames: 2)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: path("empty")).sorted(),
                       [".render-gif-frames", "frame_00000.png", "frame_00001.png", "notes.txt"])
        XCTAssertEqual(FramesManifest.read(in: URL(fileURLWithPath: path("empty"))), ["frame_00000.png", "frame_00001.png"])

        try Data("someone's".utf8).write(to: URL(fileURLWithPath: path("empty/frame_00007.png")))
        XCTAssertThrowsError(try render("empty", frames: 9)) { XCTAssertTrue("\($0)".contains("frame_00007.png"), "\($0)") }
        XCTAssertEqual(try String(contentsOfFile: path("empty/frame_00007.png"), encoding: .utf8), "someone's")
        XCTAssertEqual(entries(), ["empty", "user"], "no temporary folder left")
    }

    /// A file replaced by root keeps its owner and group, as `sed -i` keeps them: the user's file stays the user's.
    func testAFileReplacedByRootKeepsItsOwner() throws {
        guard getuid() == 0 else { throw XCTSkip("only root can give a file away") }
        try Data("old".utf8).write(to: URL(fileURLWithPath: path("theirs.json")))
        XCTAssertEqual(chown(path("theirs.json"), 65534, 65534), 0)
        try AtomicFile.write(Data("new".utf8), to: URL(fileURLWithPath: path("theirs.json")))
        var st = stat()
        XCTAssertEqual(lstat(path("theirs.json"), &st), 0)
        XCTAssertEqual([st.st_uid, st.st_gid], [65534, 65534])
        XCTAssertEqual(try String(contentsOfFile: path("theirs.json"), encoding: .utf8), "new")
    }

    /// A frames folder holding a folder of the user's cannot be swapped whole (a folder gets no second name): its
    /// frames are moved in one by one. Stopped among the moves, as by a kill, the folder holds frames of both renders;
    /// the manifest vouches for both, so the next render replaces them all (the moved ones were once taken for a
    /// stranger's, and the folder was refused for good). The user's folder stays.
    func testAFramesFolderStoppedAmongItsMovesIsReplacedByTheNextRender() throws {
        func render(_ text: String, stoppingAt stop: String? = nil) throws {
            let output = try AtomicOutput.prepare(target: URL(fileURLWithPath: path("frames")), isDirectory: true, fileExtension: "png")
            for i in 0..<5 { try Data("\(text) \(i)".utf8).write(to: output.temporary.appendingPathComponent(String(format: "frame_%05d.png", i))) }
            AtomicOutput.beforeMovingFrame = { name in if name == stop { throw CocoaError(.userCancelled) } }
            defer { AtomicOutput.beforeMovingFrame = nil }
            do { try output.commit() } catch { output.discard(); throw error }
        }
        func frames() throws -> [String] {
            try (0..<5).map { try String(contentsOfFile: path(String(format: "frames/frame_%05d.png", $0)), encoding: .utf8) }
        }
        try render("old")
        try FileManager.default.createDirectory(atPath: path("frames/mine"), withIntermediateDirectories: true)
        try Data("notes".utf8).write(to: URL(fileURLWithPath: path("frames/mine/notes.txt")))
        XCTAssertThrowsError(try render("new", stoppingAt: "frame_00003.png"))
        XCTAssertEqual(try frames(), ["new 0", "new 1", "new 2", "old 3", "old 4"], "moved one by one")
        try render("newer")
        XCTAssertEqual(try frames(), ["newer 0", "newer 1", "newer 2", "newer 3", "newer 4"])
        XCTAssertEqual(try String(contentsOfFile: path("frames/mine/notes.txt"), encoding: .utf8), "notes")
        XCTAssertEqual(entries(), ["frames"], "no temporary folder left")
    }

    /// Files written together (a scene's three goldens) are all replaced or none: when a rename fails half-way, the
    /// files renamed before it are put back and no temporary is left. A rename fails here because the second target is immutable (`chattr +i`; root cannot replace it either).
    func testFilesWrittenTogetherAreAllReplacedOrNone() throws {
        let folder: URL = dir
        let (a, b, c) = (folder.appendingPathComponent("a.txt"), folder.appendingPathComponent("b.txt"), folder.appendingPathComponent("c.txt"))
        try Data("old a".utf8).write(to: a)
        try Data("old b".utf8).write(to: b)
        defer { _ = chattr("-i", b) }  // before tearDown removes the folder
        guard chattr("+i", b) else { throw XCTSkip("chattr +i is not available here (a file system without it, or no privilege)") }
        XCTAssertThrowsError(try AtomicFile.writeTogether([(Data("new a".utf8), a), (Data("new b".utf8), b), (Data("new c".utf8), c)]))
        XCTAssertEqual(try String(contentsOf: a, encoding: .utf8), "old a", "put back")
        XCTAssertEqual(try String(contentsOf: b, encoding: .utf8), "old b")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted(), ["a.txt", "b.txt"], "no temporary, no c")
        // A first target that was not there is removed again.
        try FileManager.default.removeItem(at: a)
        XCTAssertThrowsError(try AtomicFile.writeTogether([(Data("new a".utf8), a), (Data("new b".utf8), b)]))
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), ["b.txt"])
        _ = chattr("-i", b)
        try AtomicFile.writeTogether([(Data("new a".utf8), a), (Data("new b".utf8), b)])
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted(), ["a.txt", "b.txt"])
        XCTAssertEqual(try String(contentsOf: b, encoding: .utf8), "new b")
    }

    func testNamesThatNameNothingAreRefused() {
        for raw in ["", ".", "..", "/", dir.path + "/.", dir.path + "/.."] {
            XCTAssertThrowsError(try AtomicOutput.check(target: URL(fileURLWithPath: raw), isDirectory: true), raw)
        }
        XCTAssertThrowsError(try AtomicOutput.check(target: URL(fileURLWithPath: path(String(repeating: "n", count: 256))), isDirectory: false)) {
            XCTAssertTrue("\($0)".contains("255 bytes"), "\($0)")
        }
        XCTAssertEqual(entries(), [])
    }
}
