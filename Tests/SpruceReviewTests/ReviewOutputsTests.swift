import Foundation
import SpruceFilm
import SpruceRender
import SpruceReview
import XCTest

/// The review pictures asked for, as one value: what `validate` refuses without a film, what `prepare` and
/// `checkViews` refuse with one, and what `write` writes; every refusal names its setting, not a flag.
final class ReviewOutputsTests: XCTestCase {
    func row() throws -> Film { try rowOfTiles() }

    func refusal(_ change: (inout ReviewOutputs) -> Void) -> String? {
        var outputs = ReviewOutputs()
        change(&outputs)
        do { try outputs.validate(); return nil } catch { return "\(error)" }
    }

    func testValidateRefusesSettingsWithoutAFilm() {
        XCTAssertNil(refusal { $0.sheet = "s.png"; $0.sheetFrames = 6; $0.sheetColumns = 3; $0.sheetWidth = 640 })
        XCTAssertEqual(refusal { $0.sheetFrames = 6 }, "contact sheet frames: it needs the contact sheet")
        XCTAssertEqual(refusal { $0.sheetWidth = 640 }, "contact sheet width: it needs the contact sheet")
        XCTAssertEqual(refusal { $0.sheet = "s.png"; $0.sheetFrames = 6; $0.sheetTimes = "0" },
                       "contact sheet frames: it and the contact sheet times both choose the sheet's frames; give one")
        XCTAssertEqual(refusal { $0.sheet = "s.png"; $0.sheetFrames = 2.5 }, "contact sheet frames: must be a whole number 2…200, got 2.5")
        XCTAssertEqual(refusal { $0.sheet = "s.png"; $0.sheetColumns = 1e300 }, "contact sheet columns: must be a whole number 1…200, got 1e+300")
        XCTAssertEqual(refusal { $0.sheet = "s.png"; $0.sheetWidth = 100 }, "contact sheet width: must be a whole number 320…16384, got 100")
        XCTAssertEqual(refusal { $0.sheet = "s.png"; $0.sheetEvery = 0 }, "contact sheet step: must be seconds in (0, 3600], got 0.0")
        XCTAssertEqual(refusal { $0.sheet = "s.png"; $0.sheetTimes = "0,x" }, "contact sheet times: \"x\" is not a time in seconds ≥ 0")
        XCTAssertEqual(refusal { $0.views = "a" }, "motion curves views: it needs the motion curves")
        XCTAssertEqual(refusal { $0.curves = "c.svg"; $0.views = " , " }, "motion curves views: no view ids in \" , \"")
        XCTAssertEqual(refusal { $0.curves = "c.gif" }, "motion curves: writes PNG or SVG, so the path must end in .png or .svg, got \"c.gif\"")
        XCTAssertEqual(refusal { $0.timingChart = "t.jpg" }, "timing chart: writes a PNG, so the path must end in .png, got \"t.jpg\"")
    }

    func testPrepareAndCheckViewsAgainstTheFilm() throws {
        let film = try row()
        var outputs = ReviewOutputs()
        outputs.sheet = "s.png"
        outputs.sheetTimes = "0,99"
        XCTAssertThrowsError(try outputs.prepare(film: film, title: "row", scale: 1, cancellation: nil)) {
            XCTAssertEqual(($0 as? ReviewOutputsError)?.setting, .sheetTimes)
        }
        outputs.sheetTimes = "0,0.2"
        outputs.sheetWidth = 640
        let sheet = try XCTUnwrap(try outputs.prepare(film: film, title: "row", scale: 2, cancellation: nil))
        XCTAssertEqual(sheet.times, [0, 0.2])
        XCTAssertEqual(sheet.width, 320, "640 pixels at scale 2")
        outputs.curves = "c.png"
        outputs.views = "tile-0,tile-9"
        XCTAssertThrowsError(try outputs.checkViews(film: film)) {
            guard case let .unknownView(id, known)? = ($0 as? ReviewOutputsError)?.problem else { return XCTFail("\($0)") }
            XCTAssertEqual(id, "tile-9")
            XCTAssertEqual(known, ["tile-0", "tile-1", "tile-2"])
        }
    }

    func testWriteWritesEachPictureInOrder() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("review-outputs-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let film = try row()
        var outputs = ReviewOutputs()
        (outputs.sheet, outputs.timingChart, outputs.curves) = (folder.appendingPathComponent("s.png").path,
                                                               folder.appendingPathComponent("t.png").path,
                                                               folder.appendingPathComponent("c.svg").path)
        let sheet = try outputs.prepare(film: film, title: "row", scale: 1, cancellation: nil)
        var started: [ReviewOutputs.Setting] = [], written: [String] = []
        try outputs.write(film: film, title: "row", scale: 1, contactSheet: sheet, cancellation: RenderCancellation(),
                          starting: { started.append($0) }, wrote: { written.append($0) })
        XCTAssertEqual(started, [.sheet, .timingChart, .curves])
        XCTAssertEqual(written, [outputs.sheet!, outputs.timingChart!, outputs.curves!])
        XCTAssertEqual(try Bitmap(contentsOfFile: outputs.sheet!).width, Int(ContactSheet.defaultWidth))
        XCTAssertTrue(try String(contentsOfFile: outputs.curves!, encoding: .utf8).contains("<svg"))
        // A picture whose folder is gone cannot be written: the setting, and the write's own error.
        outputs.timingChart = folder.appendingPathComponent("gone/t.png").path
        XCTAssertThrowsError(try outputs.write(film: film, title: "row", scale: 1, contactSheet: nil, cancellation: RenderCancellation())) {
            XCTAssertEqual(($0 as? ReviewOutputsError)?.setting, .timingChart)
        }
    }
}
