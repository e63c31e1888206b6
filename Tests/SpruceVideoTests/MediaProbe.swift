import Foundation
import MediaTestSupport
import XCTest

/// Checks on the stream SpruceVideo hands to ffmpeg. Decoding, PSNR and GIF timing live in MediaTestSupport.
enum MediaProbe {
    /// FNV-1a 64-bit.
    static func hash(_ bytes: UnsafeRawBufferPointer, into h: inout UInt64) {
        for byte in bytes {
            h ^= UInt64(byte)
            h = h &* 0x100_0000_01b3
        }
    }
}

/// Forwarding name: PipelineTests.swift uses the shared `Scratch` without importing MediaTestSupport.
typealias Scratch = MediaTestSupport.Scratch

/// No child of ours is left unreaped (a zombie would be reaped, and so reported, here).
func assertNoZombies(file: StaticString = #filePath, line: UInt = #line) {
    var status: Int32 = 0
    let reaped = waitpid(-1, &status, WNOHANG)
    XCTAssertLessThanOrEqual(reaped, 0, "an ffmpeg child was left as a zombie", file: file, line: line)
}
