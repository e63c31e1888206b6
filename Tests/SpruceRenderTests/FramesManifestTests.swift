import Foundation
@_spi(Fuzzing) import SpruceRender
import XCTest

/// The frames-folder manifest's text, read and written without a folder (`make fuzz`'s frames-manifest target
/// checks the same round trip).
final class FramesManifestTests: XCTestCase {
    static let header = "# render-gif frames folder, version 2: the files below (name, inode, size, modification time) "
        + "were written by render-gif and are replaced by its next render here while they are unchanged.\n"

    /// The fuzzer found a line whose nanoseconds did not fit in 32 bits read back as another time once written
    /// (`%09d` takes 32 bits). A modification time's nanoseconds are 0 ..< 10^9, so such a line is not one
    /// render-gif wrote and is left out, as any damaged line is.
    func testNanosecondsOutsideASecondAreNotAnEntry() throws {
        let text = Self.header + "a.png\t1\t2\t3.4294967301\nb.png\t1\t2\t3.1000000000\nc.png\t1\t2\t3.-1\nd.png\t1\t2\t3.999999999\n"
        let entries = try XCTUnwrap(FramesManifest.entries(text))
        XCTAssertEqual(entries.map(\.name), ["d.png"])
        XCTAssertEqual(FramesManifest.entries(FramesManifest.text(entries)), entries)
    }
}

/// A manifest on disk, as render-gif writes it, read back from its folder.
final class FramesManifestFolderTests: ScratchFolderTestCase {
    /// Each line as it stands in manifests render-gif has written: name, inode, size, and modification time with
    /// nine digits of nanoseconds. A listed file counts as render-gif's while all three match, and not once any of
    /// them differs or another kind of file stands there.
    func testALineOfTheWrittenFormatIsReadBackWhileItsFileIsUnchanged() throws {
        let names = ["frame_00000.png", "frame_00001.png", "frame_00002.png", "frame_00003.png", "frame_00004.png"]
        // Modification times with few nanoseconds: the line pads them to nine digits.
        var times = [timespec(tv_sec: 1_700_000_000, tv_nsec: 5), timespec(tv_sec: 1_700_000_000, tv_nsec: 5)]
        for name in names {
            try Data("frame".utf8).write(to: dir.appendingPathComponent(name))
            XCTAssertEqual(utimensat(AT_FDCWD, dir.appendingPathComponent(name).path, &times, 0), 0)
        }
        func line(_ name: String, inode: (UInt64) -> UInt64 = { $0 }, size: (Int64) -> Int64 = { $0 }, nanoseconds: (Int) -> Int = { $0 }) -> String {
            var st = stat()
            lstat(dir.appendingPathComponent(name).path, &st)
            return "\(name)\t\(inode(UInt64(st.st_ino)))\t\(size(Int64(st.st_size)))\t\(st.st_mtim.tv_sec)."
                + String(format: "%09d", nanoseconds(st.st_mtim.tv_nsec))
        }
        let lines = [line(names[0]), line(names[1], inode: { $0 + 1 }), line(names[2], size: { $0 + 1 }),
                     line(names[3], nanoseconds: { ($0 + 1) % 1_000_000_000 }), line(names[4])]
        try FileManager.default.removeItem(at: dir.appendingPathComponent(names[4]))
        try FileManager.default.createDirectory(at: dir.appendingPathComponent(names[4]), withIntermediateDirectories: false)
        try Data((FramesManifestTests.header + lines.joined(separator: "\n") + "\n").utf8)
            .write(to: dir.appendingPathComponent(".render-gif-frames"))
        XCTAssertEqual(FramesManifest.read(in: dir), [names[0]])
        XCTAssertEqual(String(decoding: FramesManifest.contents(listing: [names[0]], in: dir), as: UTF8.self),
                       FramesManifestTests.header + lines[0] + "\n", "written in the same format")
    }
}

final class FramesManifestNameTests: XCTestCase {
    /// A frame's name is one entry of the folder, checked as bytes: `/` before a combining mark is still a separator.
    func testANameWithASlashBeforeACombiningMarkIsNoEntry() throws {
        let text = FramesManifestTests.header + "sub/\u{0591}frame.png\t1\t2\t3.000000004\nframe\u{0591}.png\t1\t2\t3.000000004\n"
        XCTAssertEqual(try XCTUnwrap(FramesManifest.entries(text)).map(\.name), ["frame\u{0591}.png"])
    }
}
