import Foundation
import SpruceRender

/// A fixed ring of frame buffers shared by the drawing workers and the in-order consumer (see `FramePipeline`).
final class OrderedFramePool: @unchecked Sendable {
    private let condition = NSCondition()
    private let storage: UnsafeMutableRawPointer
    private let bytesPerFrame: Int
    private let slotCount: Int
    private let firstFrame: Int
    private let endFrame: Int
    /// The frame index held by each slot once drawn, or `Int.min`.
    private var drawnFrame: [Int]
    /// What each slot's buffer shows (its frame's `PaintSnapshot`), when a damage-tracking cursor drew it.
    private var held: [PaintSnapshot?]
    /// The next frame a worker will take.
    private var nextToDraw: Int
    /// Every frame below this one has been consumed, so its slot may be reused.
    private var nextToConsume: Int
    private(set) var error: Error?

    init(frames: Range<Int>, slotCount: Int, bytesPerFrame: Int) {
        self.firstFrame = frames.lowerBound
        self.endFrame = frames.upperBound
        self.slotCount = max(1, slotCount)
        self.bytesPerFrame = bytesPerFrame
        self.storage = LargeBuffer.allocate(byteCount: self.slotCount * bytesPerFrame)
        self.drawnFrame = Array(repeating: .min, count: self.slotCount)
        self.held = Array(repeating: nil, count: self.slotCount)
        self.nextToDraw = frames.lowerBound
        self.nextToConsume = frames.lowerBound
    }

    deinit { LargeBuffer.deallocate(storage) }

    private func slot(_ frame: Int) -> Int { (frame - firstFrame) % slotCount }

    private func buffer(_ frame: Int) -> UnsafeMutableRawBufferPointer {
        UnsafeMutableRawBufferPointer(start: storage + slot(frame) * bytesPerFrame, count: bytesPerFrame)
    }

    /// Worker side: the next frame to draw and its buffer, once the buffer is free and, for `worker` k > 0, once
    /// at most k frames are in flight ahead of the consumer (see `FramePipeline`). `nil` when every frame has been
    /// taken or the pipeline failed.
    func claim(worker: Int) -> (Int, UnsafeMutableRawBufferPointer)? {
        condition.lock()
        defer { condition.unlock() }
        while true {
            guard error == nil, nextToDraw < endFrame else { return nil }
            let inFlight = nextToDraw - nextToConsume
            if inFlight < slotCount && (worker == 0 || inFlight <= worker) { break }
            condition.wait()
        }
        let frame = nextToDraw
        nextToDraw += 1
        return (frame, buffer(frame))
    }

    /// Worker side, for a frame it claimed: what the frame's buffer shows now (the frame drawn there B frames
    /// earlier), or nil when unknown.
    func snapshotHeld(forFrame frame: Int) -> PaintSnapshot? {
        condition.lock()
        defer { condition.unlock() }
        return held[slot(frame)]
    }

    /// `holding`: the snapshot of what the buffer now shows, for the worker that draws into it B frames later.
    func publish(frame: Int, holding snapshot: PaintSnapshot? = nil) {
        condition.lock()
        drawnFrame[slot(frame)] = frame
        held[slot(frame)] = snapshot
        condition.broadcast()
        condition.unlock()
    }

    /// Consumer side: blocks until `frame` is drawn. `nil` once the pipeline failed.
    func awaitDrawn(frame: Int) -> UnsafeRawBufferPointer? {
        condition.lock()
        defer { condition.unlock() }
        while error == nil && drawnFrame[slot(frame)] != frame { condition.wait() }
        return error == nil ? UnsafeRawBufferPointer(buffer(frame)) : nil
    }

    func release(frame: Int) {
        condition.lock()
        nextToConsume = frame + 1
        condition.broadcast()
        condition.unlock()
    }

    /// Records the first error and wakes everyone so they stop.
    func fail(_ error: Error) {
        condition.lock()
        if self.error == nil { self.error = error }
        condition.broadcast()
        condition.unlock()
    }
}
