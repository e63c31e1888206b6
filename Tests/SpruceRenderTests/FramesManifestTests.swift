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
        XCTAssertEqual(FramesManifest.entries(FramesManifest.text(entries))?.map(\.identity), entries.map(\.identity))
    }
}

final class FramesManifestNameTests: XCTestCase {
    /// A frame's name is one entry of the folder, checked as bytes: `/` before a combining mark is still a separator.
    func testANameWithASlashBeforeACombiningMarkIsNoEntry() throws {
        let text = FramesManifestTests.header + "sub/\u{0591}frame.png\t1\t2\t3.000000004\nframe\u{0591}.png\t1\t2\t3.000000004\n"
        XCTAssertEqual(try XCTUnwrap(FramesManifest.entries(text)).map(\.name), ["frame\u{0591}.png"])
    }
}
