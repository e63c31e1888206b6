import Foundation
import SpruceRender

/// Where a render goes: SpruceRender's `AtomicOutput` (a temporary beside the target, swapped in on success), with
/// its failures reported as `VideoError` like every other render failure.
struct VideoDestination {
    private let output: AtomicOutput
    var temporary: URL { output.temporary }

    /// Throws `targetNotWritable` before ffmpeg is started.
    static func prepare(target: URL, isDirectory: Bool, fileExtension: String) throws -> VideoDestination {
        try reportingVideoErrors {
            VideoDestination(output: try AtomicOutput.prepare(target: target, isDirectory: isDirectory, fileExtension: fileExtension))
        }
    }

    func commit() throws {
        try Self.reportingVideoErrors { try output.commit() }
    }

    func discard() {
        output.discard()
    }

    /// `VideoError` names the target first ("cannot write '<path>': <reason>"), so the reason does not repeat it.
    private static func reportingVideoErrors<T>(_ body: () throws -> T) throws -> T {
        do { return try body() } catch let error as AtomicOutputError {
            let path = error.path
            switch error.problem {
            case .directoryMissing(let directory):
                throw VideoError.targetNotWritable(path: path, reason: "directory '\(directory)' does not exist")
            case .notADirectory(let directory):
                throw VideoError.targetNotWritable(path: path, reason: "'\(directory)' is not a directory")
            case .targetIsDirectory:
                throw VideoError.targetNotWritable(path: path, reason: "it is a directory")
            case .targetIsFile:
                throw VideoError.targetNotWritable(path: path, reason: "it is a file, not a directory of frames")
            case .cannotCreate(let directory, let reason):
                throw VideoError.targetNotWritable(path: path, reason: "cannot create a file in '\(directory)' (\(reason))")
            case .targetIsSpecial, .directoryNotOurs, .foreignFrame, .nameTooLong, .noName:
                throw VideoError.targetNotWritable(path: path, reason: error.reason)
            case .cannotMove(let reason):
                throw VideoError.io("cannot move the finished output to '\(path)': \(reason)")
            }
        }
    }
}
