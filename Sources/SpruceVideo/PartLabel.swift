import Foundation

/// Which frames of a film a joinable part holds, written into the part itself (an MP4's `comment` tag, a GIF
/// comment extension) as `spruce-part frames=120..240 of=388`. `VideoJoin` reads it back to put the parts in the
/// film's order, whatever their names, and to refuse a set of parts with a frame range missing, held twice, or from
/// films of different lengths. A joined film carries the label of the whole, `frames=0..N of=N`.
public struct PartLabel: Equatable, Sendable {
    /// The part's frames of the film (from 0, end excluded) and the film's frame count.
    public var frames: Range<Int>
    public var total: Int
    /// Which film, with which encoding: sixteen hexadecimal digits (`Film.fingerprint` and the encoder's settings).
    /// nil in a label without the field: such parts join only with each other, checked by their frames alone.
    public var film: String?

    public init(frames: Range<Int>, total: Int, film: String? = nil) {
        (self.frames, self.total, self.film) = (frames, total, film)
    }

    static let prefix = "spruce-part "
    /// Frame numbers beyond this are not a label render-gif wrote.
    static let largest = 100_000_000

    public var text: String {
        "\(Self.prefix)frames=\(frames.lowerBound)..\(frames.upperBound) of=\(total)" + (film.map { " film=\($0)" } ?? "")
    }

    /// A label as `text` writes it; nil for anything else (another tool's comment, a damaged one).
    public init?(text: String) {
        guard text.hasPrefix(Self.prefix) else { return nil }
        let fields = text.dropFirst(Self.prefix.count).split(separator: " ", omittingEmptySubsequences: false)
        guard (2...3).contains(fields.count), fields[0].hasPrefix("frames="), fields[1].hasPrefix("of=") else { return nil }
        var film: String?
        if fields.count == 3 {
            let digits = fields[2].dropFirst("film=".count)
            guard fields[2].hasPrefix("film="), digits.count == 16, digits.allSatisfy({ $0.isHexDigit && !$0.isUppercase }) else { return nil }
            film = String(digits)
        }
        let bounds = fields[0].dropFirst("frames=".count).components(separatedBy: "..")
        func number(_ s: Substring) -> Int? {
            guard (1...9).contains(s.count), s.allSatisfy({ $0.isASCII && $0.isNumber }), let n = Int(s), n <= Self.largest else { return nil }
            return n
        }
        guard bounds.count == 2, let lo = number(Substring(bounds[0])), let hi = number(Substring(bounds[1])),
              let total = number(fields[1].dropFirst("of=".count)), lo < hi, hi <= total else { return nil }
        self.init(frames: lo..<hi, total: total, film: film)
    }

    /// The parts' indices in film order, checked to hold every frame of one film exactly once; nil when no part has a
    /// label (parts rendered before labels existed join in the order given). `frames` is how many frames the part
    /// really holds, which its label must match. `VideoError.invalidOptions` names the first part without a label or
    /// with a label its frames contradict, the missing frames, the overlap or the other film length.
    @_spi(Fuzzing) public static func filmOrder(_ parts: [(name: String, label: PartLabel?, frames: Int)]) throws -> [Int]? {
        guard parts.contains(where: { $0.label != nil }) else { return nil }
        if let unlabelled = parts.first(where: { $0.label == nil }) {
            throw VideoError.invalidOptions("\(unlabelled.name) does not say which frames it holds, and the other parts do; render every part with the same render-gif")
        }
        if let wrong = parts.first(where: { $0.label!.frames.count != $0.frames }) {
            throw VideoError.invalidOptions("\(wrong.name) holds \(wrong.frames) frames but is labelled as frames \(wrong.label!.frames.lowerBound)..\(wrong.label!.frames.upperBound); it was changed after rendering")
        }
        let labels = parts.map { $0.label! }
        if let other = labels.firstIndex(where: { $0.total != labels[0].total }) {
            throw VideoError.invalidOptions("\(parts[0].name) belongs to a film of \(labels[0].total) frames and \(parts[other].name) to one of \(labels[other].total); join the parts of one film")
        }
        if let other = labels.firstIndex(where: { $0.film != labels[0].film }) {
            let (a, b) = (labels[0].film, labels[other].film)
            if a == nil || b == nil {
                let older = parts[a == nil ? 0 : other].name
                throw VideoError.invalidOptions("\(older) does not say which film it belongs to, and the other parts do; render every part with the same render-gif")
            }
            throw VideoError.invalidOptions("\(parts[0].name) and \(parts[other].name) belong to different films (film \(a!) and \(b!): another scene, other flags or encoder settings, or another render-gif); join the parts of one film")
        }
        let order = labels.indices.sorted { (labels[$0].frames.lowerBound, $0) < (labels[$1].frames.lowerBound, $1) }
        // Sorted by first frame, the parts so far cover 0..<next without a gap, so an overlap is with the one before.
        var next = 0, previous = order[0]
        for i in order {
            let frames = labels[i].frames
            if frames.lowerBound > next {
                throw VideoError.invalidOptions("no part holds frames \(next)..\(frames.lowerBound) of the film's \(labels[i].total); name every part")
            }
            if frames.lowerBound < next {
                throw VideoError.invalidOptions("\(parts[previous].name) and \(parts[i].name) both hold frames \(frames.lowerBound)..\(min(next, frames.upperBound)); each frame belongs to one part")
            }
            (next, previous) = (frames.upperBound, i)
        }
        if next < labels[0].total {
            throw VideoError.invalidOptions("no part holds frames \(next)..\(labels[0].total) of the film's \(labels[0].total); name every part")
        }
        return order
    }
}
