import Foundation

/// Every command's results on a standard output that cannot take them (`> /dev/full`, `>&-`): exit 74 with one
/// line, whatever the command would have answered (0, or a verdict of 1); a command that prints nothing succeeds.
extension BadInputCases {
    static let standardOutput: [BadInputCase] = {
        let closed = "cannot write to standard output: it is closed"
        let full = "cannot write to standard output: No space left on device"
        let oneItem = #"{"items": [{"scene": "scene.json", "out": "out.gif"}]}"#
        return [
            // `test` and `compare` ended with their own status (0, or 1 with a line about the scenes) and the results lost.
            BadInputCase("test to a closed stdout", ["test", "$S/scene.json"], status: 74, message: closed, stdio: .stdoutClosed),
            BadInputCase("test --record to a full stdout", ["test", "$S/scene.json", "--record"], status: 74, message: full,
                         stdio: .stdoutFull, mayWrite: ["goldens"]),
            BadInputCase("compare of equal films to a closed stdout", ["compare", "$S/scene.json", "$S/scene.json", "-q"], status: 74,
                         message: closed, stdio: .stdoutClosed),
            BadInputCase("compare of different films to a full stdout", ["compare", "$S/scene.json", "--a", "--delay 0.02", "--b", "--delay 0.04", "-q"],
                         status: 74, message: full, stdio: .stdoutFull),
            BadInputCase("list-scenes to a closed stdout", ["--list-scenes"], status: 74, message: closed, stdio: .stdoutClosed),
            BadInputCase("batch to a closed stdout", ["batch", "$S/m.json"], status: 74, message: closed,
                         setup: { try $0.write("m.json", oneItem) }, stdio: .stdoutClosed, mayWrite: ["out.gif", ".spruce-batch"]),
            // The address is the preview's only output: a server nobody can be told about ran until it was stopped.
            BadInputCase("preview to a full stdout", ["preview", "$S/scene.json", "--port", "0"], status: 74, message: full, stdio: .stdoutFull),
            // Commands that print nothing do not care.
            BadInputCase("stitch to a closed stdout", ["stitch", "$S/frames", "--fps", "25", "--out", "$S/out.gif", "-q"], status: 0, message: "",
                         setup: writeFrames, stdio: .stdoutClosed, mayWrite: ["out.gif"]),
            BadInputCase("render to a full stdout", ["--scene", "$S/scene.json", "--out", "$S/out.mp4", "-q"], status: 0, message: "",
                         stdio: .stdoutFull, mayWrite: ["out.mp4"]),
        ]
    }()
}
