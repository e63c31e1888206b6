#if canImport(Glibc)
import Glibc
#endif

/// One mutex and several condition variables that share it, so that a change of state wakes only the threads
/// whose condition it can make true. (`NSCondition` has one condition per lock: its broadcasts woke every waiting
/// thread on every change, an idle helper worker twice a frame, for nothing.)
final class LockConditions: @unchecked Sendable {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let conditions: UnsafeMutablePointer<pthread_cond_t>
    private let count: Int

    init(conditions count: Int) {
        self.count = max(1, count)
        conditions = .allocate(capacity: self.count)
        pthread_mutex_init(mutex, nil)
        for i in 0..<self.count { pthread_cond_init(conditions + i, nil) }
    }

    deinit {
        for i in 0..<count { pthread_cond_destroy(conditions + i) }
        pthread_mutex_destroy(mutex)
        conditions.deallocate()
        mutex.deallocate()
    }

    func lock() { pthread_mutex_lock(mutex) }
    func unlock() { pthread_mutex_unlock(mutex) }

    /// With the lock held: releases it until condition `i` is signalled (or spuriously), then holds it again.
    func wait(_ i: Int) { pthread_cond_wait(conditions + i, mutex) }
    /// Wakes one thread waiting on condition `i` (none waiting: costs no system call).
    func signal(_ i: Int) { pthread_cond_signal(conditions + i) }
    func broadcast(_ i: Int) { pthread_cond_broadcast(conditions + i) }
    func broadcastAll() { for i in 0..<count { broadcast(i) } }
}
