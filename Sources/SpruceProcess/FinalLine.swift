import Foundation

/// The error line a command ends with is written once. Two threads can reach the end together: the main thread
/// reporting the first Ctrl-C ("interrupted; nothing was written") and the signal thread answering a second one
/// ("interrupted again; …"). Whoever claims the line first writes it and decides the exit status; the other
/// writes nothing.
public enum FinalLine {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var claimed = false

    /// True for the first caller in the process's life, false for every later one.
    public static func claim() -> Bool {
        lock.lock()
        defer { lock.unlock() }
        if claimed { return false }
        claimed = true
        return true
    }
}
