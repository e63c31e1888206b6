/// Everything that can go wrong while turning frames into a file. Each message is one line naming the problem.
public enum VideoError: Error, CustomStringConvertible, Equatable {
    /// Size, frame rate or frame count the outputs cannot represent.
    case invalidFrameFormat(String)
    /// An option or output format combination that cannot work (e.g. a GIF frame rate that is not 100/k).
    case invalidOptions(String)
    /// A file given to be joined is not a part of one film as `FilmOutput.part` writes it (another codec, no
    /// keyframe first, another screen or palette).
    case notAPart(String)
    /// The target path does not say which format to write.
    case unknownOutputFormat(path: String)
    /// ffmpeg is not installed or not where we were told to look.
    case ffmpegNotFound(String)
    /// This ffmpeg build lacks an encoder the format needs.
    case encoderMissing(encoder: String, ffmpeg: String)
    /// A program render-gif runs (ffmpeg, ffprobe, gifsicle) could not be started, died, stalled or exited
    /// non-zero. `detail` completes "`program` ...": how it ended, when, and its last stderr lines.
    case programFailed(program: String, detail: String)
    /// The target cannot be written (missing or read-only directory, a directory where a file should be, ...).
    case targetNotWritable(path: String, reason: String)
    /// A system call failed outside ffmpeg (pipes, temporary files, rename).
    case io(String)
    /// `TMPDIR` names a folder temporary folders cannot be made in (missing, not a folder, not writable).
    case temporaryFolder(path: String, reason: String)
    /// A folder of frames holds none.
    case noFrames(folder: String)
    /// A frame of a folder cannot be read or decoded (not a PNG, truncated, corrupt, a FIFO).
    case unreadableFrame(file: String, reason: String)
    /// A part given to be joined cannot be opened (not readable by this user); `reason` is the system's.
    case unreadablePart(path: String, reason: String)
    /// The frame source threw while drawing.
    case frameSourceFailed(frame: Int, message: String)
    /// A limit of the system or the user (`ulimit -u`, `-v`, `-n`) refused a thread, a process, memory or a
    /// descriptor the work needs.
    case outOfResources(String)
    /// An environment variable the program reads holds a value it does not take; the message names the variable
    /// and what it takes.
    case environment(String)

    public var description: String {
        switch self {
        case .invalidFrameFormat(let why): return "invalid frame format: \(why)"
        case .invalidOptions(let why): return "invalid video options: \(why)"
        case .notAPart(let why): return why
        case .unknownOutputFormat(let path):
            return "cannot tell the output format of '\(path)': use \(OutputFormat.extensions.joined(separator: ", ")), a directory path ending in '/', or pass a format"
        case .ffmpegNotFound(let why):
            return "ffmpeg not found (\(why)); install it with `sudo apt-get install ffmpeg` (in the source tree, scripts/bootstrap.sh), or set SPRUCE_FFMPEG=/path/to/ffmpeg"
        case .encoderMissing(let encoder, let ffmpeg):
            return "the ffmpeg at \(ffmpeg) has no \(encoder) encoder; install a full build (Debian/Ubuntu: `sudo apt-get install ffmpeg`)"
        case .programFailed(let program, let detail): return "\(program) \(detail)"
        case .targetNotWritable(let path, let reason): return "cannot write '\(path)': \(reason)"
        case .io(let why): return "I/O error: \(why)"
        case .temporaryFolder(let path, let reason):
            return "TMPDIR '\(path)' \(reason); set TMPDIR to a folder that exists and takes files, or unset it to use /tmp"
        case .noFrames(let folder): return "the folder '\(folder)' has no .png frames"
        case .unreadableFrame(let file, let reason): return "cannot read frame '\(file)': \(reason)"
        case .unreadablePart(let path, let reason): return "cannot read part '\(path)' (\(reason))"
        case .frameSourceFailed(let frame, let message): return "drawing frame \(frame) failed: \(message)"
        case .outOfResources(let why): return "out of resources: \(why)"
        case .environment(let why): return why
        }
    }
}
