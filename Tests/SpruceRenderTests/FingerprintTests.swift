import Spruce
import SpruceRender
import XCTest

/// `Fingerprint` is FNV-1a over a fixed byte stream: a part records its film's fingerprint, and `render-gif join`
/// compares it with the other parts', so the bytes each value adds must never change. The expected digests were
/// worked out apart from this code (FNV-1a 64 over the same bytes, packed by hand).
final class FingerprintTests: XCTestCase {
    func testAnEmptyFingerprintIsTheOffsetBasis() {
        XCTAssertEqual(Fingerprint().value, 0xcbf2_9ce4_8422_2325)
        XCTAssertEqual(Fingerprint().text, "cbf29ce484222325")
    }

    func testAWordAddsItsEightBytesLeastSignificantFirst() {
        var f = Fingerprint()
        f.add(UInt64(0x0102_0304_0506_0708))
        XCTAssertEqual(f.value, 0x0c6d_4496_e178_59d5)
        var bytes = Fingerprint()
        bytes.mix([8, 7, 6, 5, 4, 3, 2, 1] as [UInt8])
        XCTAssertEqual(bytes.value, f.value)
    }

    func testEachKindOfValueAddsItsBytes() {
        var f = Fingerprint()
        f.add(UInt64(0x0102_0304_0506_0708))
        f.add(-1)
        f.add(-0.0)  // as 0: a value that compares equal adds the same
        f.add(0.5)
        f.add(true)
        f.add("hé")  // its UTF-8 count, then its bytes
        f.add(Color(red: 0.25, green: 0.5, blue: 0.75, alpha: 1))
        f.add(nil as Color?)
        XCTAssertEqual(f.value, 0x4ffe_2d02_907f_cbba)
    }
}
