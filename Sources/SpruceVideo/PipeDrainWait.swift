#if os(Linux)
import CEpoll
import Glibc

/// Waits, after a splice filled the pipe, until ffmpeg's read of it is over, not merely begun.
///
/// `poll(2)` reports room as soon as ffmpeg's read has copied the pipe's first page. That read still holds the
/// pipe's lock while it copies the rest, so a `vmsplice` made then spins on the lock for the whole copy: about 5 %
/// of our CPU for a 1080p GIF. The kernel wakes a pipe's writers once a read that began on a full pipe has
/// released the lock (Linux 5.5 on; before, once any read that freed a page had), and an edge-triggered epoll
/// reports exactly those wake-ups, where `poll` looks at the pipe's state.
///
/// The caller waits only after a splice that left the pipe full. ffmpeg's next read then begins on a full pipe and
/// wakes us when it ends, even if it ended before `wait` was called (the event is kept until then). If ffmpeg
/// exits, closing its end wakes us too. A wake-up left over from an earlier read may end a wait early; the blocking
/// `vmsplice` that follows then waits for room itself, as it did with `poll`.
final class PipeDrainWait {
    private let epollFD: Int32

    /// Watches the write end `fd`; nil if epoll is unavailable (the caller then polls).
    init?(writingTo fd: Int32) {
        epollFD = epoll_create1(Int32(EPOLL_CLOEXEC))
        guard epollFD >= 0 else { return nil }
        var event = epoll_event()
        event.events = EPOLLOUT.rawValue | EPOLLET.rawValue
        guard epoll_ctl(epollFD, EPOLL_CTL_ADD, fd, &event) == 0 else {
            close(epollFD)
            return nil
        }
    }

    deinit { close(epollFD) }

    /// Blocks until the pipe's reader wakes its writers (a read that began on a full pipe ended, or the reader
    /// closed its end), or returns at once if that happened since the last call.
    func wait() {
        var event = epoll_event()
        while epoll_wait(epollFD, &event, 1, -1) < 0, errno == EINTR {}
    }
}
#endif
