import Foundation
import SpruceRender

extension FilmGoldensReport {
    /// Where a report `r.html` puts its pictures: `r.files/`, a folder of files the report owns like a folder of
    /// frames (`AtomicOutput`): it goes only where nothing is, into an empty folder or into one an earlier report made
    /// (it lists its files), and only the pictures that report wrote are ever replaced or removed. The pictures are
    /// made in the output's hidden temporary beside it, registered as a temporary, and moved in only when the run
    /// ends with a report: an interrupted or failed run leaves neither its pictures nor a mix of old and new.
    public struct Pictures {
        let output: AtomicOutput
        /// `r.files/`, and the hidden folder the pictures are made in.
        public var folder: URL { output.target }
        /// The hidden folder beside ``folder`` that the pictures are written to until ``commit(_:)`` moves them in.
        public var scratch: URL { output.temporary }

        /// `r.files` for `r.html`.
        public static func folder(of report: URL) -> URL {
            report.deletingPathExtension().appendingPathExtension("files")
        }

        /// Throws `AtomicOutputError` when the folder cannot be made there.
        public init(report: URL) throws {
            output = try AtomicOutput.prepare(target: Self.folder(of: report), isDirectory: true, fileExtension: "")
        }

        /// Moves every picture into `folder` (an earlier report's pictures go; files it did not write stay), and points
        /// the outcomes at their new places. With no pictures and no folder yet, no folder is made.
        public func commit(_ outcomes: inout [FilmGoldens.Outcome]) throws {
            let moving = outcomes.flatMap(\.artifacts)
            guard !moving.isEmpty || FileKind.of(folder.path) != .missing else { return discard() }
            do { try output.commit() } catch {
                discard()
                throw error
            }
            for i in outcomes.indices {
                outcomes[i].artifacts = outcomes[i].artifacts.map { folder.appendingPathComponent($0.lastPathComponent) }
            }
        }

        /// Removes the hidden folder and the pictures in it; the report's folder stays as it was.
        public func discard() { output.discard() }
    }
}
