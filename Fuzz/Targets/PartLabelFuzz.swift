import Foundation
@_spi(Fuzzing) import SpruceVideo

/// Every line of the input is read as a part label; a label written and read again is the same label. The labels
/// read, as the parts of one join, are put in film order or refused, and an order holds every frame once.
enum PartLabelFuzz {
    static func run(_ data: Data) {
        let lines = String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).prefix(64)
        var parts: [(name: String, label: PartLabel?, frames: Int)] = []
        for (i, line) in lines.enumerated() {
            let label = PartLabel(text: String(line))
            if let label {
                FuzzCheck.require(PartLabel(text: label.text) == label, "\(label.text) reads back as another label")
                FuzzCheck.require(label.frames.lowerBound >= 0 && label.frames.upperBound <= label.total, "frames outside the film")
            }
            if let label { parts.append(("part\(i)", label, label.frames.count)) }
        }
        guard let order = try? PartLabel.filmOrder(parts) else { return }
        FuzzCheck.require(order.sorted() == Array(parts.indices), "the order is not a permutation of the parts")
        var next = 0
        for i in order {
            FuzzCheck.require(parts[i].label?.frames.lowerBound == next, "the ordered parts leave a gap or overlap")
            next = parts[i].label?.frames.upperBound ?? next
        }
        FuzzCheck.require(next == parts[order[0]].label?.total, "the ordered parts do not reach the film's end")
    }
}
