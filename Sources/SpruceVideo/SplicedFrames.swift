/// How frames bigger than the pipe go into it by `vmsplice(2)`: ffmpeg copies straight out of our buffers, which
/// saves one copy of every frame.
///
/// A splice that fills the pipe is followed by a wait for room (`poll`): splicing again at once would find ffmpeg
/// copying out of the pipe, and the kernel spins on the pipe's lock until it is done. The same would happen at
/// every frame's end: its last bytes do not fill the pipe, so the next frame's first splice would come while ffmpeg
/// copies them (mutex spinning of about 5 % of our CPU at 1080p). Those last bytes are therefore held back and
/// go in front of the next frame, in the same splice, which fills the pipe again.
///
/// Safety: the caller keeps frame i's buffer untouched until the call for frame i+1 returned. A frame's last bytes
/// are held back only once at least `capacity` bytes of that frame went in after the previous frame's, so when the
/// call returns the pipe, which never holds more than `capacity` bytes, holds nothing of the previous frame: ffmpeg
/// has read all of it.
struct SplicedFrames {
    /// The last bytes of the frame handed before, still to go.
    private var tail: UnsafeRawBufferPointer?

    /// The held-back bytes, which the caller drops after an error (ffmpeg is gone, and nothing may point into its
    /// buffers later).
    mutating func takeTail() -> UnsafeRawBufferPointer? {
        defer { tail = nil }
        return tail
    }

    /// Hands `frame` over behind any held-back bytes. `splice` queues the buffers in order and returns how many
    /// bytes the pipe took (all unless it filled up); `wait` blocks until the pipe has room again.
    mutating func hand(_ frame: UnsafeRawBufferPointer, capacity: Int,
                       splice: ([UnsafeRawBufferPointer]) throws -> Int, wait: () -> Void) throws {
        var before = takeTail() ?? UnsafeRawBufferPointer(start: nil, count: 0)
        var offset = 0
        while offset < frame.count {
            let rest = UnsafeRawBufferPointer(rebasing: frame[offset...])
            if before.isEmpty, offset >= capacity, rest.count <= capacity {
                tail = rest  // would not fill the pipe: goes with the next frame
                return
            }
            offset += try SplicedFrames.splice(&before, then: rest, splice)
            if offset < frame.count { wait() }  // the pipe is full
        }
    }

    /// Hands the last frame over: spliced like the others but for its final pipeful or so, which `write` copies
    /// into the pipe (as `write(2)` does, waiting for room). Once it returns, nothing in the pipe points into the
    /// caller's buffers: the pipe holds at most `capacity` bytes, and at least the last `capacity` that went in are
    /// copies. As for every frame, each splice fills the pipe. (Copying the whole frame would cost a copy of up to
    /// 33 MB at 4K, and pipe pages to hold it.)
    mutating func handLast(_ frame: UnsafeRawBufferPointer, capacity: Int,
                           splice: ([UnsafeRawBufferPointer]) throws -> Int, wait: () -> Void,
                           write: (UnsafeRawBufferPointer) throws -> Void) throws {
        var before = takeTail() ?? UnsafeRawBufferPointer(start: nil, count: 0)
        let copyFrom = max(0, frame.count - capacity)  // from here on, the frame is copied
        var offset = 0
        while before.count + (copyFrom - offset) > capacity {
            offset += try SplicedFrames.splice(&before, then: UnsafeRawBufferPointer(rebasing: frame[offset..<copyFrom]), splice)
            wait()  // more than the pipe holds was offered: it is full
        }
        for piece in [before, UnsafeRawBufferPointer(rebasing: frame[offset...])] where !piece.isEmpty { try write(piece) }
    }

    /// One splice of `before` (held-back bytes) then `rest`: drops from `before` what the pipe took of it, and
    /// returns how many bytes of `rest` it took.
    private static func splice(_ before: inout UnsafeRawBufferPointer, then rest: UnsafeRawBufferPointer,
                               _ splice: ([UnsafeRawBufferPointer]) throws -> Int) throws -> Int {
        let taken = try splice(before.isEmpty ? [rest] : [before, rest])
        let fromBefore = min(taken, before.count)
        before = UnsafeRawBufferPointer(rebasing: before[fromBefore...])
        return taken - fromBefore
    }
}
