import Foundation
import SpruceBatch

/// Every input is read as a JSON and as a YAML manifest. A manifest that reads keeps its limits, and its runnable
/// items written back as a JSON manifest read again as the same items.
enum BatchFuzz {
    static func run(_ data: Data) {
        for yaml in [false, true] {
            guard let manifest = try? BatchManifest(data, yaml: yaml) else { continue }
            FuzzCheck.require(manifest.items.count <= BatchManifest.maximumItems, "more items than the limit")
            let runnable = manifest.items.filter { $0.problem == nil }
            for item in runnable {
                FuzzCheck.require(!item.scene.isEmpty && !item.out.isEmpty && item.flags.count <= BatchManifest.maximumFlags,
                                  "item \(item.index) runs without a scene, an out or within the flag limit")
            }
            let list = runnable.map { ["scene": $0.scene, "out": $0.out, "flags": $0.flags] as [String: Any] }
            guard let written = try? JSONSerialization.data(withJSONObject: ["items": list]) else {
                FuzzCheck.require(false, "the runnable items cannot be written back as JSON")
                return
            }
            let again = try? BatchManifest(written, yaml: false)
            FuzzCheck.require(again?.items.map { [$0.scene, $0.out] + $0.flags } == runnable.map { [$0.scene, $0.out] + $0.flags }
                              && again?.items.allSatisfy { $0.problem == nil } == true,
                              "the runnable items written back read as other items")
        }
    }
}
