import Foundation
import SpruceRender

#if canImport(Glibc)
import Glibc
#endif

extension ChildProcess {
    /// Runs a tool (`program`: ffmpeg, ffprobe, gifsicle) at `executable` to completion and returns its stdout
    /// bytes. One that writes nothing for `stallTimeout` seconds is stopped by the watchdog (a tool that never
    /// answers is an error, not a wait).
    static func runCapturingOutput(_ program: String, at executable: String, _ arguments: [String],
                                   cancellation: RenderCancellation? = nil,
                                   stallTimeout: Double = VideoOptions().stallTimeout) throws -> [UInt8] {
        let process = try ChildProcess(program, executable: executable, arguments: arguments, pipeStdin: false,
                                       pipeStdout: true, cancellation: cancellation, stallTimeout: stallTimeout)
        var output: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(process.stdoutFD, $0.baseAddress, $0.count) }
            if n > 0 {
                output += chunk[0..<n]
                process.watchdog?.touch()
            } else if n < 0 && errno == EINTR { continue } else { break }
        }
        guard process.succeeded else {
            try cancellation?.throwIfCancelled()
            if let stall = process.stallDetail(" running " + arguments.joined(separator: " ")) {
                throw process.failure("at \(executable) \(stall)")
            }
            throw process.failure("at \(executable) \(process.failureDetail(" running " + arguments.joined(separator: " ")))")
        }
        return output
    }
}
