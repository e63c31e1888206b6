import Foundation
import SpruceRender

extension Film {
    /// How many moments of the film `fingerprint` reads.
    static let fingerprintSamples = 17

    /// What tells this film from another for its parts (`PartLabel.film`): its numbers (canvas, rate, length, phases,
    /// every view's timing) and what it paints at 17 moments spread from its first frame to its last (every view's
    /// geometry, colours, text and image there). Films of one scene rendered with the same flags by the same
    /// render-gif agree; a film with another damping, seed, colour, layout or length differs. It steps the whole film
    /// once without drawing.
    public func fingerprint(cancellation: RenderCancellation? = nil) throws -> Fingerprint {
        var f = Fingerprint()
        f.add(Double(canvas.size.width))
        f.add(Double(canvas.size.height))
        f.add(Double(canvas.scale))
        f.add(canvas.background)
        f.add(framesPerSecond)
        f.add(frameCount)
        for x in [phases.animateIn, phases.inEnd, phases.animateOut ?? -1, phases.reverseFrom ?? -1, phases.end, settlingTime] {
            f.add(x)
        }
        f.add(timings.count)
        for t in timings {
            f.add(t.view)
            f.add(t.tag)
            f.add(t.start)
            f.add(t.end)
        }
        let renderer = try makeRenderer()
        let cursor = try FilmCursor(film: self)
        cursor.cancellation = cancellation
        let last = frameCount - 1
        let samples = Set((0..<Self.fingerprintSamples).map { last * $0 / (Self.fingerprintSamples - 1) }).sorted()
        for frame in samples {
            let root = try cursor.seek(to: time(ofFrame: frame))
            f.add(frame)
            PaintSnapshot(of: root, renderer: renderer).add(to: &f)
        }
        return f
    }
}
