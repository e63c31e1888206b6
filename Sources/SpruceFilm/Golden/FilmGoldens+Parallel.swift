import Foundation

extension FilmGoldens {
    /// Runs `job(0..<count)` on `threads` threads, each job on one thread from start to end (films are not
    /// shared between threads), and returns the results in index order; the first error is rethrown.
    public static func parallel<T>(_ count: Int, threads: Int, _ job: @escaping (Int) throws -> T) throws -> [T] {
        var results = [Result<T, Error>?](repeating: nil, count: count)
        let lock = NSLock()
        var next = 0
        DispatchQueue.concurrentPerform(iterations: max(1, min(threads, count))) { _ in
            while true {
                lock.lock()
                let i = next
                next += 1
                lock.unlock()
                guard i < count else { return }
                let r = Result { try job(i) }
                lock.lock()
                results[i] = r
                lock.unlock()
            }
        }
        return try results.map { try $0!.get() }
    }
}
