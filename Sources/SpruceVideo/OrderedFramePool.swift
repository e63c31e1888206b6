import Foundation

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
        self.storage = .allocate(byteCount: max(1, self.slotCount * bytesPerFrame), alignment: 64)
        self.drawnFrame = Array(repeating: .min, count: self.slotCount)
        self.nextToDraw = frames.lowerBound
        self.nextToConsume = frames.lowerBound
    }

    deinit { storage.deallocate() }

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

    func publish(frame: Int) {
        condition.lock()
        drawnFrame[slot(frame)] = frame
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
