import Foundation

/// The frame pipeline: parallel drawing, ordered delivery, one consumer.
///
///     cursor 0 ──draw 0, N, 2N…──┐
///     cursor 1 ──draw 1, N+1, …──┼──▶ OrderedFramePool ──frame 0, 1, 2, … in order──▶ consumer (ffmpeg stdin)
///     cursor N-1 ────────────────┘    (B reusable buffers)
///
/// - Workers: N threads, each with its own `FrameCursor` made from the source before they start. Worker k draws
///   frames k, k+N, k+2N, … of the pass, so every cursor sees strictly increasing indices. The source promises
///   identical pixels per index whatever cursor draws it, hence the consumer receives the same bytes for any N.
/// - Pool: B = 2N+1 buffers (fewer if they would exceed `memoryBudget`, never fewer than 2) allocated once per
///   pass; frame i lives in buffer i mod B. A worker waits until the
///   frame that used its buffer B frames earlier was consumed; the consumer waits until frame i is drawn. This
///   bounds memory to B frames whatever the video length, and lets drawing run ahead of encoding by up to B
///   frames. It cannot deadlock: the frame the consumer waits for only ever waits for older, consumed frames.
/// - Wire format: the pool holds frames as they travel to ffmpeg (`WireFormat`). BGRA formats are drawn straight
///   into the pool's buffer; 4:2:0 is drawn into one private buffer per worker, then converted into the pool.
/// - Consumer: the calling thread. It gets each frame in order, writes it (one `write(2)` per frame), then
///   returns the buffer. Any error (a throwing cursor, EPIPE from a dead ffmpeg, cancellation) is recorded
///   once in the pool, which wakes and stops everyone; the first error is rethrown after all workers joined.
enum FramePipeline {
    /// Upper bound for the pool when frames are huge (e.g. 16384x16384 is 1 GiB a frame): workers then simply
    /// wait for buffers. Any B >= 1 is correct; B > N only buys overlap.
    static let memoryBudget = 512 << 20

    /// EXPERIMENT
    static let workerNiceness: Int32? = ProcessInfo.processInfo.environment["SPRUCE_NICE"].flatMap { Int32($0) }

    /// Draws `frames` of `source` on `threadCount` threads and hands them in order to `consume`, packed as `wire`
    /// (the packing runs on the workers, so it is parallel too).
    static func run(
        source: FrameSource,
        frames: Range<Int>,
        threadCount: Int,
        cancellation: RenderCancellation?,
        memoryBudget: Int = FramePipeline.memoryBudget,
        wire: WireFormat = .bgr0,
        consume: (Int, UnsafeRawBufferPointer) throws -> Void
    ) throws {
        guard !frames.isEmpty else { return }
        let workers = max(1, min(threadCount, frames.count))
        let cursors = try (0..<workers).map { _ in
            do { return try source.makeCursor() } catch { throw sourceError(error, frame: frames.lowerBound) }
        }
        let format = source.format
        let wireBytes = wire.bytesPerFrame(format)
        let pool = OrderedFramePool(
            firstFrame: frames.lowerBound,
            slotCount: min(2 * workers + 1, max(2, memoryBudget / max(1, wireBytes)), frames.count),
            bytesPerFrame: wireBytes)
        let finished = DispatchSemaphore(value: 0)

        for (k, cursor) in cursors.enumerated() {
            let thread = Thread {
                defer { finished.signal() }
                if let niceness = workerNiceness { GNUExtensions.lowerThreadPriority(by: niceness) }
                let drawing = wire.convertsInPlace
                    ? nil : UnsafeMutableRawBufferPointer.allocate(byteCount: format.bytesPerFrame, alignment: 64)
                defer { drawing?.deallocate() }
                for index in stride(from: frames.lowerBound + k, to: frames.upperBound, by: workers) {
                    // With a private drawing buffer, drawing frame i need not wait for its pool slot.
                    if let drawing, !draw(cursor, index, drawing, pool) { return }
                    guard let buffer = pool.acquire(frame: index) else { return }
                    if drawing == nil, !draw(cursor, index, buffer, pool) { return }
                    wire.pack(drawn: drawing ?? buffer, format: format, into: buffer)
                    pool.publish(frame: index)
                }
            }
            thread.name = "frame worker \(k)"
            thread.stackSize = 4 << 20
            thread.start()
        }

        for index in frames {
            if cancellation?.isCancelled == true {
                pool.fail(VideoError.cancelled)
                break
            }
            guard let buffer = pool.awaitDrawn(frame: index) else { break }
            do {
                try consume(index, buffer)
            } catch {
                pool.fail(error)
                break
            }
            pool.release(frame: index)
        }
        for _ in 0..<workers { finished.wait() }
        if let error = pool.error { throw error }
    }

    private static func draw(
        _ cursor: FrameCursor, _ index: Int, _ buffer: UnsafeMutableRawBufferPointer, _ pool: OrderedFramePool
    ) -> Bool {
        do {
            try cursor.draw(frame: index, into: buffer)
            return true
        } catch {
            pool.fail(sourceError(error, frame: index))
            return false
        }
    }

    private static func sourceError(_ error: Error, frame: Int) -> Error {
        if error is VideoError { return error }
        return VideoError.frameSourceFailed(frame: frame, message: "\(error)")
    }
}
