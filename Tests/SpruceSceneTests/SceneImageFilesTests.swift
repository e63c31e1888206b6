import Foundation
import MediaTestSupport
import Spruce
@testable import SpruceScene
import SpruceRender
import XCTest

/// A scene's images are decoded once a file, however each view spells its path, and only up to a budget of
/// pixels in all, counted from the PNG headers before anything is decoded.
final class SceneImageFilesTests: XCTestCase {
    func scene(_ paths: [String], in folder: URL) throws -> SceneDocument {
        let views = paths.enumerated().map { #"{"type": "image", "image": "\#($1)", "frame": [\#($0), 0, 8, 8]}"# }
        var doc = try SceneParser.parse(Data(#"{"views": [\#(views.joined(separator: ","))]}"#.utf8))
        doc.baseURL = folder
        return doc
    }

    func testEverySpellingOfOneFileIsOneDecodeAndTheBudgetCountsFiles() throws {
        let scratch = try Scratch()
        try FileManager.default.createDirectory(at: scratch.path("sub"), withIntermediateDirectories: true)
        try Bitmap(width: 8, height: 8).writePNG(to: scratch.path("a.png").path)
        try Bitmap(width: 8, height: 8).writePNG(to: scratch.path("b.png").path)
        try FileManager.default.createSymbolicLink(atPath: scratch.path("link.png").path, withDestinationPath: "a.png")
        let spellings = ["a.png", "./a.png", "././a.png", "sub/../a.png", "link.png", scratch.path("a.png").path]
        // Six spellings of one 64-pixel file fit a budget of 100 pixels: one decode, one image for every view.
        let builder = try SceneBuilder(try scene(spellings, in: scratch.url), imagePixels: 100)
        let images = builder.makeRoot().subviews.compactMap { ($0 as? ImageView)?.image }
        XCTAssertEqual(images.count, spellings.count)
        // One decode: every view's image shares the first one's pixel storage.
        let storage = Set(images.map { $0.pixels.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) } })
        XCTAssertEqual(storage.count, 1, "one decode of a.png")
        // A second file is 64 more: over the budget, refused before it is decoded, named where it is used.
        XCTAssertThrowsError(try SceneBuilder(try scene(spellings + ["b.png"], in: scratch.url), imagePixels: 100)) {
            XCTAssertEqual("\($0)", "views[6].image: the scene's images hold more than 100 pixels in all (8×8 more here); each file is decoded once")
        }
        XCTAssertNoThrow(try SceneBuilder(try scene(spellings + ["b.png"], in: scratch.url), imagePixels: 128))
    }
}
