import Foundation
import SpruceFilm
import SpruceReviewServer
import SpruceScene
import XCTest

/// A scratch folder of three small scenes whose goldens were recorded, then two of them changed (`slow` springs
/// slower, `late` starts later; `same` is as recorded), and a real review server over it on an ephemeral port.
final class ReviewHarness {
    let folder: URL
    let goldens: URL
    let server: ReviewServer
    let client: RawHTTP
    private let running: ServerTask

    /// A 3×3 grid on a small canvas: few frames, quickly drawn.
    static func scene(damping: Double = 0.5, delay: Double = 0.025) throws -> Data {
        var object = try JSONSerialization.jsonObject(with: PreviewHarness.smallGrid()) as! [String: Any]
        object["canvas"] = ["width": 120, "height": 120, "scale": 1, "background": "#FFFFFF"]
        var views = object["views"] as! [[String: Any]]
        views[0]["frame"] = [0, 0, 120, 120]
        object["views"] = views
        var choreography = object["choreography"] as! [String: Any]
        (choreography["damping"], choreography["delay"]) = (damping, delay)
        object["choreography"] = choreography
        object["timeline"] = ["fps": 20, "loop": "in"]
        return try JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys])
    }

    /// Writes the scenes, records their goldens, then changes `slow` and `late`.
    static func makeFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("spruce-review-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for name in ["slow", "late", "same"] { try scene().write(to: folder.appendingPathComponent("\(name).json")) }
        var record = SceneGoldenRun(paths: [folder.path])
        record.recording = true
        _ = try record.run()
        try scene(damping: 0.9).write(to: folder.appendingPathComponent("slow.json"))
        try scene(delay: 0.1).write(to: folder.appendingPathComponent("late.json"))
        return folder
    }

    /// `editGoldens` changes the recorded goldens (their folder) before the scenes are checked.
    init(limits: ReviewServer.Limits = ReviewServer.Limits(), editGoldens: (URL) throws -> Void = { _ in }) throws {
        folder = try Self.makeFolder()
        goldens = folder.appendingPathComponent("goldens")
        try editGoldens(goldens)
        server = ReviewServer(catalogue: try ReviewCatalogue(paths: [folder.path], goldens: nil), port: 0, limits: limits)
        let server = self.server
        running = ServerTask(run: { try await server.run(handlesSignals: false) }, shutdown: { await server.shutdown() })
        client = try RawHTTP.waiting { server.port }
    }

    var port: Int { client.port }
    var token: [(String, String)] { [("X-Review-Token", server.token)] }

    func get(_ target: String) throws -> RawHTTP.Reply { try client.get(target, headers: token) }
    func post(_ target: String, _ json: Any) throws -> RawHTTP.Reply { try client.post(target, json: json, headers: token) }

    /// The id of the item of scene `name`.
    func id(_ name: String) throws -> String {
        let items = try get("/api/items").json["items"] as? [[String: Any]] ?? []
        guard let id = items.first(where: { $0["name"] as? String == name })?["id"] as? String else {
            throw RawHTTP.Failure(description: "no item \(name) in \(items)")
        }
        return id
    }

    /// Every file of the folder, by relative path, with its bytes.
    func files() throws -> [String: Data] {
        var out: [String: Data] = [:]
        let root = folder.resolvingSymlinksInPath().path
        for case let url as URL in FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)! where !url.hasDirectoryPath {
            out[String(url.resolvingSymlinksInPath().path.dropFirst(root.count + 1))] = try Data(contentsOf: url)
        }
        return out
    }

    /// `render-gif test` of one scene: whether it passes.
    func passes(_ name: String) throws -> Bool {
        try SceneGoldenRun(paths: [folder.appendingPathComponent("\(name).json").path]).run().failure == nil
    }

    func stop() async throws { try await running.stop() }

    deinit { try? FileManager.default.removeItem(at: folder) }
}
