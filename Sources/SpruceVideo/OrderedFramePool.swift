import Dispatch
import SpruceRender

/// A fixed ring of frame buffers shared by the drawing workers and the in-order consumer (see `FramePipeline`).
final class OrderedFramePool: @unchecked Sendable {
    /// Who waits for what: worker 0 for a frame to claim, helpers for the consumer to run short, the consumer for
    /// its next frame, a worker that drew ahead for its frame's slot. Each change wakes only those it concerns.
    private enum Waiter: Int, CaseIterable { case firstWorker, helpers, consumer, slot }
    private let state = LockConditions(conditions: Waiter.allCases.count)
    /// Workers 1...helperCount draw only when the consumer runs short.
    private let helperCount: Int
    private let storage: UnsafeMutableRawPointer
    private let bytesPerFrame: Int
    private let slotCount: Int
    /// Frames a worker may claim beyond the free slots: 1 when workers draw into a canvas of their own first (a
    /// slot is then needed only to convert into, `awaitSlot`), else 0.
    private let lookahead: Int
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
    /// The next frame the consumer will be handed; frames from here to `nextToDraw` are drawn or being drawn ahead
    /// of it. (Frames it was handed and still holds count for the slots, not for the helpers.)
    private var nextToHand: Int
    /// How long the consumer waited for its recent frames, and whether that calls the helpers (`ConsumerWaits`).
    private var consumerWaits = ConsumerWaits()
    /// The frame worker 0 has claimed and not yet published, if any; helpers draw only beside it (see `claim`).
    private var firstWorkerDrawing: Int?
    private(set) var error: Error?

    init(frames: Range<Int>, slotCount: Int, bytesPerFrame: Int, workers: Int, drawsAhead: Bool = false) throws {
        self.helperCount = max(0, workers - 1)
        self.lookahead = drawsAhead ? 1 : 0
        self.firstFrame = frames.lowerBound
        self.endFrame = frames.upperBound
        self.slotCount = max(1, slotCount)
        self.bytesPerFrame = bytesPerFrame
        self.storage = try LargeBuffer.allocate(byteCount: self.slotCount * bytesPerFrame)
        self.drawnFrame = Array(repeating: .min, count: self.slotCount)
        self.held = Array(repeating: nil, count: self.slotCount)
        self.nextToDraw = frames.lowerBound
        self.nextToConsume = frames.lowerBound
        self.nextToHand = frames.lowerBound
    }

    deinit { LargeBuffer.deallocate(storage) }

    private func slot(_ frame: Int) -> Int { (frame - firstFrame) % slotCount }

    private func buffer(_ frame: Int) -> UnsafeMutableRawBufferPointer {
        UnsafeMutableRawBufferPointer(start: storage + slot(frame) * bytesPerFrame, count: bytesPerFrame)
    }

    /// Worker side: the next frame to draw and its buffer, once the buffer is free (with `drawsAhead`, once it is
    /// the only frame claimed before its buffer is free: the worker draws it into its canvas and calls `awaitSlot`
    /// before touching the buffer). For `worker` k > 0 also: while drawing holds up the consumer (`ConsumerWaits`),
    /// worker 0 is drawing a frame and at most k frames are drawn or being drawn ahead of the consumer (see
    /// `FramePipeline`). A helper never takes the frame worker 0 is about to claim: between its frames, worker 0 is
    /// not what the consumer waits for. `nil` when every frame has been taken or the pipeline failed.
    func claim(worker: Int) -> (Int, UnsafeMutableRawBufferPointer)? {
        state.lock()
        defer { state.unlock() }
        while true {
            guard error == nil, nextToDraw < endFrame else { return nil }
            if nextToDraw - nextToConsume < slotCount + lookahead && (worker == 0 || helperMayDraw(worker)) { break }
            state.wait(worker == 0 ? Waiter.firstWorker.rawValue : Waiter.helpers.rawValue)
        }
        let frame = nextToDraw
        nextToDraw += 1
        if worker == 0 {
            firstWorkerDrawing = frame
            wakeHelpersIfShort()
        }
        return (frame, buffer(frame))
    }

    private func helperMayDraw(_ worker: Int) -> Bool {
        consumerWaits.helpersCalled && firstWorkerDrawing != nil && nextToDraw - nextToHand <= worker
    }

    /// Wakes the helpers once one of them may draw, and once every frame is taken (so that they end).
    private func wakeHelpersIfShort() {
        if helperCount > 0 && (nextToDraw == endFrame || helperMayDraw(helperCount)) {
            state.broadcast(Waiter.helpers.rawValue)
        }
    }

    /// Worker side, for a frame claimed ahead (`drawsAhead`): blocks until its buffer is free, i.e. the frame that
    /// used it B frames earlier was consumed. False once the pipeline failed.
    func awaitSlot(forFrame frame: Int) -> Bool {
        state.lock()
        defer { state.unlock() }
        while error == nil && frame - slotCount >= nextToConsume { state.wait(Waiter.slot.rawValue) }
        return error == nil
    }

    /// Worker side, for a frame it claimed and whose buffer is free: what the buffer shows now (the frame drawn there
    /// B frames earlier), or nil when unknown.
    func snapshotHeld(forFrame frame: Int) -> PaintSnapshot? {
        state.lock()
        defer { state.unlock() }
        return held[slot(frame)]
    }

    /// `holding`: the snapshot of what the buffer now shows, for the worker that draws into it B frames later.
    func publish(frame: Int, holding snapshot: PaintSnapshot? = nil) {
        state.lock()
        drawnFrame[slot(frame)] = frame
        held[slot(frame)] = snapshot
        if frame == firstWorkerDrawing { firstWorkerDrawing = nil }
        state.signal(Waiter.consumer.rawValue)
        state.unlock()
    }

    /// Consumer side: blocks until `frame` is drawn. `nil` once the pipeline failed.
    func awaitDrawn(frame: Int) -> UnsafeRawBufferPointer? {
        state.lock()
        defer { state.unlock() }
        // The clock is read only for the helpers' sake (`ConsumerWaits`).
        let start = helperCount > 0 ? DispatchTime.now().uptimeNanoseconds : 0
        while error == nil && drawnFrame[slot(frame)] != frame { state.wait(Waiter.consumer.rawValue) }
        guard error == nil else { return nil }
        nextToHand = frame + 1
        if helperCount > 0 {
            let now = DispatchTime.now().uptimeNanoseconds
            consumerWaits.handedOver(at: now, afterWaiting: now &- start)
            wakeHelpersIfShort()
        }
        return UnsafeRawBufferPointer(buffer(frame))
    }

    func release(frame: Int) {
        state.lock()
        nextToConsume = frame + 1
        state.signal(Waiter.firstWorker.rawValue)
        if lookahead > 0 { state.broadcast(Waiter.slot.rawValue) }
        wakeHelpersIfShort()
        state.unlock()
    }

    /// Records the first error and wakes everyone so they stop.
    func fail(_ error: Error) {
        state.lock()
        if self.error == nil { self.error = error }
        state.broadcastAll()
        state.unlock()
    }
}
