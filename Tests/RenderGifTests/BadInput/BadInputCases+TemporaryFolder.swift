import Foundation

/// `TMPDIR`, where the palette of a GIF in two ffmpeg runs and a join's list of parts go: one that names no usable
/// folder is an error naming it (73), as `mktemp` refuses it; nothing is made in its place or anywhere else. Empty or
/// unset, it is /tmp. A GIF made in one run does not use it.
extension BadInputCases {
    static let temporaryFolder: [BadInputCase] = {
        let gif = twoRunGIF("$S/out.gif")
        let advice = "; set TMPDIR to a folder that exists and takes files, or unset it to use /tmp$"
        func refused(_ name: String, _ folder: String, _ message: String) -> BadInputCase {
            BadInputCase(name, gif, status: 73, message: message + advice, environment: ["TMPDIR": folder])
        }
        func refusedJoin(_ name: String, _ folder: String, _ message: String) -> BadInputCase {
            BadInputCase(name, ["join", "$S/p1.mp4", "$S/p2.mp4", "--out", "$S/j.mp4"], status: 73, message: message,
                         setup: { box in try writeParts(box, "mp4") }, environment: ["TMPDIR": folder])
        }
        return [
            // A relative TMPDIR naming no folder was made in the working folder and left there.
            refused("TMPDIR a missing relative folder", "nope", "^TMPDIR 'nope' does not exist"),
            refused("TMPDIR a missing folder", "$S/gone/tmp", "^TMPDIR '$S/gone/tmp' does not exist"),
            refused("TMPDIR a file", "$S/sibling.txt", "^TMPDIR '$S/sibling.txt' is a file, not a folder"),
            refusedJoin("TMPDIR missing for a join", "$S/nope", "^TMPDIR '$S/nope' does not exist"),
            // Folders of the kernel's, which root may write to by their mode yet which take no new entry.
            refused("TMPDIR /proc", "/proc", "^TMPDIR '/proc' does not take files \\(No such file or directory\\)"),
            refused("TMPDIR /sys", "/sys", "^TMPDIR '/sys' does not take files \\([^)]+\\)"),
            refusedJoin("TMPDIR /proc for a join", "/proc", "^TMPDIR '/proc' does not take files"),
            BadInputCase("TMPDIR empty is /tmp", gif, status: 0, message: "", environment: ["TMPDIR": ""], mayWrite: ["out.gif"]),
            BadInputCase("TMPDIR missing, a GIF in one run", ["--scene", "$S/scene.json", "--out", "$S/out.gif", "-q"], status: 0,
                         message: "", environment: ["TMPDIR": "$S/gone/tmp"], mayWrite: ["out.gif"]),
        ]
    }()
}
