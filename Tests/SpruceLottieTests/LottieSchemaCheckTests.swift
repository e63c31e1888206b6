import Foundation
import MediaTestSupport
import SpruceFilm
import SpruceLottie
import XCTest

/// The schema check every Lottie test relies on (`LottieTools.assertValid`) refuses what the lottie-specs schema
/// forbids: an export of ours passes, and the same file with one required thing broken fails with its count.
final class LottieSchemaCheckTests: XCTestCase {
    func testAnExportPassesAndEachBrokenCopyFails() throws {
        let scratch = try Scratch()
        let url = scratch.path("film.json")
        try sceneFilm("examples/minimal.json").write(to: url, as: .lottie())
        try LottieTools.assertValid(url)
        let document = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
        let firstLayer = { (change: (inout [String: Any]) -> Void) -> [String: Any] in
            var copy = document, layers = copy["layers"] as? [[String: Any]] ?? []
            change(&layers[0])
            copy["layers"] = layers
            return copy
        }
        let broken: [(what: String, document: [String: Any])] = [
            ("a layer without its in point", firstLayer { $0["ip"] = nil }),
            ("a layer without its transform", firstLayer { $0["ks"] = nil }),
            ("the frame rate as text", document.merging(["fr": "25"]) { $1 }),
            ("no width", document.filter { $0.key != "w" }),
        ]
        for (what, copy) in broken {
            let file = scratch.path("broken.json")
            try JSONSerialization.data(withJSONObject: copy).write(to: file)
            let r = try LottieTools.run(["validate", file.path])
            XCTAssertEqual(r.status, 1, "\(what): \(r.output)")
            XCTAssertTrue(r.output.contains("schema error(s) against lottie-specs"), "\(what): \(r.output)")
        }
    }
}
