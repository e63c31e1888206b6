import Foundation

extension Media {
    /// The standard output of the tool `name` on PATH (webpmux, gifsicle, …), run to completion.
    public static func output(of name: String, _ arguments: [String]) throws -> Data {
        try ToolRun.capture(tool(name), arguments)
    }
}
