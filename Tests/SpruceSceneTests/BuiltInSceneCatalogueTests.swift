import Foundation
import Spruce
import SpruceRender
@testable import SpruceScene
import XCTest

/// The built-in scenes are compiled in at build time (BuiltInScenesPlugin writes them from fixtures/scenes);
/// these tests show every scene file is there, and that the compiled scenes play exactly as their files do
/// without reading any file.
final class BuiltInSceneCatalogueTests: XCTestCase {
    /// fixtures/scenes/*.{json,yaml,yml} and fixtures/scenes/examples/*, relative to fixtures/scenes.
    func sceneFiles() throws -> [String] {
        let root = repositoryFixtures.appendingPathComponent("scenes")
        var files: [String] = []
        for folder in ["", "examples"] {
            let names = try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent(folder).path)
            files += names.filter { SceneCatalogue.fileExtensions.contains(($0 as NSString).pathExtension) }
                .map { folder.isEmpty ? $0 : "\(folder)/\($0)" }
        }
        return files.sorted()
    }

    /// Each scene file is built in with its text, its name, its description and the bytes of every image it
    /// names: a scene or an image the generator missed fails here.
    func testEveryFixtureSceneIsBuiltInWithItsImages() throws {
        let root = repositoryFixtures.appendingPathComponent("scenes")
        XCTAssertEqual(BuiltInScenes.all.map(\.file).sorted(), try sceneFiles())
        for scene in BuiltInScenes.all {
            let url = root.appendingPathComponent(scene.file)
            XCTAssertEqual(scene.text, try String(contentsOf: url, encoding: .utf8), scene.file)
            XCTAssertEqual(scene.name, url.deletingPathExtension().lastPathComponent)
            let header = try XCTUnwrap(SceneHeader.read(url), scene.file)
            XCTAssertEqual(scene.name, header.name, "\(scene.file): the name field is the file name")
            XCTAssertEqual(scene.description, header.description, scene.file)
            XCTAssertFalse(scene.description.isEmpty || scene.description.contains("\n"), "\(scene.file): one-line description")
            let compiled = try scene.document()
            XCTAssertEqual(compiled.imageInputs.map(\.place), [], "\(scene.file): images named but not built in")
            let named = try SceneParser.load(contentsOf: url).imageInputs.map(\.url.standardized.path)
            let embedded = scene.images.keys.map { url.deletingLastPathComponent().appendingPathComponent($0).standardized.path }
            XCTAssertEqual(Set(embedded), Set(named), "\(scene.file): the images built in are the images it names")
            for (path, data) in scene.images {
                let file = url.deletingLastPathComponent().appendingPathComponent(path)
                XCTAssertEqual(data, try Data(contentsOf: file), "\(scene.file) image \(path)")
            }
        }
        XCTAssertEqual(Set(BuiltInScenes.names).count, BuiltInScenes.all.count, "names are unique")
        for name in ["grid", "list", "collection", "phones", "cards", "dense-grid", "minimal", "profile", "stagger"] {
            XCTAssertNotNil(BuiltInScenes.named(name), name)
        }
    }

    /// Each compiled-in scene, with no file beside it, draws the same pixels as its file: images included
    /// (profile's photo comes from the embedded bytes, not from fixtures/images).
    func testEveryBuiltInSceneDrawsAsItsFileDoes() throws {
        let root = repositoryFixtures.appendingPathComponent("scenes")
        for scene in BuiltInScenes.all {
            let compiled = try scene.document()
            XCTAssertNil(compiled.baseURL, scene.name)
            let fromFile = try SceneParser.load(contentsOf: root.appendingPathComponent(scene.file))
            let a = try SceneFilm(document: compiled, framesPerSecond: 25)
            let b = try SceneFilm(document: fromFile, framesPerSecond: 25)
            let time = a.phases.inEnd
            XCTAssertEqual(try a.render(at: time).packedBGRA(), try b.render(at: time).packedBGRA(), scene.name)
        }
        let profile = try XCTUnwrap(BuiltInScenes.named("profile"))
        XCTAssertEqual(Array(profile.images.keys), ["../../images/testcard.png"])
    }

    /// An image the scene names and the catalogue lacks is an error naming the place, not a blank view.
    func testAMissingEmbeddedImageIsReported() throws {
        var doc = try XCTUnwrap(BuiltInScenes.named("profile")).document()
        doc.embeddedImages = [:]
        doc.baseURL = FileManager.default.temporaryDirectory.appendingPathComponent("no-such-folder-\(UUID().uuidString)")
        XCTAssertThrowsError(try SceneBuilder(doc)) { XCTAssertTrue("\($0)".contains("views[0].image"), "\($0)") }
        doc.embeddedImages = ["../../images/testcard.png": Data("not a png".utf8)]
        XCTAssertThrowsError(try SceneBuilder(doc)) { XCTAssertTrue("\($0)".contains("views[0].image"), "\($0)") }
    }

    /// Added folders: searched first (a file may stand in for a built-in), YAML too, every name once.
    func testAddedFoldersJoinTheCatalogue() throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("spruce-catalogue-\(UUID().uuidString)")
        let first = base.appendingPathComponent("first"), second = base.appendingPathComponent("second")
        for dir in [first, second] { try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true) }
        defer { try? FileManager.default.removeItem(at: base) }
        let grid = try XCTUnwrap(BuiltInScenes.named("grid")).text
        try grid.replacingOccurrences(of: "#A9F0B4", with: "#FF0000").write(to: first.appendingPathComponent("grid.json"), atomically: true, encoding: .utf8)
        try "name: mine\ndescription: My own screen.\n".write(to: second.appendingPathComponent("mine.yaml"), atomically: true, encoding: .utf8)
        try "{}".write(to: second.appendingPathComponent("plain.json"), atomically: true, encoding: .utf8)
        try "{}".write(to: second.appendingPathComponent("notes.txt"), atomically: true, encoding: .utf8)
        try "{}".write(to: second.appendingPathComponent("grid.json"), atomically: true, encoding: .utf8)
        // Not scenes, whatever their names: a folder, a link to a device, a link loop.
        try FileManager.default.createDirectory(at: second.appendingPathComponent("folder.json"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: second.appendingPathComponent("zero.json").path, withDestinationPath: "/dev/zero")
        try FileManager.default.createSymbolicLink(atPath: second.appendingPathComponent("loop.yaml").path, withDestinationPath: "loop.yaml")

        let catalogue = SceneCatalogue(environment: ["SPRUCE_SCENES": "\(first.path):\(second.path)"])
        XCTAssertEqual(catalogue.folders.map(\.path), [first.path, second.path])
        let entries = catalogue.entries
        XCTAssertEqual(entries.map(\.name), BuiltInScenes.names + ["mine", "plain"])
        let replaced = try XCTUnwrap(catalogue.entry(named: "grid"))
        XCTAssertTrue(replaced.replacesBuiltIn)
        guard case .file(let url) = replaced.source else { return XCTFail("grid comes from the first folder") }
        XCTAssertEqual(url.path, first.appendingPathComponent("grid.json").path)
        XCTAssertEqual(try replaced.document().views[0].grid?.tile.backgroundColor, Color(hex: "#FF0000"))
        XCTAssertEqual(catalogue.entry(named: "mine")?.description, "My own screen.")
        XCTAssertNil(catalogue.entry(named: "plain")?.description)
        XCTAssertNil(catalogue.entry(named: "notes"))
        guard case .builtIn = try XCTUnwrap(catalogue.entry(named: "list")).source else { return XCTFail("list is built in") }
        XCTAssertEqual(SceneCatalogue(environment: [:]).entries.map(\.name), BuiltInScenes.names)
    }

    /// The catalogue's refusals in its own words (the command line puts its flag before them).
    func testLookupErrorsSayWhatWasNotFound() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("spruce-lookup-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("x.json"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let catalogue = SceneCatalogue(environment: [:])
        func refusal(_ argument: String) -> String? {
            do { _ = try catalogue.locate(argument); return nil } catch { return (error as? SceneLookupError)?.description }
        }
        XCTAssertEqual(refusal(folder.path + "/none.yaml"), "no such scene file '\(folder.path)/none.yaml'")
        XCTAssertEqual(refusal(folder.path + "/x.json"), "'\(folder.path)/x.json' is a directory, not a scene file")
        try "{}".write(to: folder.appendingPathComponent("s.json"), atomically: true, encoding: .utf8)
        XCTAssertEqual(refusal(folder.path + "/s.json/"), "'\(folder.path)/s.json/': a name ending in '/' is a folder's, and this is a file (drop the '/')")
        try FileManager.default.removeItem(at: folder.appendingPathComponent("s.json"))
        XCTAssertEqual(refusal("nogrid"), "no scene named \"nogrid\" (scenes: \(BuiltInScenes.names.joined(separator: ", ")))")
        // Added folders that are not there are passed over, and a name not found says which were searched.
        try "{}".write(to: folder.appendingPathComponent("notes.txt"), atomically: true, encoding: .utf8)
        let added = SceneCatalogue(environment: ["SPRUCE_SCENES": "\(folder.path):\(folder.path)/gone:\(folder.path)/notes.txt"])
        XCTAssertThrowsError(try added.locate("nogrid")) {
            XCTAssertEqual(($0 as? SceneLookupError)?.description, "no scene named \"nogrid\" (scenes: \(BuiltInScenes.names.joined(separator: ", ")))"
                           + "; added folders searched: '\(folder.path)', '\(folder.path)/gone' (does not exist), '\(folder.path)/notes.txt' (a file, not a folder)")
        }
        XCTAssertNotNil(added.entry(named: "grid"), "the built-in scenes are still found")
    }
}
