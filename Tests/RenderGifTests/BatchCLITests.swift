import Foundation
import MediaTestSupport
import XCTest

/// `render-gif batch`: a manifest with good and bad items, shards that cover every item once, up-to-date skips.
final class BatchCLITests: XCTestCase {
    struct Report: Decodable {
        struct Entry: Decodable { let index: Int; let out: String; let status: String; let message: String?; let frames: Int }
        let shard: Int
        let shards: Int
        let items: [Entry]
    }

    /// Stills are quick to render: the batch machinery is what is tested here (joins and videos have their own tests).
    func manifest(in scratch: Scratch, items: Int, badAt bad: Set<Int> = []) throws -> URL {
        var lines = ["items:"]
        for i in 0..<items {
            if bad.contains(i) {
                lines.append("  - {scene: minimal, out: out/item-\(i).png, flags: [--sort, sideways]}")
            } else {
                let hold = String(format: "%.2f", 0.1 * Double(i % 5))
                lines.append("  - {scene: minimal, out: out/item-\(i).png, flags: [--size, 60x60, --hold, '\(hold)']}")
            }
        }
        let url = scratch.path("batch.yaml")
        try lines.joined(separator: "\n").write(to: url, atomically: true, encoding: .utf8)
        return url
    }

    func report(_ url: URL) throws -> Report { try JSONDecoder().decode(Report.self, from: Data(contentsOf: url)) }

    func testABadItemFailsAloneAndTheRestAreRenderedThenSkipped() throws {
        let scratch = try Scratch()
        let manifest = try manifest(in: scratch, items: 4, badAt: [2])
        // Run from another folder: paths are the manifest's.
        let first = try CLI.run(["batch", manifest.path, "--jobs", "2", "--report", scratch.path("r1.json").path], in: URL(fileURLWithPath: "/"))
        XCTAssertEqual(first.status, 1, first.stderr)
        let r1 = try report(scratch.path("r1.json"))
        XCTAssertEqual(r1.items.map(\.status), ["rendered", "rendered", "failed", "rendered"])
        XCTAssertTrue(r1.items[2].message?.contains("--sort") == true, "\(r1.items[2])")
        XCTAssertTrue(first.stdout.contains("FAILED    out/item-2.png: --sort"), first.stdout)
        for i in [0, 1, 3] {
            XCTAssertTrue(FileManager.default.fileExists(atPath: scratch.path("out/item-\(i).png").path))
            XCTAssertFalse(FileManager.default.fileExists(atPath: scratch.path("out/item-\(i).png.spruce-stamp").path), "no stamp beside the output")
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: scratch.path("out/item-2.png").path))

        // Again: everything that was rendered is up to date.
        let second = try CLI.run(["batch", manifest.path, "--report", scratch.path("r2.json").path])
        XCTAssertEqual(second.status, 1)
        XCTAssertEqual(try report(scratch.path("r2.json")).items.map(\.status), ["skipped", "skipped", "failed", "skipped"])

        // A changed flag, a removed output and --force render again.
        var text = try String(contentsOf: manifest, encoding: .utf8)
        text = text.replacingOccurrences(of: "out: out/item-0.png, flags: [--size, 60x60", with: "out: out/item-0.png, flags: [--size, 62x60")
        text = text.replacingOccurrences(of: "--sort, sideways", with: "--sort, radial")
        try text.write(to: manifest, atomically: true, encoding: .utf8)
        try FileManager.default.removeItem(at: scratch.path("out/item-1.png"))
        let third = try CLI.run(["batch", manifest.path, "--report", scratch.path("r3.json").path])
        XCTAssertEqual(third.status, 0, third.stdout + third.stderr)
        XCTAssertEqual(try report(scratch.path("r3.json")).items.map(\.status), ["rendered", "rendered", "rendered", "skipped"])
        let forced = try CLI.run(["batch", manifest.path, "--force", "--report", scratch.path("r4.json").path])
        XCTAssertEqual(forced.status, 0)
        XCTAssertEqual(Set(try report(scratch.path("r4.json")).items.map(\.status)), ["rendered"])
    }

    /// Each failed item's status is the one `render-gif` gives the same flags alone (a missing scene 66, a bad scene
    /// 65, a bad flag 64); a second item on an output already taken 73, a bad manifest entry 65.
    func testAFailedItemsStatusIsTheOneRenderGives() throws {
        let scratch = try Scratch()
        try Data(#"{"canvas": {"width": -3, "height": 10}, "views": []}"#.utf8).write(to: scratch.path("bad.json"))
        let items: [(line: String, render: [String]?)] = [
            ("{scene: nothere.json, out: a.png}", ["--scene", "nothere.json", "--out", "a.png"]),
            ("{scene: bad.json, out: b.png}", ["--scene", "bad.json", "--out", "b.png"]),
            ("{scene: minimal, out: c.png, flags: [--sort, sideways]}", ["--scene", "minimal", "--out", "c.png", "--sort", "sideways"]),
            ("{scene: minimal, out: d.png, flags: [--delay, '9999']}", ["--scene", "minimal", "--out", "d.png", "--delay", "9999"]),
            ("{scene: minimal, out: same.png}", nil),
            ("{scene: minimal, out: same.png, flags: [--size, 60x60]}", nil),
            ("{out: e.png}", nil),
        ]
        try (["items:"] + items.map { "  - " + $0.line }).joined(separator: "\n").write(to: scratch.path("batch.yaml"), atomically: true, encoding: .utf8)
        let run = try CLI.run(["batch", "batch.yaml", "--report", "r.json"], in: scratch.url)
        XCTAssertEqual(run.status, 1, run.stderr)
        let entries = try XCTUnwrap((try JSONSerialization.jsonObject(with: Data(contentsOf: scratch.path("r.json"))) as? [String: Any])?["items"] as? [[String: Any]])
        var expected: [Int] = []
        for item in items {
            guard let render = item.render else { continue }
            expected.append(Int(try CLI.run(render, in: scratch.url).status))
        }
        XCTAssertEqual(expected, [66, 65, 64, 64], "render's own statuses")
        // The first of the two items on one out renders; the second collides with it.
        XCTAssertEqual(entries.map { $0["exitStatus"] as? Int }, expected.map { Optional($0) } + [nil, 73, 65], "\(entries)")
        XCTAssertEqual(entries[4]["status"] as? String, "rendered")
    }

    /// An item's recipe fields and the same values as flags make the same render (one recipe either way); a field
    /// given both ways is the item's mistake (65), and the others still run.
    func testStructuredFieldsAndFlagsMakeTheSameRender() throws {
        let scratch = try Scratch()
        try """
            items:
              - {scene: minimal, out: a.png, size: 60x60, hold: 0.2, sort: cornered, corner: bottomRight, background: sprucegreen}
              - {scene: minimal, out: b.png, flags: [--size, 60x60, --hold, "0.2", --sort, cornered, --corner, bottomRight, --background, sprucegreen]}
              - {scene: minimal, out: c.png, sort: cornered, flags: [--sort, radial]}
              - {scene: minimal, out: d.png, corner: topRight}
            """.write(to: scratch.path("m.yaml"), atomically: true, encoding: .utf8)
        let run = try CLI.run(["batch", "m.yaml", "--report", "r.json"], in: scratch.url)
        XCTAssertEqual(run.status, 1, run.stderr)
        let r = try report(scratch.path("r.json"))
        XCTAssertEqual(r.items.map(\.status), ["rendered", "rendered", "failed", "failed"], "\(r.items)")
        XCTAssertEqual(r.items[2].message, "`sort` is given both as a field and in its flags; give it once")
        XCTAssertEqual(r.items[3].message?.hasPrefix("--corner has no effect with --sort"), true, "\(r.items[3])")
        XCTAssertEqual(try Data(contentsOf: scratch.path("a.png")), try Data(contentsOf: scratch.path("b.png")))
    }

    func testBadManifestsAndFlagsAreRefusedBeforeAnyWork() throws {
        let scratch = try Scratch()
        let broken = scratch.path("broken.yaml")
        try "items: [ {scene: grid".write(to: broken, atomically: true, encoding: .utf8)
        // A manifest is bounded before it is read: one past 16 MiB (a comment after one good item), and a FIFO
        // that would never end.
        let huge = scratch.path("huge.yaml")
        try Data(("items:\n  - {scene: grid, out: x.gif}\n#" + String(repeating: "x", count: 16 << 20) + "\n").utf8).write(to: huge)
        let fifo = scratch.path("fifo.yaml")
        mkfifo(fifo.path, 0o644)
        let cases: [([String], Int32)] = [
            (["batch", broken.path], 65),
            (["batch", huge.path], 65),
            (["batch", fifo.path], 66),
            (["batch", scratch.path("missing.yaml").path], 66),
            (["batch", broken.path, "--shard", "0/2"], 64),
            (["batch", broken.path, "--shard", "3/2"], 64),
            (["batch", broken.path, "--jobs", "0"], 64),
            (["batch", broken.path, "--jobs", "1e9"], 64),
        ]
        for (arguments, status) in cases {
            let result = try CLI.run(arguments)
            XCTAssertEqual(result.status, status, "\(arguments): \(result.stderr)")
            XCTAssertEqual(result.stderrLines.count, 1, "\(arguments): \(result.stderr)")
        }
        XCTAssertEqual(scratch.contents, ["broken.yaml", "fifo.yaml", "huge.yaml"])
    }
}
