import Foundation
@_spi(Fuzzing) import SpruceVideo

/// Every input is read as a whole MP4 file by `MP4Summary` (its top-level boxes, then the movie box by `MP4Movie`):
/// a summary or an `MP4Summary.Problem`, and a summary's numbers are possible ones.
enum MP4Fuzz {
    static func run(_ data: Data) {
        let bytes = [UInt8](data)
        let summary: MP4Summary
        do {
            summary = try MP4Summary.read(size: bytes.count) { offset, count in
                offset >= 0 && count >= 0 && offset + count <= bytes.count ? Array(bytes[offset..<(offset + count)]) : nil
            }
        } catch is MP4Summary.Problem {
            return
        } catch {
            FuzzCheck.require(false, "MP4Summary threw \(error)")
            return
        }
        FuzzCheck.require((summary.videoFrames ?? 0) >= 0, "a negative frame count")
        FuzzCheck.require(summary.seconds.isFinite && summary.seconds >= 0, "a duration of \(summary.seconds) s")
    }
}
