import Foundation
import MediaTestSupport
import SpruceFilm
import SpruceLottie
import SpruceRender
import XCTest

/// Every example scene exported to Lottie, checked against the official schema, then drawn by rlottie at
/// several frames and compared with our own frames at the same times (PSNR over B, G, R).
final class RlottieComparisonTests: XCTestCase {
    /// Scene file and the PSNR its worst sampled frame must reach (30 dB unless a reason is given).
    static let scenes: [(file: String, minimum: Double)] = [
        ("grid.json", 30), ("examples/cards.json", 30),
        // 28.6 dB measured: the glyph outlines' anti-aliased edges (rlottie's rasteriser, not Cairo's text
        // renderer) and the photo's colour-bar edges, which rlottie samples differently; shapes match to 1 level.
        ("examples/profile.yaml", 28),
        ("examples/stagger.yaml", 30), ("examples/minimal.json", 30), ("examples/dense-grid.json", 30),
        ("phones.json", 30),
    ]

    func testExampleScenesMatchRlottie() throws {
        let only = ProcessInfo.processInfo.environment["LOTTIE_SCENES"]?.split(separator: ",").map(String.init)
        for (file, minimum) in Self.scenes where only?.contains(file) ?? true {
            let psnr = try compare(file)
            print("lottie: \(file): PSNR \(psnr)")
            XCTAssertGreaterThanOrEqual(psnr.worst, minimum, "\(file): \(psnr)")
        }
    }

    /// Exports, validates, renders with rlottie and returns the PSNR of the sampled frames. With
    /// LOTTIE_PAIRS_DIR set, also writes our frame beside rlottie's for every sampled frame there.
    func compare(_ file: String) throws -> PSNR {
        let film = try sceneFilm(file)
        let scratch = try Scratch()
        let url = scratch.path("film.json")
        var export: LottieExport?
        try film.write(to: url, as: .lottie(report: { export = $0 }))
        print("lottie: \(file): \(export!.summary)")
        try LottieTools.assertValid(url)
        let n = film.frameCount
        let frames = Array(Set([0, n / 8, n / 4, 3 * n / 8, n / 2, 5 * n / 8, 3 * n / 4, 7 * n / 8, n - 1])).sorted()
        let ours = try film.frames(at: frames.map(film.time(ofFrame:)))
        let width = ours[0].width, height = ours[0].height
        let theirs = try LottieTools.render(url, frames: frames, width: width, height: height, into: scratch.url)
        if let dir = ProcessInfo.processInfo.environment["LOTTIE_PAIRS_DIR"] {
            let folder = URL(fileURLWithPath: dir).appendingPathComponent((file as NSString).deletingPathExtension.replacingOccurrences(of: "/", with: "-"))
            try? FileManager.default.removeItem(at: folder)
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: url, to: folder.appendingPathComponent("film.json"))
            for (k, bitmap) in zip(frames, ours) {
                try bitmap.writePNG(to: folder.appendingPathComponent(String(format: "ours-%04d.png", k)).path)
                try FileManager.default.copyItem(at: scratch.path(String(format: "rlottie-%04d.png", k)),
                                                 to: folder.appendingPathComponent(String(format: "rlottie-%04d.png", k)))
            }
            _ = try LottieTools.run(["pairs", folder.path, folder.appendingPathComponent("pairs.png").path] + frames.map(String.init))
        }
        return PSNR(decoded: theirs.map { $0.packedBGRA() }, expected: ours.map { $0.packedBGRA() })
    }
}
