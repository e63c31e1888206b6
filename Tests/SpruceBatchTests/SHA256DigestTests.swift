import Foundation
@testable import SpruceBatch
import XCTest

/// The batch records' digest is SHA-256 (FIPS 180-4's test vectors), whether fed at once or piece by piece.
final class SHA256DigestTests: XCTestCase {
    func testKnownVectors() {
        XCTAssertEqual(SHA256Digest.hex(of: Data()), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        XCTAssertEqual(SHA256Digest.hex(of: Data("abc".utf8)), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        let digest = SHA256Digest()
        for piece in ["abcdbcdecdefdefgefghfghighij", "hijkijkljklmklmnlmnomnopnopq"] { digest.update(Data(piece.utf8)) }
        XCTAssertEqual(digest.finalize(), "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
    }

    /// A stamp is the digest of its length-prefixed fields: a record written before stays valid.
    func testAStampIsTheDigestOfItsFields() {
        let stamp = RenderStamp(version: "1", scene: "grid", sceneBytes: nil, out: "a.gif", flags: ["--sort", "cornered"])
        let fields = ["1", "grid", "built-in", "a.gif", "images:0", "--sort", "cornered"].map { "\($0.utf8.count):\($0)" }.joined()
        XCTAssertEqual(stamp.hash, SHA256Digest.hex(of: Data(fields.utf8)))
    }
}
