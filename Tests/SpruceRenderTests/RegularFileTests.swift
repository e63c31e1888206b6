import Foundation
@testable import SpruceRender
import XCTest

/// Every file a user names is read through `RegularFile`: no FIFO can block it, no device feed it, no file past
/// its limit be read.
final class RegularFileTests: ScratchFolderTestCase {
    func problem(_ path: String, limit: Int = 100) -> RegularFile.Problem? {
        do { _ = try RegularFile.contents(of: path, maximumBytes: limit); return nil } catch { return error as? RegularFile.Problem }
    }

    func testReadsARegularFileAndFollowsLinks() throws {
        let file = dir.appendingPathComponent("a.txt")
        try Data("hello".utf8).write(to: file)
        XCTAssertEqual(try RegularFile.contents(of: file.path, maximumBytes: 5), Data("hello".utf8))
        let link = dir.appendingPathComponent("link.txt")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: file)
        XCTAssertEqual(try RegularFile.contents(of: link.path, maximumBytes: 5), Data("hello".utf8))
        let empty = dir.appendingPathComponent("empty.txt")
        try Data().write(to: empty)
        XCTAssertEqual(try RegularFile.contents(of: empty.path, maximumBytes: 5), Data())
    }

    func testRefusesWhatIsNotARegularFileWithoutBlocking() throws {
        let fifo = dir.appendingPathComponent("fifo").path
        XCTAssertEqual(mkfifo(fifo, 0o644), 0)
        // With a blocking open this would wait for a writer for ever.
        XCTAssertEqual(problem(fifo), .notRegular(.fifo))
        XCTAssertEqual(problem(fifo)?.words, "a FIFO (named pipe), not a regular file")
        XCTAssertEqual(problem("/dev/zero"), .notRegular(.characterDevice))
        XCTAssertEqual(problem(dir.path), .notRegular(.directory))
        XCTAssertEqual(problem(dir.appendingPathComponent("none").path), .cannotOpen(errno: ENOENT))
        XCTAssertEqual(problem(dir.appendingPathComponent("none").path)?.words, "no such file")
    }

    func testRefusesAFileLargerThanTheLimitBeforeReadingIt() throws {
        let file = dir.appendingPathComponent("big.bin")
        try Data(count: 101).write(to: file)
        XCTAssertEqual(problem(file.path), .tooLarge(size: 101, limit: 100))
        XCTAssertEqual(problem(file.path)?.words, "the file is 101 bytes; at most 100")
        XCTAssertNil(problem(file.path, limit: 101))
    }

    func testAFileThatGrowsAfterItIsOpenedIsReadOneBytePastTheLimit() throws {
        let file = dir.appendingPathComponent("growing.bin")
        try Data(count: 10).write(to: file)
        let open = try RegularFile(path: file.path, maximumBytes: 50)
        let writer = try FileHandle(forWritingTo: file)
        try writer.seekToEnd()
        try writer.write(contentsOf: Data(count: 1000))
        try writer.close()
        XCTAssertEqual(try open.readRest().count, 51)
    }
}
