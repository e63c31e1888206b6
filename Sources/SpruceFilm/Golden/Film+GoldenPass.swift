import Foundation
import Spruce
import SpruceRender

/// The moments several goldens read, read in as few passes of the film's clock as keep each value exactly what a
/// pass of its own makes.
///
/// A pass moves one cursor forward through the choreography (`FilmCursor`). Stopping on a frame changes nothing: the
/// clock steps through every frame anyway. Stopping between two frames does: it is a frame end for the springs, whose
/// convergence is checked there, so every later moment of that pass could differ by a hair from a pass that did not
/// stop there. So the reads of every golden whose moments are all frames share one pass, and so do the samples of one
/// golden that stops between frames only after all of those; any other golden that stops between frames (a motion
/// golden every 0.05 s of a 25 fps film) has a pass of its own, frames between frames in the order given, as
/// `frames(at:)` draws them.
extension Film {
    /// Draws the frames at `frameTimes` and samples every view at each list of `sampleTimes`. `drawn(i, bitmap)` is
    /// given frame `i` in the one bitmap every frame is drawn into: it copies what it keeps before it returns. Returns
    /// the samples of each list, in the order given.
    func goldenPass(frames frameTimes: [Double], renderer: Renderer, drawn: (Int, Bitmap) throws -> Void,
                    samples sampleTimes: [[Double]], cancellation: RenderCancellation?) throws -> [[[ViewSample]]] {
        for t in frameTimes + sampleTimes.joined() { try FilmError.checkTime(t) }
        // Group 0 is the frames, group g + 1 the samples of list g.
        let groups = [frameTimes] + sampleTimes
        let moments = groups.map { $0.map(sceneTime(at:)) }
        var samples = sampleTimes.map { [[ViewSample]?](repeating: nil, count: $0.count) }
        let bitmap = frameTimes.isEmpty ? nil : try renderer.makeBitmap()
        var passes = Self.passes(moments, isFrame: isFrameMoment, ordered: [0])
        if let bitmap, passes.contains([0]) {
            passes.removeAll { $0 == [0] }
            let cursor = try FilmCursor(film: self)
            cursor.cancellation = cancellation
            for (i, t) in frameTimes.enumerated() {
                try renderer.draw(cursor.seek(to: t), into: bitmap)
                try drawn(i, bitmap)
            }
        }
        for pass in passes {
            var reads = pass.flatMap { g in moments[g].indices.map { (moment: moments[g][$0], group: g, index: $0) } }
            reads.sort { ($0.moment, $0.group, $0.index) < ($1.moment, $1.group, $1.index) }
            let cursor = try FilmCursor(film: self)
            cursor.cancellation = cancellation
            var last: (moment: Double, samples: [ViewSample])?
            for read in reads {
                let view = try cursor.seek(to: read.moment)
                if read.group == 0, let bitmap {
                    try renderer.draw(view, into: bitmap)
                    try drawn(read.index, bitmap)
                } else {
                    // Two lists reading one moment read the same tree.
                    let now = last?.moment == read.moment ? last!.samples : ViewSample.samples(of: view)
                    samples[read.group - 1][read.index] = now
                    last = (read.moment, now)
                }
            }
        }
        return samples.map { $0.map { $0! } }
    }

    /// Whether the clock reaches scene time `moment` on a frame (`FilmCursor` stops there without a step of its own).
    func isFrameMoment(_ moment: Double) -> Bool {
        let frame = (moment * framesPerSecond).rounded()
        return frame.magnitude < 1e15 && time(ofFrame: Int(frame)) == moment
    }

    /// The groups each pass reads (`moments` of each group): every group whose moments are all frames, with the
    /// first other group whose first moment between frames comes after all of theirs; each other group alone. A group
    /// of `ordered` (read in the order given, not in time order) that stops between frames is always alone.
    static func passes(_ moments: [[Double]], isFrame: (Double) -> Bool, ordered: Set<Int> = []) -> [[Int]] {
        let used = moments.indices.filter { !moments[$0].isEmpty }
        let offFrame = Dictionary(uniqueKeysWithValues: used.map { g in (g, moments[g].filter { !isFrame($0) }.min()) })
        var shared = used.filter { offFrame[$0]! == nil }
        let latest = shared.compactMap { moments[$0].max() }.max() ?? -.infinity
        var alone = used.filter { offFrame[$0]! != nil }
        if let joins = alone.firstIndex(where: { !ordered.contains($0) && offFrame[$0]!! > latest }) { shared.append(alone.remove(at: joins)) }
        return (shared.isEmpty ? [] : [shared.sorted()]) + alone.map { [$0] }
    }
}
