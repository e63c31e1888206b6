import Foundation
import SpruceRender
import XCTest

/// One stat of a path, kept whole: which file, its kind, size and both times; through a link or of the link itself.
final class FileStampTests: ScratchFolderTestCase {
    func path(_ name: String) -> String { dir.appendingPathComponent(name).path }

    func testAStampIsOfTheFileOrOfTheLinkAndNilWhereNothingIs() throws {
        try Data("12345".utf8).write(to: URL(fileURLWithPath: path("a.png")))
        symlink("a.png", path("link.png"))
        link(path("a.png"), path("hard.png"))
        let file = try XCTUnwrap(FileStamp(path: path("a.png"), followLinks: false))
        XCTAssertEqual(file.kind, .regular)
        XCTAssertEqual(file.size, 5)
        XCTAssertEqual(FileStamp(path: path("link.png"), followLinks: true), file, "followed: the file itself")
        XCTAssertEqual(FileStamp(path: path("hard.png"), followLinks: false)?.file, file.file, "another name of one file")
        let link = try XCTUnwrap(FileStamp(path: path("link.png"), followLinks: false))
        XCTAssertEqual(link.kind, .symbolicLink)
        XCTAssertNotEqual(link.file, file.file)
        XCTAssertEqual(FileStamp(path: dir.path + "/", followLinks: false)?.kind, .directory)
        XCTAssertNil(FileStamp(path: path("nothing.png"), followLinks: true))
        symlink("nothing.png", path("dangling.png"))
        XCTAssertNil(FileStamp(path: path("dangling.png"), followLinks: true))
        XCTAssertEqual(FileStamp(path: path("dangling.png"), followLinks: false)?.kind, .symbolicLink)
    }

    /// The times to the nanosecond: a file whose modification time is set back to what it was still shows the
    /// change (`st_ctime`).
    func testBothTimesAreKeptToTheNanosecond() throws {
        try Data("12345".utf8).write(to: URL(fileURLWithPath: path("a.png")))
        var times = [timespec(tv_sec: 1_700_000_000, tv_nsec: 123_456_789), timespec(tv_sec: 1_700_000_000, tv_nsec: 123_456_789)]
        XCTAssertEqual(utimensat(AT_FDCWD, path("a.png"), &times, 0), 0)
        let before = try XCTUnwrap(FileStamp(path: path("a.png"), followLinks: true))
        XCTAssertEqual(before.modified, FileStamp.Time(seconds: 1_700_000_000, nanoseconds: 123_456_789))
        usleep(10_000)
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path("a.png")))
        try handle.write(contentsOf: Data("54321".utf8))
        try handle.close()
        XCTAssertEqual(utimensat(AT_FDCWD, path("a.png"), &times, 0), 0)
        let after = try XCTUnwrap(FileStamp(path: path("a.png"), followLinks: true))
        XCTAssertEqual([after.file, after.size, after.modified] as [AnyHashable], [before.file, before.size, before.modified])
        XCTAssertNotEqual(after.changed, before.changed)
    }
}
