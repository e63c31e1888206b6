import Foundation

extension Media {
    /// The standard output of the tool `name` on PATH (webpmux, gifsicle, …), run to completion.
    public static func output(of name: String, _ arguments: [String]) throws -> Data {
        try ToolRun.capture(tool(name), arguments)
    }

    /// The standard output of the program at `executable` (`BuiltProducts.renderGif`), run to completion; a status
    /// other than 0 throws, naming the status and the program's last line on standard error.
    public static func output(ofProgram executable: URL, _ arguments: [String]) throws -> Data {
        try ToolRun.capture(executable.path, arguments)
    }
}
