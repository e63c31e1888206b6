import Foundation
import SpruceRender

/// Finds the ffmpeg executable and checks it has the encoders we need.
enum FFmpegLocator {
    static let environmentVariable = "SPRUCE_FFMPEG"

    /// Explicit path, then `$SPRUCE_FFMPEG`, then `ffmpeg` on `$PATH` (of `environment`, for testability); with
    /// no `PATH` at all (`env -i render-gif …`), the system's default search path, as the shell's `execvp` has. An
    /// explicit or `SPRUCE_FFMPEG` name without a `/` is looked up on that path as a shell looks up a command, never
    /// in the working folder unless the path names it (`.`); one with a `/` is taken as the path it is.
    static func locate(explicit: String?, environment: [String: String] = ProcessInfo.processInfo.environment)
        throws -> String
    {
        let searchPath = ExecutableSearch.searchPath(environment)
        if let explicit, !explicit.isEmpty { return try find(explicit, shown: "'\(explicit)'", on: searchPath) }
        if let named = environment[environmentVariable], !named.isEmpty {
            return try find(named, shown: "\(environmentVariable) '\(named)'", on: searchPath)
        }
        guard let found = ExecutableSearch.find("ffmpeg", on: searchPath) else { throw VideoError.ffmpegNotFound("not on PATH") }
        return found
    }

    /// `name` as a path (it has a `/`) or a command looked up on `searchPath`; `shown` names it in the error.
    private static func find(_ name: String, shown: String, on searchPath: String) throws -> String {
        if let found = ExecutableSearch.find(name, on: searchPath) { return found }
        throw VideoError.ffmpegNotFound(name.contains("/") ? "\(shown) is not an executable file" : "\(shown) is not on PATH")
    }

    private static let cacheLock = NSLock()
    nonisolated(unsafe) private static var encoderCache: [String: Set<String>] = [:]

    /// Runs `ffmpeg -encoders` once per executable and throws `encoderMissing` if `encoder` is absent; an ffmpeg
    /// that does not answer within `stallTimeout` seconds, or is `cancellation`'s, is stopped.
    static func requireEncoder(_ encoder: String, ffmpeg: String, stallTimeout: Double = VideoOptions().stallTimeout,
                               cancellation: RenderCancellation? = nil) throws {
        cacheLock.lock()
        let cached = encoderCache[ffmpeg]
        cacheLock.unlock()
        let encoders = try cached ?? listEncoders(ffmpeg: ffmpeg, stallTimeout: stallTimeout, cancellation: cancellation)
        cacheLock.lock()
        encoderCache[ffmpeg] = encoders
        cacheLock.unlock()
        guard encoders.contains(encoder) else { throw VideoError.encoderMissing(encoder: encoder, ffmpeg: ffmpeg) }
    }

    private static func listEncoders(ffmpeg: String, stallTimeout: Double, cancellation: RenderCancellation?) throws -> Set<String> {
        let output = String(decoding: try ChildProcess.runCapturingOutput("ffmpeg", at: ffmpeg, ["-hide_banner", "-encoders"],
                                                                          cancellation: cancellation, stallTimeout: stallTimeout),
                            as: UTF8.self)
        // Lines look like " V....D libx264   libx264 H.264 / AVC ..."; the second column is the encoder name.
        var names = Set<String>()
        for line in output.split(separator: "\n") {
            let columns = line.split(separator: " ", omittingEmptySubsequences: true)
            if columns.count >= 2, columns[0].count == 6 { names.insert(String(columns[1])) }
        }
        return names
    }
}
