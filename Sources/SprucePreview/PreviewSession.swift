import Foundation
import SprucePreviewModel
import SpruceRender
import SpruceScene

/// The scene file being previewed and the film made from it. The file is watched (its bytes are compared every
/// `pollInterval`, so a save by any editor — in place, or a new file renamed over it — is seen); each change makes
/// a new film, and a file that no longer parses leaves the last good film playing with the error beside it.
/// Every change is announced to the page's event streams.
public final class PreviewSession: @unchecked Sendable {
    public let sceneURL: URL
    /// The folder files may be read from and exports written to.
    public let folder: URL
    private let lock = NSLock()
    private var current: PreviewFilm?
    private var recent: [String: PreviewFilm] = [:]
    private var recentOrder: [String] = []
    private var lastError: [String: Any]?
    private var lastData: Data?
    private var lastReadProblem: String?
    /// The scene file as the last look found it.
    private var lastLook: Look = .stamp(nil)
    private var settings = PreviewSettings()
    private var listeners: [UUID: (String) -> Void] = [:]
    /// Called with every new film before it is announced (the server starts drawing it).
    public var onNewFilm: (@Sendable (PreviewFilm) -> Void)? {
        get { lock.lock(); defer { lock.unlock() }; return newFilmHandler }
        set { lock.lock(); newFilmHandler = newValue; lock.unlock() }
    }
    private var newFilmHandler: (@Sendable (PreviewFilm) -> Void)?
    public private(set) var generation = 0
    /// When the watcher last saw the file change (monotonic nanoseconds), for the benchmark's save-to-frame figure.
    public private(set) var changedAt: UInt64 = 0

    public init(sceneURL: URL) throws {
        self.sceneURL = sceneURL.standardizedFileURL
        folder = URL(plainPath: PathGuard.realPath(self.sceneURL.deletingLastPathComponent().path))
        reload(force: true)
    }

    /// The film now playing (the last good one), if any.
    public var film: PreviewFilm? { lock.lock(); defer { lock.unlock() }; return current }

    /// A film of this session by its key: the current one or one of the last few.
    public func film(key: String) -> PreviewFilm? { lock.lock(); defer { lock.unlock() }; return recent[key] }

    public var currentSettings: PreviewSettings { lock.lock(); defer { lock.unlock() }; return settings }

    /// The state the page shows: the film's numbers, the error (with its line), the form's values.
    public func state() -> [String: Any] {
        lock.lock(); defer { lock.unlock() }
        var s: [String: Any] = ["generation": generation, "scene": sceneURL.lastPathComponent]
        if let current { s["film"] = current.info; s["spec"] = Self.spec(current.player.document.choreography, current.player.document) }
        if let lastError { s["error"] = lastError }
        if let data = try? JSONEncoder().encode(settings), let o = try? JSONSerialization.jsonObject(with: data) { s["settings"] = o }
        return s
    }

    static func spec(_ c: ChoreographySpec, _ d: SceneDocument) -> [String: Any] {
        var s: [String: Any] = ["sort": c.sort.name.rawValue, "animationType": c.animationType.rawValue, "duration": c.animationDuration,
                                "damping": c.damping, "width": d.canvas.width, "height": d.canvas.height]
        // The form's sort fields: the sort's own values, else those the scene keeps for other sorts, else the defaults.
        for p in SortSpec.defaultParameters + c.otherSortParameters + c.sort.parameters {
            switch p {
            case .corner(let corner): s["corner"] = corner.name
            case .position(let position): s["position"] = position.name
            case .direction(let direction): s["direction"] = direction.name
            case .reversed(let reversed): s["reversed"] = reversed
            case .delay(let delay): s["delay"] = delay
            default: break
            }
        }
        return s
    }

    /// New form values: the film is remade from the file's last bytes with them. A bad value is refused and
    /// leaves the film and the form as they were.
    public func apply(_ new: PreviewSettings) throws {
        lock.lock()
        let data = lastData
        lock.unlock()
        guard let data else { throw PreviewError.badRequest("the scene file could not be read") }
        let made: PreviewFilm
        do { made = try PreviewFilm.make(data: data, sceneURL: sceneURL, settings: new) } catch let e as SceneError {
            throw PreviewError.badRequest(e.description)
        } catch {
            throw PreviewError.badRequest("\(error)")
        }
        play(made, settings: new)
    }

    /// Makes `made` the film playing (with the form's values `settings`, when given) and announces it.
    func play(_ made: PreviewFilm, settings new: PreviewSettings? = nil) {
        lock.lock()
        if let new { settings = new }
        install(made)
        lastError = nil
        lock.unlock()
        onNewFilm?(made)
        announce()
    }

    /// Reads the file; when its bytes changed (or `force`), makes the new film or records the error.
    /// Returns whether anything changed.
    @discardableResult
    public func reload(force: Bool = false) -> Bool {
        // A stat first: the bytes are read only when the file's stamp moved (another file, size or time).
        let look = Look.stamp(FileStamp(path: sceneURL.path, followLinks: true))
        lock.lock()
        if !force, look == lastLook { lock.unlock(); return false }
        lastLook = look
        lock.unlock()
        var readProblem: String?
        let data: Data?
        do { data = try SceneSource.read(sceneURL) } catch { data = nil; readProblem = "\(error)" }
        lock.lock()
        // A read that failed while the file is there (too many open files, a moment without permission) is tried
        // again at the next look, whether or not the file changes.
        if data == nil, look != .stamp(nil) { lastLook = .retry }
        // Unreadable for another reason (deleted, then a folder in its place) is a change worth showing too.
        if !force, data == lastData, readProblem == lastReadProblem { lock.unlock(); return false }
        changedAt = DispatchTime.now().uptimeNanoseconds
        lastData = data
        lastReadProblem = readProblem
        let settings = self.settings
        lock.unlock()
        var made: PreviewFilm?
        var problem: [String: Any]?
        if let data {
            do { made = try PreviewFilm.make(data: data, sceneURL: sceneURL, settings: settings) } catch let e as SceneError {
                problem = ["message": e.description, "path": e.path]
                if let line = ErrorLocation.line(for: e, in: String(decoding: data, as: UTF8.self)) { problem?["line"] = line }
            } catch {
                problem = ["message": "\(error)"]
            }
        } else {
            problem = ["message": readProblem ?? "cannot read \(sceneURL.lastPathComponent) (missing or unreadable)"]
        }
        lock.lock()
        if let made { install(made); lastError = nil } else { lastError = problem; generation += 1 }
        lock.unlock()
        if let made { onNewFilm?(made) }
        announce()
        return true
    }

    /// Call with the lock held.
    private func install(_ made: PreviewFilm) {
        current = made
        if recent[made.key] == nil { recentOrder.append(made.key) }
        recent[made.key] = made
        while recentOrder.count > 8 { recent[recentOrder.removeFirst()] = nil }
        generation += 1
    }

    /// What a look at the scene file found: its stamp (nil when nothing is there), or `retry` after a read that
    /// failed although the file was there, which no stamp equals.
    private enum Look: Equatable {
        case stamp(FileStamp?)
        case retry
    }

    // MARK: Watching and announcing

    /// Compares the file's bytes every `interval` until `stop` is cancelled.
    public func watch(every interval: Duration = .milliseconds(20)) async {
        while !Task.isCancelled {
            try? await Task.sleep(for: interval)
            reload()
        }
    }

    /// `body` is called with the state as JSON after every change, until the returned token is removed.
    public func listen(_ body: @escaping (String) -> Void) -> UUID {
        let id = UUID()
        lock.lock(); listeners[id] = body; lock.unlock()
        return id
    }

    public func unlisten(_ id: UUID) { lock.lock(); listeners[id] = nil; lock.unlock() }

    public var listenerCount: Int { lock.lock(); defer { lock.unlock() }; return listeners.count }

    public func stateJSON() -> String {
        let data = (try? JSONSerialization.data(withJSONObject: state(), options: [.sortedKeys])) ?? Data("{}".utf8)
        return String(decoding: data, as: UTF8.self)
    }

    private func announce() {
        let json = stateJSON()
        lock.lock()
        let all = Array(listeners.values)
        lock.unlock()
        all.forEach { $0(json) }
    }
}
