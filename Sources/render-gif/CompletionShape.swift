import ArgumentParser

/// The command tree the shell completions describe. `render` is the default subcommand, so people type its
/// flags straight after `render-gif`; argument-parser's generator only offers a root command's own flags
/// there, so this root carries the render flags itself, beside the subcommands (render, stitch, test, compare, preview, review, join, batch).
struct CompletionShape: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "render-gif", subcommands: [Render.self, Stitch.self, Test.self, Compare.self, Preview.self, Review.self, Join.self, Batch.self])

    @OptionGroup var render: Render

    @Flag(help: "Show the version.") var version = false

    /// `render-gif --generate-completion-script SHELL`, or nil for any other arguments.
    static func script(for arguments: [String]) -> String? {
        guard arguments.count == 2, arguments[0] == "--generate-completion-script",
              let shell = CompletionShell(rawValue: arguments[1]) else { return nil }
        return completionScript(for: shell)
    }
}
