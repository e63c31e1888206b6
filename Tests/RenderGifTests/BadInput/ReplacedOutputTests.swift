import Foundation
import XCTest

/// An output that replaces an earlier one, run as the user `nobody` (root reads, writes and removes whatever the bits
/// say, so only another user meets them): a file keeps the bits the user gave it, as an editor's save does (a private
/// file stays private), and a folder of frames the user made read-only is replaced with nothing left beside it.
final class ReplacedOutputTests: XCTestCase {
    func testAnEarlierOutputsBitsAreKept() throws {
        if let why = BadInputRunner.cannotRunUnprivileged { throw XCTSkip(why) }
        BadInputRunner.run([
            Self.replacing("x.gif", bits: 0o600, ["--out", "$S/x.gif"] + fast),
            Self.replacing("t.json", bits: 0o640, ["--timing", "$S/t.json"] + fast),
            Self.replacing("frames", bits: 0o555, ["--out", "$S/frames/"] + fast),
        ])
    }

    /// A run that replaces `name`, first written as root and then given `bits` (the sandbox then goes to `nobody`),
    /// and leaves it with those bits.
    private static func replacing(_ name: String, bits: mode_t, _ arguments: [String]) -> BadInputCase {
        var c = BadInputCase("\(name) of mode \(String(bits, radix: 8)) replaced", arguments, status: 0, message: "", mayWrite: [name]) { box in
            var st = stat()
            guard lstat(box.path(name), &st) == 0 else { return "\(name) is missing" }
            return st.st_mode & 0o7777 == bits ? nil : "\(name) has mode \(String(st.st_mode & 0o7777, radix: 8)), not \(String(bits, radix: 8))"
        }
        c.setup = { box in
            let first = try CLI.run(arguments.map(box.expand), in: box.url)
            guard first.status == 0 else { throw BadInputError("the first run failed: \(first.stderr)") }
            chmod(box.path(name), bits)
        }
        c.unprivileged = true
        return c
    }
}
