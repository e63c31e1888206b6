import Foundation
import XCTest
@testable import SpruceVideo

/// ffprobe/ffmpeg helpers for checking outputs. They spawn through `FFmpegProcess`, the code under test's own
/// posix_spawn wrapper, so no other child reaper competes with the zombie checks.
enum MediaProbe {
    static let ffmpeg = "/usr/bin/ffmpeg"
    static let ffprobe = "/usr/bin/ffprobe"

    /// The first video stream and the container, as ffprobe reports them (frames counted by decoding).
    static func probe(_ path: String) throws -> (stream: [String: Any], format: [String: Any]) {
        let output = try FFmpegProcess.runCapturingOutput(ffprobe, [
            "-v", "error", "-count_frames", "-select_streams", "v:0", "-show_streams", "-show_format",
            "-of", "json", path,
        ])
        let json = try JSONSerialization.jsonObject(with: Data(output)) as! [String: Any]
        let stream = (json["streams"] as! [[String: Any]])[0]
        return (stream, json["format"] as! [String: Any])
    }

    /// Every frame decoded to BGRA.
    /// `decoder` forces one (ffmpeg's native VP9 decoder drops the alpha side stream; libvpx-vp9 keeps it).
    static func decode(_ path: String, width: Int, height: Int, decoder: String? = nil) throws -> [[UInt8]] {
        let forced = decoder.map { ["-c:v", $0] } ?? []
        let bytes = try FFmpegProcess.runCapturingOutput(ffmpeg, [
            "-v", "error"] + forced + ["-i", path, "-f", "rawvideo", "-pix_fmt", "bgra", "-",
        ])
        let size = width * height * 4
        XCTAssertEqual(bytes.count % size, 0)
        return stride(from: 0, to: bytes.count, by: size).map { Array(bytes[$0..<min($0 + size, bytes.count)]) }
    }

    /// Peak signal-to-noise ratio over B, G, R (alpha ignored), in dB.
    static func psnr(_ a: [UInt8], _ b: [UInt8]) -> Double {
        precondition(a.count == b.count)
        var squared = 0.0, count = 0
        for i in 0..<a.count where i % 4 != 3 {
            let d = Double(a[i]) - Double(b[i])
            squared += d * d
            count += 1
        }
        let mse = squared / Double(count)
        return mse == 0 ? .infinity : 10 * log10(255 * 255 / mse)
    }

    /// FNV-1a 64-bit.
    static func hash(_ bytes: UnsafeRawBufferPointer, into h: inout UInt64) {
        for byte in bytes {
            h ^= UInt64(byte)
            h = h &* 0x100_0000_01b3
        }
    }

    /// The GIF's per-frame delays (centiseconds, from each Graphic Control Extension) and its NETSCAPE2.0 loop
    /// count (`nil` when the block is absent, i.e. play once).
    static func gifTiming(_ path: String) throws -> (delays: [Int], loop: Int?) {
        let d = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        precondition(d.count > 13 && String(decoding: d[0..<6], as: UTF8.self).hasPrefix("GIF8"))
        var i = 13
        if d[10] & 0x80 != 0 { i += 3 << (Int(d[10] & 7) + 1) }
        var delays: [Int] = [], loop: Int?
        func skipSubBlocks() { while d[i] != 0 { i += Int(d[i]) + 1 }; i += 1 }
        while i < d.count {
            switch d[i] {
            case 0x21:
                let label = d[i + 1]
                if label == 0xF9 { delays.append(Int(d[i + 4]) | Int(d[i + 5]) << 8) }
                if label == 0xFF, String(decoding: d[(i + 3)..<(i + 14)], as: UTF8.self) == "NETSCAPE2.0" {
                    loop = Int(d[i + 16]) | Int(d[i + 17]) << 8
                }
                i += 2
                skipSubBlocks()
            case 0x2C:
                let flags = d[i + 9]
                i += 10
                if flags & 0x80 != 0 { i += 3 << (Int(flags & 7) + 1) }
                i += 1  // LZW minimum code size
                skipSubBlocks()
            case 0x3B:
                return (delays, loop)
            default:
                throw VideoError.io("malformed GIF at byte \(i)")
            }
        }
        return (delays, loop)
    }
}

/// A fresh directory per test, removed afterwards.
final class Scratch {
    let url: URL
    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("spruce-video-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }
    deinit { try? FileManager.default.removeItem(at: url) }
    func path(_ name: String) -> URL { url.appendingPathComponent(name) }
    var contents: [String] { ((try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []).sorted() }
}

/// No child of ours is left unreaped (a zombie would be reaped, and so reported, here).
func assertNoZombies(file: StaticString = #filePath, line: UInt = #line) {
    var status: Int32 = 0
    let reaped = waitpid(-1, &status, WNOHANG)
    XCTAssertLessThanOrEqual(reaped, 0, "an ffmpeg child was left as a zombie", file: file, line: line)
}
