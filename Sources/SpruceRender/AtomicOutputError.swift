/// Why an `AtomicOutput` could not be prepared or committed. It never reaches users as is: each module turns it
/// into its own error type (`RenderError.write` here, `VideoError` in SpruceVideo), so a caller of a module sees
/// one kind of error, phrased like that module's other messages.
package struct AtomicOutputError: Error, Equatable, CustomStringConvertible {
    package enum Problem: Equatable {
        case directoryMissing(String)
        case notADirectory(String)
        /// A folder stands where a file should be written.
        case targetIsDirectory
        /// A file stands where a folder of frames should be written.
        case targetIsFile
        /// The temporary could not be created in `directory`; `reason` is the system's (`strerror`).
        case cannotCreate(directory: String, reason: String)
        /// The finished temporary could not be renamed over the target.
        case cannotMove(reason: String)
    }

    /// The target, standardized.
    package let path: String
    package let problem: Problem

    /// One line naming the path or its directory; `RenderError.write` puts "cannot write: " in front.
    package var description: String {
        switch problem {
        case .directoryMissing(let directory): "directory \(directory) does not exist"
        case .notADirectory(let directory): "\(directory) is not a directory"
        case .targetIsDirectory: "\(path) is a directory"
        case .targetIsFile: "\(path) is a file, not a directory"
        case .cannotCreate(let directory, let reason): "directory \(directory) is not writable (\(reason))"
        case .cannotMove(let reason): "cannot move the finished output to \(path) (\(reason))"
        }
    }
}
