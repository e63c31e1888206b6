import CCrashCleanup
import Foundation
import SpruceFilm
import SpruceRender

/// The frame pipeline: drawing on worker threads, ordered delivery, one consumer.
///
///     worker 0 (always) ─────────┐
///     worker 1 (when short) ─────┼──▶ OrderedFramePool ──frame 0, 1, 2, … in order──▶ consumer (ffmpeg stdin)
///     worker N-1 (when short) ───┘    (B reusable buffers)
///
/// - Workers: N threads, each with its own `FrameCursor` made from the source (worker 0's before they start, a
///   helper's when it first draws). They take the next undrawn frame from a shared counter, so every cursor sees
///   strictly increasing indices. The source promises identical pixels per index whatever cursor draws it, hence
///   the consumer receives the same bytes for any N and any interleaving.
/// - Helpers only when needed: worker 0 draws whenever a buffer is free; worker k > 0 takes a frame only while
///   drawing holds up the consumer (`ConsumerWaits`: called once it waited for half of its last frames' time, sent
///   back under a tenth; the first frame is worker 0's however long it takes: nothing else can bring it sooner),
///   and then only while worker 0 is drawing a frame and at most k frames are drawn or being drawn ahead of the
///   consumer. Behind an encoder that is slower than drawing (x264 at 1080p: ~100 fps against ~500 fps of
///   drawing), or about as fast with every core busy, the helpers stay idle and leave their cores to the encoder:
///   a helper that draws steps its own copy of the scene's clock through every frame and brings its own 8 MiB
///   drawing buffer into the caches the encoder uses. (For the 1080p example no frame is drawn by a helper.)
///   Behind a fast consumer they all draw.
/// - Pool: B = N+1 buffers, N+2 with `holdsPreviousFrame` (fewer if they would exceed `memoryBudget`, never
///   fewer than 2) allocated once per pass: one for every worker to draw into while the consumer holds the frame
///   it hands over (and, spliced, the one before it, still in the pipe). Workers that draw into a canvas of their
///   own (4:2:0, `drawsAhead`) need one buffer fewer: one frame may be claimed while its buffer is still the
///   consumer's, drawn into the worker's canvas, and converted once the buffer is free (`awaitSlot`). With one
///   worker and spliced frames the consumer then waits for a conversion, never for a drawing, and the helpers,
///   which count claimed frames, stay idle behind a slow encoder (a pool of only the consumer's two buffers for
///   two workers would wake them). Frame i lives in buffer i mod B, and is
///   packed only once the frame that used it B frames earlier was consumed. This bounds memory to B frames
///   whatever the video length. It cannot deadlock: frames are taken in order, and the one the consumer waits
///   for only ever waits for older, consumed frames. More buffers would only let worker 0 run further ahead of
///   an encoder it already outpaces, and cost twice: each buffer is fresh memory, and a buffer's next frame
///   redraws the damage of B frames (on two workers, 2N+1 buffers redraw 17.5 % of the 1080p example GIF's pixels
///   and N+2 redraw 16.1 %, for the same wall time and 8 MB less memory).
/// - Wire format: the pool holds frames as they travel to ffmpeg (`WireFormat`). BGRA formats are drawn straight
///   into the pool's buffer; 4:2:0 is drawn into a private buffer per worker, then converted into the pool.
/// - Damage tracking (`DamageTrackingCursor`, e.g. `AnimationFrameSource`): every buffer keeps the `PaintSnapshot`
///   of the frame it holds, the worker's private canvas and each pool slot (frame i−B, drawn by whichever worker).
///   A worker redraws into its canvas only the damage since the canvas's frame, then converts into the slot only
///   the damage since the slot's frame; `bgr0` and opaque BGRA are redrawn in the slot itself (opaque BGRA then
///   packs the redrawn region there). A frame where nothing changed costs
///   a snapshot and nothing else, and not even that when nothing ran to reach it (the snapshot before it is
///   reused). The bytes are those of a full redraw (`DamageTrackingTests`).
/// - Consumer: the calling thread. It gets each frame in order, writes it (one `write(2)` per frame), then
///   returns the buffer. With `holdsPreviousFrame` (frames spliced into the pipe, which ffmpeg reads straight
///   from our buffer) frame i's buffer is returned only once frame i+1 has been consumed; B >= 2 keeps that
///   deadlock-free, since the frame the consumer waits for never needs the slot it still holds.
/// - Errors: any error (a throwing cursor, EPIPE from a dead ffmpeg, cancellation) is recorded once in the pool,
///   which wakes and stops everyone; the first error is rethrown after all workers joined.
enum FramePipeline {
    /// Upper bound for the pool: five 1080p frames of either wire format fit, a 4K 4:2:0 film gets at most 3 slots
    /// (together with the workers' 33 MB drawing canvases that keeps our peak under 150 MB at 3840×2160), and huge
    /// frames (16384x16384 is 1 GiB) simply make workers wait for buffers. Any B >= 1 is correct; B > N only buys
    /// overlap, and behind x264 at 4K one frame ahead is plenty.
    static let memoryBudget = 40 << 20

    /// Draws `frames` of `source` on `threadCount` threads and hands them in order to `consume`, packed as `wire`
    /// (the packing runs on the workers, so it is parallel too).
    static func run(
        source: FrameSource,
        frames: Range<Int>,
        threadCount: Int,
        cancellation: RenderCancellation?,
        memoryBudget: Int = FramePipeline.memoryBudget,
        wire: WireFormat = .bgr0,
        holdsPreviousFrame: Bool = false,
        consume: (Int, UnsafeRawBufferPointer) throws -> Void
    ) throws {
        guard !frames.isEmpty else { return }
        let workers = max(1, min(threadCount, frames.count))
        // Worker 0's cursor now, so that a source that cannot start fails before anything runs; a helper makes
        // its own when it first draws (most never do, and building a scene's tree and choreography is not free).
        let first: FrameCursor
        do { first = try source.makeCursor() } catch { throw sourceError(error, frame: frames.lowerBound) }
        let format = source.format
        let wireBytes = wire.bytesPerFrame(format)
        // Workers with a canvas of their own draw the next frame there while its slot is still the consumer's.
        let drawsAhead = wire.needsDrawingBuffer(damageTracking: first is DamageTrackingCursor)
        let held = holdsPreviousFrame ? 2 : 1  // the frames the consumer holds
        let pool = try OrderedFramePool(
            frames: frames,
            slotCount: min(max(held, workers + held - (drawsAhead ? 1 : 0)), max(2, memoryBudget / max(1, wireBytes)), frames.count),
            bytesPerFrame: wireBytes,
            workers: workers,
            drawsAhead: drawsAhead)
        let finished = DispatchSemaphore(value: 0)

        func startWorker(_ k: Int) throws {
            try StartedThread.start("frame worker \(k)", stackSize: 4 << 20) {
                defer { finished.signal() }
                var drawing: UnsafeMutableRawBufferPointer?  // allocated when this worker first draws
                defer { drawing.map { LargeBuffer.deallocate($0.baseAddress!) } }
                var made: FrameCursor? = k == 0 ? first : nil
                var tracker = made as? DamageTrackingCursor
                var drawingHolds: PaintSnapshot?  // the frame `drawing` shows, for a damage-tracking cursor
                while let (index, buffer) = pool.claim(worker: k) {
                    if index == FaultInjection.overflowAtFrame { crash_cleanup_overflow_stack() }
                    let cursor: FrameCursor
                    if let made { cursor = made } else {
                        do { cursor = try source.makeCursor() } catch {
                            pool.fail(sourceError(error, frame: index))
                            return
                        }
                        (made, tracker) = (cursor, cursor as? DamageTrackingCursor)
                    }
                    if k > 0 { PipelineStatistics.addHelperFrame() }
                    if wire.needsDrawingBuffer(damageTracking: tracker != nil), drawing == nil {
                        do {
                            drawing = UnsafeMutableRawBufferPointer(start: try LargeBuffer.allocate(byteCount: format.bytesPerFrame),
                                                                    count: format.bytesPerFrame)
                        } catch {
                            pool.fail(error)
                            return
                        }
                    }
                    let target = drawing ?? buffer
                    do {
                        if let tracker {
                            // Only the damage since the frame each buffer holds is drawn, then packed.
                            let targetHolds = drawing == nil ? pool.snapshotHeld(forFrame: index) : drawingHolds
                            drawingHolds = nil  // unknown if drawing fails half-way
                            let (now, drawn) = try tracker.update(target, holding: targetHolds, to: index)
                            PipelineStatistics.addDrawn(drawn.area, of: format.width * format.height)
                            if drawing != nil {
                                drawingHolds = now
                                guard pool.awaitSlot(forFrame: index) else { return }
                                let damage = now.damage(since: pool.snapshotHeld(forFrame: index), alignedToEvenPixels: wire.packsEvenBlocks)
                                PipelineStatistics.addPacked(damage.area, of: format.width * format.height)
                                wire.pack(drawn: target, format: format, into: buffer, only: damage)
                            } else if wire != .bgr0 {
                                wire.pack(drawn: target, format: format, into: buffer, only: drawn)  // in place
                            }
                            pool.publish(frame: index, holding: now)
                            continue
                        }
                        try cursor.draw(frame: index, into: target)
                    } catch {
                        pool.fail(sourceError(error, frame: index))
                        return
                    }
                    if drawing != nil, !pool.awaitSlot(forFrame: index) { return }
                    wire.pack(drawn: target, format: format, into: buffer)
                    pool.publish(frame: index)
                }
            }
        }

        // A worker that cannot start (`ulimit -u`, no room for its stack) stops the ones that did: an error, not a
        // wait for a frame nobody draws.
        var started = 0
        do {
            for k in 0..<workers {
                try startWorker(k)
                started += 1
            }
        } catch {
            pool.fail(error)
            for _ in 0..<started { finished.wait() }
            throw error
        }

        for index in frames {
            if cancellation?.isCancelled == true {
                pool.fail(RenderCancelled())
                break
            }
            let waitStart = DispatchTime.now().uptimeNanoseconds
            guard let buffer = pool.awaitDrawn(frame: index) else { break }
            PipelineStatistics.addWait(Double(DispatchTime.now().uptimeNanoseconds - waitStart) / 1e9)
            do {
                try consume(index, buffer)
            } catch {
                pool.fail(error)
                break
            }
            if !holdsPreviousFrame {
                pool.release(frame: index)
            } else if index > frames.lowerBound {
                pool.release(frame: index - 1)
            }
        }
        for _ in 0..<workers { finished.wait() }
        if let error = pool.error { throw error }
    }

    private static func sourceError(_ error: Error, frame: Int) -> Error {
        if error is VideoError || error is RenderCancelled { return error }
        return VideoError.frameSourceFailed(frame: frame, message: "\(error)")
    }
}
