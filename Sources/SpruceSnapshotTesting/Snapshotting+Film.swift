import Foundation
import SnapshotTesting
import Spruce
import SpruceFilm
import SpruceRender
import SpruceVideo
import XCTest

extension Diffing where Value == Filmstrip {
    /// PNG on disk; cells compared one by one with the region rule. The message names the first differing
    /// time and the views there; the artifacts folder (`SNAPSHOT_ARTIFACTS`, else the temporary directory)
    /// gets expected, actual and difference filmstrips and a side-by-side animated PNG.
    public static var filmstrip: Diffing {
        .diff(
            toData: { (try? $0.bitmap.pngData()) ?? Data() },
            fromData: { data in
                let bitmap = (try? Bitmap(pngData: data)) ?? UndecodableReference.placeholder
                return Filmstrip(bitmap: bitmap, times: [], cells: [])
            },
            diffV2: { expected, actual in
                guard let message = FilmComparison.compare(expected: expected.bitmap, actual: actual, film: actual.film) else { return nil }
                let folder = URL(fileURLWithPath: ProcessInfo.processInfo.environment["SNAPSHOT_ARTIFACTS"] ?? NSTemporaryDirectory())
                    .appendingPathComponent("SpruceFilmDiffs")
                let name = "filmstrip-\(UUID().uuidString.prefix(8))"
                let files = (try? FilmArtifacts.write(expected: expected.bitmap, actual: actual, name: name, to: folder, animation: .apng)) ?? []
                let listed = files.isEmpty ? "" : "\nartifacts: " + files.map(\.path).joined(separator: ", ")
                let attachments: [DiffAttachment] = files.compactMap { url in
                    (try? Data(contentsOf: url)).map { DiffAttachment.data($0, name: url.lastPathComponent) }
                }
                return (message + listed, attachments)
            })
    }
}

extension Diffing where Value == String {
    /// Text goldens of a film: the message names the first differing line's time and view.
    public static func filmText(_ what: String) -> Diffing {
        .diff(toData: { Data($0.utf8) }, fromData: { String(decoding: $0, as: UTF8.self) },
              diffV2: { expected, actual in
                  FilmComparison.compareText(expected: expected, actual: actual, what: what).map { ($0, [DiffAttachment]()) }
              })
    }
}

extension Snapshotting where Value == Filmstrip, Format == Filmstrip {
    public static var filmstrip: Snapshotting { Snapshotting(pathExtension: "png", diffing: .filmstrip) }
}

extension Snapshotting where Value == Film, Format == Filmstrip {
    /// One PNG of the frames at `times`, each labelled with its time.
    public static func filmstrip(at times: [Double]) -> Snapshotting {
        Snapshotting<Filmstrip, Filmstrip>.filmstrip.pullback { film in strip(film) { try Filmstrip(film: film, times: times) } }
    }

    /// Frames every `step` seconds from 0 to the end of the film.
    public static func filmstrip(every step: Double) -> Snapshotting {
        Snapshotting<Filmstrip, Filmstrip>.filmstrip.pullback { film in
            strip(film) { try Filmstrip(film: film, times: film.sampleTimes(every: step)) }
        }
    }

    private static func strip(_ film: Film, _ make: () throws -> Filmstrip) -> Filmstrip {
        do { return try make() } catch {
            XCTFail("rendering the filmstrip failed: \(error)")
            return Filmstrip(bitmap: UndecodableReference.placeholder, times: [], cells: [])
        }
    }
}

extension Snapshotting where Value == Film, Format == Bitmap {
    /// The frame at `time`, compared with the region rule.
    public static func frame(at time: Double) -> Snapshotting {
        Snapshotting<Bitmap, Bitmap>.image.pullback { film in
            do { return try film.frame(at: time) } catch {
                XCTFail("rendering the frame at \(time) failed: \(error)")
                return UndecodableReference.placeholder
            }
        }
    }

    /// One PNG per time, named by the time: `assertSnapshots(of: film, as: .frames(at: [0, 0.2, 0.4]))`.
    public static func frames(at times: [Double]) -> [String: Snapshotting] {
        Dictionary(uniqueKeysWithValues: times.map { ("t\(Film.label($0))", .frame(at: $0)) })
    }
}

extension Snapshotting where Value == Film, Format == String {
    /// Every view's start, duration and settling time, one line each (`Film.timingReport()`).
    public static var timing: Snapshotting {
        Snapshotting(pathExtension: "txt", diffing: .filmText("timing")) { film in
            (try? film.timingReport()) ?? "error: the film could not be played"
        }
    }

    /// Every animated property of every view every `step` seconds, rounded as `Film.motionReport(every:)` documents.
    public static func motion(every step: Double) -> Snapshotting {
        Snapshotting(pathExtension: "txt", diffing: .filmText("motion")) { film in
            (try? film.motionReport(every: step)) ?? "error: the film could not be sampled every \(step) s"
        }
    }
}

/// A view and the choreography that animates it, for strategies over time without building a `Film` first:
/// `assertSnapshot(of: Choreographed(size: …, root: makeGrid) { $0.spruce.animate(…) }, as: .filmstrip(every: 0.1))`.
public struct Choreographed {
    public var film: () throws -> Film

    public init(size: CGSize, framesPerSecond: Double = 60, loop: FilmLoopShape = .inHold(hold: 0.5),
                root: @escaping () -> View, choreography: @escaping (View) -> Void) {
        film = { try Film(size: size, framesPerSecond: framesPerSecond, loop: loop, root: root, choreography: choreography) }
    }
}

extension Snapshotting where Value == Choreographed {
    /// Any film strategy (`.filmstrip(every:)`, `.timing`, `.motion(every:)`, `.frame(at:)`) for a view and its choreography.
    public static func film(_ strategy: Snapshotting<Film, Format>) -> Snapshotting {
        strategy.pullback { c in
            do { return try c.film() } catch {
                fatalError("the choreography cannot be filmed: \(error)")
            }
        }
    }
}
