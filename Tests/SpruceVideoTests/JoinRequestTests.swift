import Foundation
import MediaTestSupport
import SpruceVideo
import XCTest

/// `JoinRequest.orderedParts`: the parts' checks before any is read, and their order by file name.
final class JoinRequestTests: XCTestCase {
    private func problem(_ parts: [String], _ out: String) -> JoinRequest.Problem? {
        do { _ = try JoinRequest(parts: parts, out: out).orderedParts() } catch { return error as? JoinRequest.Problem }
        return nil
    }

    func testProblems() throws {
        let scratch = try Scratch()
        let part = scratch.path("p.mp4").path
        FileManager.default.createFile(atPath: part, contents: Data())
        try FileManager.default.createSymbolicLink(atPath: scratch.path("link.mp4").path, withDestinationPath: part)
        XCTAssertEqual(problem([], "f.mp4"), .noParts)
        XCTAssertEqual(problem(["a.webm"], "f.webm"), .notJoinable)
        XCTAssertEqual(problem(["a.avi"], "f.avi"), .notJoinable)
        XCTAssertEqual(problem(["a.mp4", "b.gif"], "f.mp4"), .otherFormat("b.gif", ext: "mp4"))
        XCTAssertEqual(problem([part, scratch.path("link.mp4").path], "f.mp4"), .samePart(part, scratch.path("link.mp4").path))
    }

    func testOrderByFileNameThenPath() throws {
        let parts = ["b/part-10.gif", "a/part-2.gif", "c/part-1.gif", "a/part-10.gif"]
        XCTAssertEqual(try JoinRequest(parts: parts, out: "f.gif").orderedParts(), ["c/part-1.gif", "a/part-2.gif", "a/part-10.gif", "b/part-10.gif"])
    }
}
