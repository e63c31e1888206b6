import Foundation
import SpruceRender

/// `--optimize`: the GIF ffmpeg wrote, passed through gifsicle's lossless optimiser (`-O3 -Okeep-empty`: frames cropped to
/// what changed, transparency for unchanged pixels, LZW re-packed; identical frames kept, so every delay stays
/// as it was, where plain -O2/-O3 would merge them). Pixels and delays are unchanged (the
/// tests decode both); if gifsicle's file is not smaller, ffmpeg's is kept. All of it happens before the one
/// atomic rename into place, so the target is only ever replaced by a finished, optimised GIF.
public enum GIFOptimizer {
    /// What the optimisation did.
    public struct Result: Equatable {
        public var bytesBefore: Int
        public var bytesAfter: Int
    }

    /// gifsicle on `PATH` (of `environment`; with no `PATH`, the system's default search path), as
    /// `ExecutableSearch` looks a program up, or nil.
    public static func locate(environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        ExecutableSearch.find("gifsicle", environment: environment)
    }

    /// Renders the GIF through `render` (given a scratch path beside `target`), optimises it, then renames it
    /// into place. Throws `VideoError.ffmpegNotFound`-style `.io` when gifsicle fails; nothing is left behind.
    /// `cancellation` stops gifsicle as it stops ffmpeg (SIGTERM at once, SIGKILL a second later).
    @discardableResult
    public static func write(to target: URL, gifsicle: String, cancellation: RenderCancellation? = nil,
                             render: (URL) throws -> Void) throws -> Result {
        try AtomicFile.write(to: target) { temporary in
            let scratch = temporary.deletingLastPathComponent().appendingPathComponent(TemporaryName.make(stem: target.lastPathComponent, suffix: "unoptimized.gif"))
            TemporaryFiles.shared.add(scratch.path)
            defer { unlink(scratch.path); TemporaryFiles.shared.remove(scratch.path) }
            try render(scratch)
            chmod(scratch.path, CreationMode.ownerFile)  // finished with the umask's bits; gifsicle reads it
            try cancellation?.throwIfCancelled()
            _ = try ChildProcess.runCapturingOutput("gifsicle", at: gifsicle, ["--no-warnings", "-O3", "-Okeep-empty", scratch.path, "-o", temporary.path],
                                                     cancellation: cancellation)
            try cancellation?.throwIfCancelled()
            let before = try size(scratch), after = try size(temporary)
            if after >= before {
                guard rename(scratch.path, temporary.path) == 0 else {
                    throw VideoError.io("cannot keep the unoptimised GIF: \(String(cString: strerror(errno)))")
                }
                return Result(bytesBefore: before, bytesAfter: before)
            }
            return Result(bytesBefore: before, bytesAfter: after)
        }
    }

    static func size(_ url: URL) throws -> Int {
        var st = stat()
        guard stat(url.path, &st) == 0 else { throw VideoError.io("cannot read \(url.path): \(String(cString: strerror(errno)))") }
        return Int(st.st_size)
    }
}
