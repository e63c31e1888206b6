import Foundation

/// Cairo 1.16 reports every libpng error (a bad CRC, corrupt compressed data) with the status of a failed allocation,
/// `CAIRO_STATUS_NO_MEMORY`. After such a failure the decoder has freed what it held, so asking for the memory it
/// allocates tells the two apart: memory that cannot be had now was the cause; memory that can was not, and the data
/// was corrupt.
enum PNGDecodeMemory {
    /// What Cairo's PNG reader allocates for a `width × height` picture: 4 bytes a pixel, a row pointer a row, and a
    /// mebibyte for libpng's and zlib's buffers.
    static func bytes(width: Int, height: Int) -> Int {
        width * height * 4 + height * MemoryLayout<UnsafeRawPointer>.size + (1 << 20)
    }

    /// Whether `bytes` can be mapped now, as the C library maps a large allocation (the mapping is released at once,
    /// untouched). A system call, where a `malloc` and `free` of a block nobody uses may be left out by the optimiser.
    static func available(_ bytes: Int) -> Bool {
        guard let block = mmap(nil, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0),
              block != UnsafeMutableRawPointer(bitPattern: -1) else { return false }
        munmap(block, bytes)
        return true
    }

    /// The error for a decode that found no memory for a `width × height` picture, or nil when the memory is there.
    static func shortage(width: Int, height: Int) -> RenderError? {
        let needed = bytes(width: width, height: height)
        guard !available(needed) else { return nil }
        return .outOfMemory("cannot allocate \(needed) bytes of memory to decode a PNG of \(width)×\(height) pixels")
    }
}
