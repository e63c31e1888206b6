import Foundation
import MediaTestSupport
import XCTest

/// What a batch item may write: never over the manifest, the report, another item's output or what the batch keeps.
extension BatchCLITests {
    /// The stamp covers the images a scene names: a new picture under the same file name renders the item again.
    /// An item whose out is the manifest fails alone, before any work, and the file stays as it was.
    func testAnItemCannotWriteOverTheManifest() throws {
        let scratch = try Scratch()
        let text = """
            items:
              - {scene: minimal, out: self.yaml, flags: [--format, png, --size, 60x60]}
              - {scene: minimal, out: ok.png, flags: [--size, 60x60]}
            """
        let manifest = scratch.path("self.yaml")
        try text.write(to: manifest, atomically: true, encoding: .utf8)
        let run = try CLI.run(["batch", manifest.path, "--report", scratch.path("r.json").path], in: URL(fileURLWithPath: "/"))
        XCTAssertEqual(run.status, 1, run.stderr)
        XCTAssertEqual(try String(contentsOf: manifest, encoding: .utf8), text)
        let r = try report(scratch.path("r.json"))
        XCTAssertEqual(r.items.map(\.status), ["failed", "rendered"])
        XCTAssertEqual(r.items[0].message, "its out 'self.yaml' is the manifest of this batch; give it another name")
    }

    /// Every file an item writes, not only its out, is checked against the manifest, the records folder,
    /// the other items' files and scenes: an item's --timing overwrote the manifest, another item's GIF (kept for good as "up
    /// to date") or a later item's scene. The later item of a pair fails before any work; the files stay as they were.
    func testAnItemsOtherFilesCannotWriteOverWhatTheBatchKeeps() throws {
        let scratch = try Scratch()
        let scene = #"{"canvas": {"width": 40, "height": 40}, "views": [{"frame": [5, 5, 30, 30]}], "choreography": {"animationDuration": 0.1}, "timeline": {"hold": 0}}"#
        try scene.write(to: scratch.path("s.json"), atomically: true, encoding: .utf8)
        let text = """
            items:
              - {scene: minimal, out: a.png, flags: [--size, 40x40]}
              - {scene: minimal, out: b.png, flags: [--size, 40x40, --timing, m.yaml]}
              - {scene: minimal, out: c.png, flags: [--size, 40x40, --timing, a.png]}
              - {scene: minimal, out: d.png, flags: [--size, 40x40, --sheet, s.json]}
              - {scene: s.json, out: e.png}
              - {scene: minimal, out: f.png, flags: [--size, 40x40, --timing-chart, .spruce-batch/a.png]}
              - {scene: minimal, out: h.png, flags: [--size, 40x40, --timing, .spruce-batch]}
              - {scene: minimal, out: i.png, flags: [--size, 40x40, --timing, i.json]}
            """
        let manifest = scratch.path("m.yaml")
        try text.write(to: manifest, atomically: true, encoding: .utf8)
        let run = try CLI.run(["batch", manifest.path, "--report", scratch.path("r.json").path])
        XCTAssertEqual(run.status, 1, run.stderr)
        let r = try report(scratch.path("r.json"))
        XCTAssertEqual(r.items.map(\.status), ["rendered", "failed", "failed", "failed", "rendered", "failed", "failed", "rendered"])
        XCTAssertEqual(r.items[1].message, "its --timing 'm.yaml' is the manifest of this batch; give it another name")
        XCTAssertEqual(r.items[2].message, "its --timing 'a.png' is written by items[0] too; give each item its own files")
        XCTAssertEqual(r.items[3].message, "its --sheet 's.json' is read by items[4] (its scene or an image); give it another name")
        XCTAssertEqual(r.items[5].message, "its --timing-chart '.spruce-batch/a.png' and a file of the batch are one inside the other; give each item its own folder")
        XCTAssertEqual(r.items[6].message, "its --timing '.spruce-batch' is the records folder of this batch; give it another name")
        XCTAssertEqual(try String(contentsOf: manifest, encoding: .utf8), text)
        XCTAssertEqual(try String(contentsOf: scratch.path("s.json"), encoding: .utf8), scene)
        XCTAssertEqual(try Data(contentsOf: scratch.path("a.png")).prefix(4), Data([0x89, 0x50, 0x4E, 0x47]))
        XCTAssertTrue(FileManager.default.fileExists(atPath: scratch.path("i.json").path), "an item's own --timing is written")
    }

    /// Three ways one item wrote another's file, each run to the end with exit 0: a folder reached through a link
    /// (`lnk` → `sub`: the check compared paths of files that did not exist yet, unresolved), a file inside another
    /// item's folder of frames, and `--out=x` in an item's flags (only the words `--out`, `-o` were refused). The
    /// later item now fails before anything runs and the earlier one renders.
    func testItemsCannotReachEachOthersOutputsByAnotherSpelling() throws {
        let scratch = try Scratch()
        try FileManager.default.createDirectory(at: scratch.path("sub"), withIntermediateDirectories: false)
        try FileManager.default.createSymbolicLink(atPath: scratch.path("lnk").path, withDestinationPath: "sub")
        let text = """
            items:
              - {scene: minimal, out: sub/x.png, flags: [--size, 40x40]}
              - {scene: minimal, out: lnk/x.png, flags: [--size, 40x40, --hold, '0.1']}
              - {scene: minimal, out: fr/, flags: [--size, 40x40]}
              - {scene: minimal, out: fr/frame_00000.png, flags: [--size, 40x40]}
              - {scene: minimal, out: b.png, flags: [--size, 40x40, --out=c.png]}
              - {scene: minimal, out: d.png, flags: [--size, 40x40, -oe.png]}
            """
        let manifest = scratch.path("m.yaml")
        try text.write(to: manifest, atomically: true, encoding: .utf8)
        let run = try CLI.run(["batch", manifest.path, "--report", scratch.path("r.json").path])
        XCTAssertEqual(run.status, 1, run.stderr)
        let r = try report(scratch.path("r.json"))
        XCTAssertEqual(r.items.map(\.status), ["rendered", "failed", "rendered", "failed", "failed", "failed"], run.stdout)
        XCTAssertEqual(r.items[1].message, "its out 'lnk/x.png' is the file items[0] writes as 'sub/x.png'; give each item its own out")
        XCTAssertEqual(r.items[3].message, "its out 'fr/frame_00000.png' and a file of items[2] are one inside the other; give each item its own folder")
        XCTAssertEqual(r.items[4].message, "items[4]: `flags` must not repeat --out; the item's scene and out give it")
        XCTAssertEqual(r.items[5].message, "items[5]: `flags` must not repeat -o; the item's scene and out give it")
        XCTAssertEqual(Set(try FileManager.default.contentsOfDirectory(atPath: scratch.url.path)),
                       ["sub", "lnk", "fr", ".spruce-batch", "m.yaml", "r.json"], "no b.png, c.png, d.png or e.png")
        XCTAssertEqual(Set(try FileManager.default.contentsOfDirectory(atPath: scratch.path("sub").path)), ["x.png"], "records are kept in .spruce-batch")
    }

    /// An item whose out is another item's scene file is refused in either order and on every run, whether that file
    /// exists yet or not (an item whose scene did not exist was planned as reading nothing, and the writer ran).
    func testAnItemCannotWriteASceneFileAnotherItemNamesBeforeItExists() throws {
        let scratch = try Scratch()
        let orders = [("w", "items:\n  - {scene: grid, out: o/w.json, scale: 0.25}\n  - {scene: o/w.json, out: o/w.gif, scale: 0.25}\n"),
                      ("r", "items:\n  - {scene: o/r.json, out: o/r.gif, scale: 0.25}\n  - {scene: grid, out: o/r.json, scale: 0.25}\n")]
        for (name, text) in orders {
            let manifest = scratch.path("\(name).yaml")
            try text.write(to: manifest, atomically: true, encoding: .utf8)
            let (writer, reader) = name == "w" ? (0, 1) : (1, 0)
            for flags in [[], ["--force"]] {
                let run = try CLI.run(["batch", manifest.path, "--report", scratch.path("r.json").path] + flags)
                XCTAssertEqual(run.status, 1, "\(name) \(flags): \(run.stderr)")
                let r = try report(scratch.path("r.json"))
                XCTAssertEqual(r.items.map(\.status), ["failed", "failed"], "\(name) \(flags)")
                XCTAssertEqual(r.items[writer].message, "its --out 'o/\(name).json' is read by items[\(reader)] (its scene or an image); give it another name")
                XCTAssertEqual(r.items[reader].message, "--scene: no such scene file 'o/\(name).json'", "\(name) \(flags)")
            }
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: scratch.path("o").path), "nothing was written")
    }
}
