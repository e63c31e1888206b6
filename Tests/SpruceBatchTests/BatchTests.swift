import Foundation
import SpruceBatch
import XCTest

final class ShardingTests: XCTestCase {
    func testShardsCoverEveryItemExactlyOnceAndAreBalanced() {
        var generator = SplitMix(seed: 7)
        for count in [1, 2, 3, 5, 17, 200] {
            let estimates = (0..<count).map { _ in Int(generator.next() % 600) + 1 }
            for shards in [1, 2, 3, 4, 8] {
                let assignment = Sharding.assign(estimates: estimates, shards: shards)
                XCTAssertEqual(assignment.count, count, "one shard per item")
                XCTAssertTrue(assignment.allSatisfy { (0..<shards).contains($0) })
                // The same manifest gives the same assignment (every machine computes it alone).
                XCTAssertEqual(Sharding.assign(estimates: estimates, shards: shards), assignment)
                let loads = (0..<shards).map { s in estimates.indices.filter { assignment[$0] == s }.map { estimates[$0] }.reduce(0, +) }
                XCTAssertEqual(loads.reduce(0, +), estimates.reduce(0, +), "every item once")
                // Greedy heaviest-first: no shard exceeds another by more than the largest item.
                if count >= shards { XCTAssertLessThanOrEqual(loads.max()! - loads.min()!, estimates.max()!) }
            }
        }
    }

    func testFourShardsOfEqualItemsGetEqualCounts() {
        let assignment = Sharding.assign(estimates: Array(repeating: 100, count: 200), shards: 4)
        XCTAssertEqual((0..<4).map { s in assignment.filter { $0 == s }.count }, [50, 50, 50, 50])
    }
}

final class StampTests: XCTestCase {
    /// The stamp is SHA-256 (swift-crypto) over length-prefixed fields; the expected value is Python's hashlib over
    /// b"1:1" b"4:grid" b"8:built-in" b"5:a.gif" b"8:images:0" b"6:--sort" b"8:cornered".
    func testTheStampIsSHA256OfLengthPrefixedFields() {
        let stamp = RenderStamp(version: "1", scene: "grid", sceneBytes: nil, out: "a.gif", flags: ["--sort", "cornered"])
        XCTAssertEqual(stamp.hash, "e95f0f21abef353b27bd4ea44ea2ec29bbb1c65b8ba623d138c89f3d17a11656")
    }

    func testTheStampChangesWithEveryInput() {
        let base = RenderStamp(version: "1", scene: "grid", sceneBytes: nil, out: "a.gif", flags: ["--sort", "cornered"])
        XCTAssertEqual(base, RenderStamp(version: "1", scene: "grid", sceneBytes: nil, out: "a.gif", flags: ["--sort", "cornered"]))
        for other in [RenderStamp(version: "2", scene: "grid", sceneBytes: nil, out: "a.gif", flags: ["--sort", "cornered"]),
                      RenderStamp(version: "1", scene: "grid", sceneBytes: Data("x".utf8), out: "a.gif", flags: ["--sort", "cornered"]),
                      RenderStamp(version: "1", scene: "grid", sceneBytes: nil, out: "b.gif", flags: ["--sort", "cornered"]),
                      RenderStamp(version: "1", scene: "grid", sceneBytes: nil, out: "a.gif", flags: ["--sort", "corner", "ed"]),
                      RenderStamp(version: "1", scene: "grid", sceneBytes: nil, out: "a.gif", flags: []),
                      RenderStamp(version: "1", scene: "grid", sceneBytes: nil, out: "a.gif", images: [Data("png".utf8)], flags: ["--sort", "cornered"]),
                      // An image and a flag with the same bytes are told apart.
                      RenderStamp(version: "1", scene: "grid", sceneBytes: nil, out: "a.gif", images: [Data("--sort".utf8)], flags: ["cornered"])] {
            XCTAssertNotEqual(base, other)
        }
    }
}

final class ManifestTests: XCTestCase {
    func testYAMLAndJSONManifestsGiveTheSameItems() throws {
        let yaml = try BatchManifest(Data("""
            items:
              - {scene: grid, out: reel/cornered.gif, flags: [--sort, cornered, --fps, 25]}
              - {scene: screens/feed.json, out: reel/feed.mp4}
            """.utf8), yaml: true)
        let json = try BatchManifest(Data("""
            {"items": [{"scene": "grid", "out": "reel/cornered.gif", "flags": ["--sort", "cornered", "--fps", "25"]},
                       {"scene": "screens/feed.json", "out": "reel/feed.mp4"}]}
            """.utf8), yaml: false)
        XCTAssertEqual(yaml.items, json.items)
        XCTAssertEqual(yaml.items[0].flags, ["--sort", "cornered", "--fps", "25"])
        XCTAssertNil(yaml.items[1].problem)
    }

    func testABadItemIsKeptWithItsProblem() throws {
        let manifest = try BatchManifest(Data("""
            items:
              - {scene: grid, out: a.gif}
              - {scene: grid}
              - {scene: grid, out: b.gif, colour: red}
              - {scene: grid, out: c.gif, flags: [--out, d.gif]}
              - just text
            """.utf8), yaml: true)
        XCTAssertEqual(manifest.items.map { $0.problem == nil }, [true, false, false, false, false])
        XCTAssertTrue(manifest.items[2].problem!.contains("colour"), manifest.items[2].problem!)
    }

    /// An item's recipe fields, written as in a scene file, are the recipe's overrides; they reach the render as
    /// the flags that set the same values.
    func testStructuredItemsAreTheRecipesOverrides() throws {
        let manifest = try BatchManifest(Data("""
            items:
              - scene: grid
                out: a.gif
                sort: stagger
                from: "12.5,-3"
                ease: easeIn
                animations: [fade-in, "slide:up:12"]
                animation: spring
                damping: 0.65
                velocity: -0.5
                size: 320x200
                background: sprucegreen
                fps: 25
                loop: in-hold
                hold: -0.2
              - {scene: grid, out: b.gif, corner: bottomRight, sort: cornered, size: [100, 50.5], flags: [--crf, "18"]}
            """.utf8), yaml: true)
        let a = manifest.items[0]
        XCTAssertNil(a.problem)
        XCTAssertEqual(a.overrides.sort, .stagger)
        XCTAssertEqual(a.overrides.sortParameters, [.from(.point(x: 12.5, y: -3))])
        XCTAssertEqual(a.overrides.damping, 0.65)
        XCTAssertEqual(a.overrides.setFields, ["sort", "from", "ease", "animations", "animation", "damping", "velocity",
                                               "size", "background", "fps", "loop", "hold"])
        XCTAssertEqual(a.arguments, ["--sort=stagger", "--from=12.5,-3", "--ease=easeIn", "--animations=fade-in,slide:up:12.0",
                                     "--animation=spring", "--damping=0.65", "--velocity=-0.5", "--size=320x200",
                                     "--background=sprucegreen", "--fps=25", "--loop=in-hold", "--hold=-0.2"])
        XCTAssertEqual(manifest.items[1].arguments, ["--sort=cornered", "--corner=bottomRight", "--size=100x50.5", "--crf", "18"])
    }

    func testAStructuredFieldOutOfRangeIsTheItemsProblem() throws {
        let manifest = try BatchManifest(Data("""
            items:
              - {scene: grid, out: a.gif, damping: 0}
              - {scene: grid, out: b.gif, corner: middle}
              - {scene: grid, out: c.gif, dealy: 0.1}
              - {scene: grid, out: d.gif, size: [0, 10]}
            """.utf8), yaml: true)
        XCTAssertEqual(manifest.items.map(\.problem), [
            "items[0].damping: must be 0.01…100 for a spring, got 0",
            #"items[1].corner: unknown corner "middle"; expected one of: topLeft, topRight, bottomLeft, bottomRight"#,
            "items[2]: unknown key `dealy`, did you mean `delay`? (an item has scene, out, flags and the recipe's fields: sort, delay, damping, size, fps, …)",
            "items[3].size: must be positive, got 0",
        ])
    }

    func testAManifestWithoutItemsIsAnError() {
        XCTAssertThrowsError(try BatchManifest(Data("[1, 2]".utf8), yaml: false))
        XCTAssertThrowsError(try BatchManifest(Data("items: 3".utf8), yaml: true))
        XCTAssertThrowsError(try BatchManifest(Data("{\"items\": [], \"extra\": 1}".utf8), yaml: false))
        XCTAssertThrowsError(try BatchManifest(Data(String(repeating: "[", count: 5000).utf8), yaml: false))
    }
}

/// A small deterministic generator for test data.
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E3779B97F4A7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58476D1CE4E5B9
        z = (z ^ (z >> 27)) &* 0x94D049BB133111EB
        return z ^ (z >> 31)
    }
}
