import Foundation
import SpruceRender
import SpruceVideo
import XCTest

/// A join part is the same part while its path names the same file, of the same size and last change: a rename over
/// it, a rewrite (even one that sets its modification time back) or a truncation is another part.
final class JoinPartStampTests: XCTestCase {
    func testAPartIsTheSameOnlyWhileNothingChangedIt() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("join-part-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let part = folder.appendingPathComponent("p1.mp4").path, other = folder.appendingPathComponent("p2.mp4").path
        try Data("part one".utf8).write(to: URL(fileURLWithPath: part))
        symlink(part, folder.appendingPathComponent("link.mp4").path)
        func stamp(_ path: String = part) -> FileStamp? { FileStamp(path: path, followLinks: true) }

        var before = stamp()
        XCTAssertTrue(VideoJoin.isSamePart(before, stamp()))
        XCTAssertTrue(VideoJoin.isSamePart(before, stamp(folder.appendingPathComponent("link.mp4").path)), "through its link")
        XCTAssertTrue(VideoJoin.isSamePart(nil, nil))
        XCTAssertFalse(VideoJoin.isSamePart(before, nil))
        XCTAssertFalse(VideoJoin.isSamePart(nil, before))

        usleep(10_000)
        let modified = try XCTUnwrap(before?.modified)
        var times = [timespec(tv_sec: modified.seconds, tv_nsec: modified.nanoseconds), timespec(tv_sec: modified.seconds, tv_nsec: modified.nanoseconds)]
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: part))
        try handle.write(contentsOf: Data("PART ONE".utf8))
        try handle.close()
        XCTAssertEqual(utimensat(AT_FDCWD, part, &times, 0), 0)
        XCTAssertEqual(stamp()?.modified, before?.modified)
        XCTAssertFalse(VideoJoin.isSamePart(before, stamp()), "rewritten in place, its modification time set back")

        before = stamp()
        usleep(10_000)
        XCTAssertEqual(truncate(part, 4), 0)
        XCTAssertFalse(VideoJoin.isSamePart(before, stamp()), "truncated")

        before = stamp()
        try Data("part two".utf8).write(to: URL(fileURLWithPath: other))
        XCTAssertEqual(rename(other, part), 0)
        XCTAssertFalse(VideoJoin.isSamePart(before, stamp()), "renamed over")
    }
}
