import Foundation
import Spruce
import SpruceFilm
@testable import SpruceLottie
import XCTest

/// Every number that can reach the Lottie writer, finite or not, gives a file JSON readers accept, or a clean
/// `LottieExportError`: the edge values of `Double` (NaN, infinities, the largest, subnormal, -0, the places where
/// rounding to 1/10000 or converting to Int64 changes) and a seeded stream of random bit patterns and magnitudes.
final class LottieNumberTests: XCTestCase {
    static let edges: [Double] = {
        let positive: [Double] = [
            0, .leastNonzeroMagnitude, .leastNormalMagnitude, 1e-300, 0.00004999, 0.00005, 0.00015, 0.1 + 0.2, 1, 2.5,
            123456.78905, 1e15 - 0.5, 1e15, 1e15 + 2, 9.223372036854775e18, 9.3e18, 1e300, 1.7e304, 1.8e304, 1e305,
            .greatestFiniteMagnitude, .infinity, .nan, .signalingNaN,
        ]
        return positive + positive.map { -$0 }
    }()

    /// The same stream on every run and machine (Spruce's seeded generator).
    static func randomValues(_ count: Int) -> [Double] {
        var stream = SplitMix64(seed: 2026)
        return (0..<count).map { i in
            i % 2 == 0 ? Double(bitPattern: stream.next())
                : Double.random(in: 1...10, using: &stream) * pow(10, Double(Int.random(in: -320...308, using: &stream)))
                    * (Bool.random(using: &stream) ? 1 : -1)
        }
    }

    /// A number as the writer formats it, in an object and in an array, reads back by JSONSerialization as the value
    /// rounded to 1/10000 (the value itself from 10^15 on; 0 for a number that is not finite).
    func testEveryNumberIsWrittenAsJSONThatReadsBackAsItsValue() throws {
        for v in Self.edges + Self.randomValues(4000) {
            let document: LottieJSON = .object([("v", .number(v)), ("a", .numbers([v, -v]))])
            let text = document.text
            guard let object = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any],
                  let read = (object["v"] as? NSNumber)?.doubleValue else {
                XCTFail("\(v) is written as \(text), which is not JSON")
                continue
            }
            XCTAssertEqual((object["a"] as? [Any])?.count, 2, text)
            // Exactly, read by Swift; within 10^-14 by Foundation's JSON reader, which is a few ulps off on Linux.
            let expected = !v.isFinite ? 0 : abs(v) >= 1e15 ? v : (v * 10000).rounded() / 10000
            XCTAssertEqual(Double(LottieJSON.format(v)), expected, "\(v) is written as \(LottieJSON.format(v))")
            XCTAssertEqual(read, expected, accuracy: abs(expected) * 1e-14, "\(v) is written as \(LottieJSON.format(v))")
        }
    }

    /// The edge values as a view's position, size, scale, alpha and corner radius in an exported film: the file is
    /// JSON (and the one with the largest finite numbers passes the lottie-specs schema), or the export is refused.
    func testEveryNumberInAFilmGivesJSONOrARefusal() throws {
        let changes: [(String, (View, Double) -> Void)] = [
            ("center", { $0.center = CGPoint(x: CGFloat($1), y: 20) }),
            ("bounds", { $0.bounds = CGRect(x: 0, y: 0, width: CGFloat($1), height: 30) }),
            ("transform", { $0.transform = CGAffineTransform(scaleX: CGFloat($1), y: 1) }),
            ("alpha", { $0.alpha = CGFloat($1) }),
            ("cornerRadius", { $0.cornerRadius = CGFloat($1) }),
        ]
        var largest: (Double, Data)?
        for (property, change) in changes {
            for v in Self.edges {
                let film = try Film(size: CGSize(width: 100, height: 100), framesPerSecond: 25, loop: .in,
                                    root: LottieExportTests.twoTiles) { root in
                    root.animate(withDuration: 0.2, changes: { _ in change(root.view(withID: "a")!, v) })
                }
                let export: LottieExport
                do { export = try LottieExport(film: film) } catch is LottieExportError { continue }
                XCTAssertNotNil(try? JSONSerialization.jsonObject(with: export.data), "\(property) = \(v) gives a file that is not JSON")
                if v.isFinite, abs(v) > abs(largest?.0 ?? 0) { largest = (v, export.data) }
            }
        }
        let (_, data) = try XCTUnwrap(largest)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lottie-numbers-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("largest.json")
        try data.write(to: file)
        try LottieTools.assertValid(file)
    }
}
