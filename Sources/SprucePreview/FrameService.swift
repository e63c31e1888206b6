import Foundation
import Spruce
import SpruceFilm
import SpruceLocalServer
import SprucePreviewModel
import SpruceRender

/// Frames of previewed films as PNG, drawn by the same `Film`, cursor and renderer as `render-gif --at`, so a
/// frame the page shows is byte for byte the still the command line writes. Frames are cached by film key and
/// index; a request that misses is drawn on demand by a cursor that is already close (a cursor only moves
/// forward cheaply), and the frames after it are drawn ahead in the background, so playback finds them waiting.
public final class FrameService: @unchecked Sendable {
    public let cache: FrameCache
    public let slots: RenderSlots
    /// How many frames after a requested one are drawn ahead.
    public let ahead: Int
    private let queue = DispatchQueue(label: "preview.render", attributes: .concurrent)
    private let aheadQueue = DispatchQueue(label: "preview.ahead", qos: .utility)
    private let lock = NSLock()
    private var workers: [String: [Worker]] = [:]
    private var workerOrder: [String] = []
    private var aheadTarget: (key: String, until: Int)?
    private var aheadRunning = false
    private var pendingAhead: (PreviewFilm, Int)?
    /// Frames being drawn now: a second request for one waits for it instead of drawing it again.
    private let drawing = NSCondition()
    private var inFlight: Set<String> = []
    /// The film time the page asked for last: a new film starts drawing there before the page asks.
    private var playhead = 0.0

    final class Worker {
        let cursor: FilmCursor
        let renderer: Renderer
        var sceneTime = 0.0
        init(_ film: Film) throws { (cursor, renderer) = (try FilmCursor(film: film), try film.makeRenderer()) }
    }

    public init(cache: FrameCache = FrameCache(), renderLimit: Int = 2, queueLimit: Int = 64, ahead: Int = 30) {
        self.cache = cache
        slots = RenderSlots(limit: renderLimit, queueLimit: queueLimit)
        self.ahead = ahead
    }

    /// Frame `index` of `film` as PNG; `aheadOfPlayhead` also starts drawing the frames after it.
    public func png(_ film: PreviewFilm, index: Int, aheadOfPlayhead: Bool = true) async throws -> Data {
        guard (0..<film.film.frameCount).contains(index) else {
            throw PreviewError.notFound("frame \(index) is outside 0…\(film.film.frameCount - 1)")
        }
        if aheadOfPlayhead {
            lock.withLock { playhead = film.film.time(ofFrame: index) }
            scheduleAhead(film, after: index)
        }
        if let hit = cache.get(film.key, index) { return hit }
        let data = try await slots.run(on: queue) { [self] in try draw(film, index) }
        return data
    }

    /// Draws one frame now on the calling thread (cache first).
    func draw(_ film: PreviewFilm, _ index: Int) throws -> Data {
        let name = FrameCache.name(film.key, index)
        drawing.lock()
        while inFlight.contains(name) { drawing.wait() }
        if let hit = cache.get(film.key, index) { drawing.unlock(); return hit }
        inFlight.insert(name)
        drawing.unlock()
        defer { drawing.lock(); inFlight.remove(name); drawing.broadcast(); drawing.unlock() }
        let t = film.film.time(ofFrame: index)
        let target = film.film.sceneTime(at: t)
        let worker = try take(film, before: target)
        defer { give(back: worker, film.key) }
        let view = try worker.cursor.seek(to: t)
        worker.sceneTime = target
        let data = try worker.renderer.render(view).pngData()
        cache.put(film.key, index, data)
        return data
    }

    /// The idle worker of this film that is furthest along without passing `target`, else a new one.
    private func take(_ film: PreviewFilm, before target: Double) throws -> Worker {
        lock.lock()
        var pool = workers[film.key] ?? []
        let best = pool.indices.filter { pool[$0].sceneTime <= target }.max { pool[$0].sceneTime < pool[$1].sceneTime }
        if let best {
            let w = pool.remove(at: best)
            workers[film.key] = pool
            lock.unlock()
            return w
        }
        lock.unlock()
        return try Worker(film.film)
    }

    private func give(back worker: Worker, _ key: String) {
        lock.lock(); defer { lock.unlock() }
        if workers[key] == nil {
            workerOrder.append(key)
            // Cursors of the three most recent films only: old versions are drawn afresh if ever asked for again.
            while workerOrder.count > 3 { workers[workerOrder.removeFirst()] = nil }
        }
        var pool = workers[key] ?? []
        if pool.count < 4 { pool.append(worker) }
        workers[key] = pool
    }

    /// A new film (the scene was saved): its frame at the page's playhead, and the ones after it, are drawn at
    /// once, before the page has heard of the film.
    public func prime(_ film: PreviewFilm) {
        lock.lock()
        let t = playhead
        lock.unlock()
        // The page keeps its time across films and rounds it to the new film's frames, as here.
        let index = max(0, min(film.film.frameCount - 1, Int((t * film.film.framesPerSecond).rounded())))
        scheduleAhead(film, after: index - 1)
    }

    /// Draws the `ahead` frames after `index` in one forward pass, on one background thread; a newer request
    /// replaces the pending one, so the work follows the playhead.
    func scheduleAhead(_ film: PreviewFilm, after index: Int) {
        let until = min(film.film.frameCount - 1, index + ahead)
        lock.lock()
        if let t = aheadTarget, t.key == film.key, t.until >= until, index < t.until { lock.unlock(); return }
        aheadTarget = (film.key, until)
        pendingAhead = (film, index + 1)
        let start = !aheadRunning
        aheadRunning = true
        lock.unlock()
        if start { aheadQueue.async { [self] in runAhead() } }
    }

    private func runAhead() {
        while true {
            lock.lock()
            guard let (film, first) = pendingAhead, let target = aheadTarget, target.key == film.key else {
                aheadRunning = false
                lock.unlock()
                return
            }
            pendingAhead = nil
            lock.unlock()
            var i = first
            while i <= target.until {
                lock.lock()
                let replaced = pendingAhead != nil
                lock.unlock()
                if replaced { break }
                if cache.get(film.key, i) == nil { _ = try? draw(film, i) }
                i += 1
            }
        }
    }

    /// Whether the background pass is idle (for tests and the benchmark).
    public var isIdle: Bool { lock.lock(); defer { lock.unlock() }; return !aheadRunning }
}
