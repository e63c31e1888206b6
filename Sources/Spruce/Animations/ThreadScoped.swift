import Foundation

/// A value that is "current" on this thread while a closure runs (a loop, a log), restored afterwards.
enum ThreadScoped {
    static func with<R>(_ value: AnyObject, as key: String, _ body: () throws -> R) rethrows -> R {
        let dict = Thread.current.threadDictionary
        let previous = dict[key]
        dict[key] = value
        defer { dict[key] = previous }
        return try body()
    }

    static func current<T>(_ key: String) -> T? { Thread.current.threadDictionary[key] as? T }
}
