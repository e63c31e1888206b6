import Foundation
import IssueReporting
import SnapshotTesting
import SpruceFilm

extension Snapshotting where Value == Film {
    /// The strategy of one `FilmGolden`: the golden's bytes and extension, compared by `diffing`.
    ///
    /// A film whose golden cannot be made (a step that gives too many samples, a strip too large, a failed
    /// drawing) is reported as an issue through IssueReporting (an XCTest failure, or a Swift Testing issue of
    /// the running `@Test`) and gives swift-snapshot-testing no snapshot: nothing is written, in record mode
    /// either, and the assertion fails once more when the library stops waiting for one (its `timeout`).
    public static func golden<G: FilmGolden>(_ golden: G, diffing: Diffing<Format>) -> Snapshotting where G.Value == Format {
        .golden(golden, diffing: diffing, made: nil)
    }

    /// The strategy of `golden` whose value, when `made` is given, is `made` (made already, with the film's other
    /// goldens: `FilmGoldenValues`) rather than `golden.make(film)`.
    static func golden<G: FilmGolden>(_ golden: G, diffing: Diffing<Format>, made: Format?) -> Snapshotting where G.Value == Format {
        Snapshotting(pathExtension: golden.pathExtension, diffing: diffing) { film in
            Async { snapshot in
                if let made { return snapshot(made) }
                do { snapshot(try golden.make(film, cancellation: nil)) } catch {
                    reportIssue("the \(golden.kind) golden of the film could not be made: \(error)")
                }
            }
        }
    }
}

extension Diffing {
    /// `toData` and `fromData` of a golden; bytes that are not such a golden read as `unreadable`, which
    /// `diffV2` is to report as such (`UndecodableReference` keeps the bytes and the reason for it).
    static func golden<G: FilmGolden>(_ golden: G, unreadable: Value,
                                      diffV2: @escaping (Value, Value) -> (String, [DiffAttachment])?) -> Diffing where G.Value == Value {
        .diff(toData: { (try? golden.data($0)) ?? Data() },
              fromData: { data in
                  do { return try golden.value(from: data) } catch { return UndecodableReference.standingIn(for: data, refused: error, unreadable) }
              },
              diffV2: diffV2)
    }
}
