import Foundation

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
        /// A device, FIFO, socket or other special file stands there (`kind` names it, "a FIFO (named pipe)").
        case targetIsSpecial(String)
        /// A non-empty folder that render-gif did not create stands where a folder of frames should go.
        case directoryNotOurs(entries: Int)
        /// render-gif's folder holds a frame-like file that its manifest does not list.
        case foreignFrame(String)
        /// The name is longer than the file system allows (`limit` bytes).
        case nameTooLong(limit: Int)
        /// No name at all: empty, `.`, `..` or `/`.
        case noName
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
        case .targetIsSpecial, .directoryNotOurs, .foreignFrame, .nameTooLong, .noName: "\(path): \(reason)"
        }
    }

    /// Why the target is refused, without its path (for messages that name it already).
    package var reason: String {
        switch problem {
        case .targetIsSpecial(let kind): "it is \(kind), not a file render-gif may replace"
        case .directoryNotOurs(let entries): Self.notOurs(entries)
        case .foreignFrame(let name): "it holds \(name), which render-gif did not write; not replacing it"
        case .nameTooLong(let limit): "the name \(Self.lastComponent(path)) is longer than the file system's \(limit) bytes"
        case .noName: "it does not name a file or folder to create"
        default: description
        }
    }

    static func notOurs(_ entries: Int) -> String {
        "it is an existing folder with \(entries) entr\(entries == 1 ? "y" : "ies") that render-gif did not "
            + "create; frames go into a new or empty folder (or one render-gif made), nothing else is replaced"
    }

    static func lastComponent(_ path: String) -> String {
        let name = (path as NSString).lastPathComponent
        return name.count > 40 ? "'\(name.prefix(20))…' (\(name.utf8.count) bytes)" : "'\(name)'"
    }
}
