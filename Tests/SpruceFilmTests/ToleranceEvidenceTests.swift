import Foundation
import SpruceFilm
import SpruceRender
import XCTest

/// Prints the measures of every difference region for the evidence table of docs/Testing.md.
final class ToleranceEvidenceTests: XCTestCase {
    func testPrintEvidence() throws {
        guard ProcessInfo.processInfo.environment["SPRUCE_TOLERANCE_EVIDENCE"] != nil else { throw XCTSkip("set SPRUCE_TOLERANCE_EVIDENCE=1") }
        for size in [CGSize(width: 100, height: 100), CGSize(width: 464, height: 464), CGSize(width: 1920, height: 1080)] {
            let base = try ToleranceScene(size: size).film().frames(at: ToleranceScene.times)
            var variants: [(String, ToleranceScene)] = Antialias.allCases.filter { $0 != .good }.map { ("aa-\($0)", ToleranceScene(size: size, antialias: $0)) }
            variants += [("moved-1pt", ToleranceScene(size: size, nudge: 1)), ("recolour-3", ToleranceScene(size: size, recolour: 3))]
            for (name, scene) in variants {
                let frames = try scene.film().frames(at: ToleranceScene.times)
                for (t, (e, a)) in zip(ToleranceScene.times, zip(base, frames)) {
                    let regions = DifferenceRegions.find(e, a, floor: 2)
                    let maxCore = regions.map(\.corePixels).max() ?? 0
                    let maxStrong = regions.map(\.strongPixels).max() ?? 0
                    let maxNet = regions.map { abs($0.netShift) }.max() ?? 0
                    let maxDelta = regions.map(\.maxDelta).max() ?? 0
                    let maxFlat = regions.map(\.flatPixels).max() ?? 0
                    let strongPerLen = regions.map { Double($0.strongPixels) / Double(max($0.width, $0.height)) }.max() ?? 0
                    let maxPerLen = regions.map { abs($0.netShift) / Double(max($0.width, $0.height)) }.max() ?? 0
                    func len(_ r: DifferenceRegion) -> Double { Double(r.width + r.height - 1) }
                    let big = regions.filter { abs($0.netShift) >= 3 }
                    let perLen = big.map { abs($0.netShift) / len($0) }.max() ?? 0
                    let coherent = big.filter { abs($0.netShift) / $0.absoluteShift >= 0.9 }
                        .map { abs($0.netShift) * 255 / (len($0) * Double($0.maxDelta)) }.max() ?? 0
                    print(String(format: "RULE %@ %d t=%.2f shift/len=%.3f coherentNorm=%.3f flat=%d", name, Int(size.width), t, perLen, coherent,
                                 regions.map(\.flatPixels).max() ?? 0))
                    print(String(format: "EVIDENCE %@ %dx%d t=%.2f regions=%d maxDelta=%d maxCore=%d maxStrong=%d maxNet=%.2f net/len=%.3f flat=%d strong/len=%.2f",
                                 name, Int(size.width), Int(size.height), t, regions.count, maxDelta, maxCore, maxStrong, maxNet, maxPerLen, maxFlat, strongPerLen))
                }
            }
        }
    }
}
