import Foundation
import SpruceRender

/// Stands in for a reference that is not a PNG, so the diff can say so instead of crashing. A film golden's reading
/// (`Diffing.golden`) leaves the reference's bytes and the decoder's reason for its diffing, which writes them into
/// the failure's folder: swift-snapshot-testing reads the reference and then diffs it on the same thread, nothing
/// between, so the thread's last unreadable reference is the one being diffed.
enum UndecodableReference {
    static let placeholder = try! Bitmap(width: 1, height: 1)

    /// What was read in place of a reference: its bytes and why they are not one.
    struct Reading {
        let bytes: Data
        let reason: String
    }

    private static let key = "SpruceSnapshotTesting.UndecodableReference"

    /// `placeholder`, after leaving `bytes` and why `error` refused them for this thread's next diffing.
    static func standingIn<Value>(for bytes: Data, refused error: Error, _ placeholder: Value) -> Value {
        let reason: String
        if case RenderError.pngDecode(let why) = error { reason = why } else { reason = "\(error)" }
        Thread.current.threadDictionary[key] = Reading(bytes: bytes, reason: reason)
        return placeholder
    }

    /// The reading this thread left last, taken away.
    static func take() -> Reading? {
        defer { Thread.current.threadDictionary.removeObject(forKey: key) }
        return Thread.current.threadDictionary[key] as? Reading
    }
}
