import Foundation
import SpruceVideo

/// Runs `spruce-bench case …` in a child process and parses its `key=value` line.
enum Child {
    static var executable: String {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
    }

    static func measure(_ arguments: [String]) throws -> [String: String] {
        let output = try run(executable, ["case"] + arguments)
        var values: [String: String] = [:]
        for pair in output.split(whereSeparator: \.isWhitespace) {
            let parts = pair.split(separator: "=", maxSplits: 1)
            if parts.count == 2 { values[String(parts[0])] = String(parts[1]) }
        }
        return values
    }

    /// Runs a program to completion; throws with its stderr when it fails.
    @discardableResult
    static func run(_ program: String, _ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(plainPath: program)
        process.arguments = arguments
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        // Registered for `BenchInterrupts`: `Process` starts each child in a process group of its own, so a Ctrl-C
        // at the terminal does not reach it. A `case` child needs a moment to stop its ffmpeg and remove its files.
        guard !BenchInterrupts.interrupted else { throw BenchError("interrupted") }  // none need start any more
        _ = try ChildProcesses.shared.start(stopGrace: 2) {
            try process.run()
            return process.processIdentifier
        }
        defer { ChildProcesses.shared.remove(process.processIdentifier) }
        let data = out.fileHandleForReading.readDataToEndOfFile()
        let errors = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw BenchError("\(program) \(arguments.joined(separator: " ")) failed: \(String(decoding: errors, as: UTF8.self))")
        }
        return String(decoding: data, as: UTF8.self)
    }

    static var ffmpeg: String {
        for dir in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin").split(separator: ":") {
            let candidate = "\(dir)/ffmpeg"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return "/usr/bin/ffmpeg"
    }
}
