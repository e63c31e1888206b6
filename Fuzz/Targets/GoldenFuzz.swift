import Foundation
import SpruceFilm
import SpruceScene

/// A timing or motion golden is read as UTF-8 and compared with what a film makes now, as `FilmGoldens.check`
/// does: every text gives a message or a match, a text matches itself, and a difference says where it is.
enum GoldenFuzz {
    /// The timing and motion reports of a small built-in film, made once.
    static let reports: [(String, String)] = {
        guard let document = try? BuiltInScenes.named("list")?.document(),
              let film = try? SceneFilm(document: document, framesPerSecond: 25).film,
              let timing = try? film.timingReport(), let motion = try? film.motionReport(every: 0.05) else {
            fatalError("the built-in scene `list` does not make a film")
        }
        return [("timing.txt", timing), ("motion.txt", motion)]
    }()

    static func run(_ data: Data) {
        guard let expected = String(data: data, encoding: .utf8) else { return }
        for (kind, actual) in reports {
            FuzzCheck.require(FilmComparison.compareText(expected: expected, actual: expected, what: kind) == nil,
                              "a text differs from itself")
            if let message = FilmComparison.compareText(expected: expected, actual: actual, what: kind) {
                FuzzCheck.require(message.hasPrefix(kind) && expected != actual, "the difference's message does not name the golden")
            } else {
                FuzzCheck.require(expected == actual, "a different text matches")
            }
        }
    }
}
