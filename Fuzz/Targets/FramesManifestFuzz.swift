import Foundation
@_spi(Fuzzing) import SpruceRender

/// Every input is read as a frames-folder manifest; its entries written and read again are the same entries.
enum FramesManifestFuzz {
    static func run(_ data: Data) {
        guard let text = String(data: data, encoding: .utf8), let entries = FramesManifest.entries(text) else { return }
        for entry in entries {
            FuzzCheck.require(!entry.name.contains("/") && !entry.name.contains("\n") && !["", ".", ".."].contains(entry.name),
                              "the entry \(entry.name.debugDescription) names no plain file")
        }
        let again = FramesManifest.entries(FramesManifest.text(entries))
        let sorted = entries.sorted { $0.name < $1.name }
        FuzzCheck.require(again == sorted, "the entries written back read as other entries")
    }
}
