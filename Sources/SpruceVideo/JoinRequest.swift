import Foundation
import SpruceRender

/// The parts and the output a join is asked for, as paths: `orderedParts` checks them before any part is read
/// (an output and parts of one joinable format, no part named twice) and returns them in the order they are
/// joined, for `VideoJoin`.
public struct JoinRequest: Equatable, Sendable {
    public var parts: [String]
    public var out: String

    public init(parts: [String], out: String) { (self.parts, self.out) = (parts, out) }

    /// Why the parts cannot be joined, found before any is read.
    public enum Problem: Error, Equatable, Sendable {
        case noParts
        /// The output is not a format whose parts join (MP4, GIF).
        case notJoinable
        /// A part whose extension is not the output's (the part, the output's extension).
        case otherFormat(String, ext: String)
        /// One part named twice (as two paths to one file): the later name, the earlier.
        case samePart(String, String)
    }

    /// The parts in natural order of their file names (part-2 before part-10), then of their paths: parts gathered
    /// from several folders (machines) keep their order. Parts that say which frames they hold are put in the
    /// film's order by `VideoJoin` whatever this order.
    public func orderedParts() throws -> [String] {
        guard !parts.isEmpty else { throw Problem.noParts }
        guard let format = try? OutputFormat.infer(from: URL(plainPath: out)), JoinableEncoding.canJoin(format) else {
            throw Problem.notJoinable
        }
        let ext = URL(plainPath: out).pathExtension.lowercased()
        for part in parts where URL(plainPath: part).pathExtension.lowercased() != ext { throw Problem.otherFormat(part, ext: ext) }
        let ordered = parts.sorted { a, b in
            let (na, nb) = ((a as NSString).lastPathComponent, (b as NSString).lastPathComponent)
            return na == nb ? NaturalOrder.ascending(a, b) : NaturalOrder.ascending(na, nb)
        }
        // One part twice (a glob and its name, a link) would repeat its frames in the film without a word.
        for (i, part) in ordered.enumerated() {
            if let twin = ordered[..<i].first(where: { OutputPlan.realPath($0) == OutputPlan.realPath(part) || OutputPlan.sameFile($0, part) }) {
                throw Problem.samePart(part, twin)
            }
        }
        return ordered
    }
}
