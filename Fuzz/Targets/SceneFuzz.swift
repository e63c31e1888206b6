import Foundation
import SpruceScene

/// Every input is read as a JSON and as a YAML scene; a document that parses is also played (built, measured, its
/// frame count, timing JSON and Swift code made), which exercises the limits and the builder. Any `SceneError` is a
/// correct answer.
enum SceneFuzz {
    static func run(_ data: Data) {
        for yaml in [false, true] {
            guard let document = try? SceneParser.parse(data, yaml: yaml) else { continue }
            if let player = try? SceneFilm(document: document, framesPerSecond: 25) {
                _ = player.frameCount
                let timing = player.timingJSON()
                FuzzCheck.require((try? JSONSerialization.jsonObject(with: timing)) != nil, "the timing JSON does not parse")
                _ = document.swiftCode()
            }
        }
    }
}
