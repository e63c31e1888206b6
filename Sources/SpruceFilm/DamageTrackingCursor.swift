import SpruceRender

/// A cursor that can redraw only what changed. The pipeline keeps, with every buffer, the `PaintSnapshot` of
/// the frame the buffer holds (a worker's drawing canvas, a pool slot that held frame i−B), whichever thread
/// drew it; the damage between that snapshot and the new frame's is all that needs drawing or converting.
/// That makes incremental frames independent of which worker drew what: with N workers taking frames from a
/// shared counter, a buffer's previous frame is rarely frame i−1.
public protocol DamageTrackingCursor: FrameCursor {
    /// Brings the scene to frame `index` (strictly increasing, as for `draw(frame:into:)`) and returns what it
    /// will paint.
    func prepare(frame index: Int) throws -> PaintSnapshot
    /// Draws the prepared frame into `pixels`, writing only `region`; the pixels outside it must already hold
    /// the frame (they are the same in the frame the buffer held before).
    func drawPrepared(only region: DamageRegion, into pixels: UnsafeMutableRawBufferPointer) throws
}

extension DamageTrackingCursor {
    /// Brings `pixels`, which hold the frame of `held` (nil: unknown), to frame `index`; returns the frame's
    /// snapshot and the region that was drawn.
    public func update(_ pixels: UnsafeMutableRawBufferPointer, holding held: PaintSnapshot?, to index: Int) throws
        -> (PaintSnapshot, DamageRegion) {
        let now = try prepare(frame: index)
        let region = now.damage(since: held)
        try drawPrepared(only: region, into: pixels)
        return (now, region)
    }
}
