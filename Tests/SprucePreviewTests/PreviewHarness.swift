import Foundation
import SpruceFilm
import SprucePreview
import SprucePreviewModel
import SpruceRender
import SpruceScene
import XCTest

/// A real preview server on an ephemeral loopback port, serving a scene file in a scratch folder.
final class PreviewHarness {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let gridScene = packageRoot.appendingPathComponent("fixtures/scenes/grid.json")

    let folder: URL
    let sceneURL: URL
    let server: PreviewServer
    let session: PreviewSession
    let client: RawHTTP
    private let running: ServerTask

    /// A short grid: 3×3 tiles, so every frame draws quickly and a film has few frames.
    static func smallGrid(sort: String = "cornered", rows: Int = 3) throws -> Data {
        var object = try JSONSerialization.jsonObject(with: Data(contentsOf: gridScene)) as! [String: Any]
        var views = object["views"] as! [[String: Any]]
        var grid = views[0]["grid"] as! [String: Any]
        (grid["rows"], grid["columns"]) = (rows, rows)
        grid["tileSize"] = nil
        views[0]["grid"] = grid
        object["views"] = views
        var choreography = object["choreography"] as! [String: Any]
        choreography["sort"] = sort
        choreography.removeValue(forKey: "position")
        choreography.removeValue(forKey: "corner")
        object["choreography"] = choreography
        return try JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys])
    }

    init(scene: Data? = nil, limits: PreviewServer.Limits = PreviewServer.Limits(),
         check: @escaping @Sendable (URL) throws -> Void = { _ in }) throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("spruce-preview-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        sceneURL = folder.appendingPathComponent("scene.json")
        try (scene ?? Self.smallGrid()).write(to: sceneURL)
        session = try PreviewSession(sceneURL: sceneURL)
        server = PreviewServer(session: session, port: 0, limits: limits,
                               export: PreviewExport(folder: URL(fileURLWithPath: PathGuard.realPath(folder.path)), check: check))
        let server = self.server
        running = ServerTask(run: { try await server.run(handlesSignals: false) }, shutdown: { await server.shutdown() })
        var client = try RawHTTP.waiting { server.port }
        client.headers = [("X-Review-Token", server.token)]
        self.client = client
    }

    var port: Int { client.port }

    func stop() async throws { try await running.stop() }

    deinit { try? FileManager.default.removeItem(at: folder) }

    /// The film the command line would make of the scene file now (`render-gif --scene FILE`), independently of the server.
    func expectedFilm() throws -> Film {
        let document = try SceneParser.load(contentsOf: sceneURL)
        return try SceneFilm(document: document, framesPerSecond: document.timeline.fps ?? 60).film
    }

    /// `render-gif --at T --out x.png` of this film: the PNG bytes of frame `index`.
    func expectedPNG(_ film: Film, _ index: Int) throws -> Data { try film.frame(at: film.time(ofFrame: index)).pngData() }

    func state() throws -> [String: Any] { try client.get("/state").json }

    func filmInfo() throws -> [String: Any] { try state()["film"] as? [String: Any] ?? [:] }

    /// Replaces the scene file the way editors save: a new file renamed over the old one.
    func save(_ data: Data) throws {
        let temporary = folder.appendingPathComponent(".scene.json.swp")
        try data.write(to: temporary)
        guard rename(temporary.path, sceneURL.path) == 0 else { throw RawHTTP.Failure(description: "rename failed") }
    }
}
