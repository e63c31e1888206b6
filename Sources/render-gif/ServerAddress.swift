import SprucePreview
import SpruceProcess

/// What `preview` and `review` do once their server listens: the address line on standard output, flushed (the
/// address is what the user needs: a server nobody can be told about stops, and the command ends with 74, as every
/// command whose output cannot be written does), then with `--open` the page in the default browser, or a warning
/// when xdg-open cannot start.
enum ServerAddress {
    static func announce(_ line: String, address: String, open: Bool) throws {
        StandardStreams.print(line)
        try StandardStreams.flushOutput()
        if open, !PreviewLaunch.openBrowser(address) {
            StandardStreams.writeError("render-gif: warning: --open: cannot start xdg-open; open \(address) yourself\n")
        }
    }
}
