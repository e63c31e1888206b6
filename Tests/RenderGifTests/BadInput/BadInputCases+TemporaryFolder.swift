import Foundation

/// `TMPDIR`, where the palette of a GIF in two ffmpeg runs and a join's list of parts go: one that names no usable
/// folder is an error naming it (73), as `mktemp` refuses it; nothing is made in its place or anywhere else. Empty or
/// unset, it is /tmp. A GIF made in one run does not use it.
extension BadInputCases {
    static let temporaryFolder: [BadInputCase] = {
        let gif = twoRunGIF("$S/out.gif")
        let advice = "; set TMPDIR to a folder that exists and takes files, or unset it to use /tmp$"
        return [
            // A relative TMPDIR naming no folder was made in the working folder and left there.
            BadInputCase("TMPDIR a missing relative folder", gif, status: 73, message: "^TMPDIR 'nope' does not exist" + advice,
                         environment: ["TMPDIR": "nope"]),
            BadInputCase("TMPDIR a missing folder", gif, status: 73, message: "^TMPDIR '$S/gone/tmp' does not exist" + advice,
                         environment: ["TMPDIR": "$S/gone/tmp"]),
            BadInputCase("TMPDIR a file", gif, status: 73, message: "^TMPDIR '$S/sibling.txt' is a file, not a folder" + advice,
                         environment: ["TMPDIR": "$S/sibling.txt"]),
            BadInputCase("TMPDIR missing for a join", ["join", "$S/p1.mp4", "$S/p2.mp4", "--out", "$S/j.mp4"], status: 73,
                         message: "^TMPDIR '$S/nope' does not exist", setup: { box in try writeParts(box, "mp4") },
                         environment: ["TMPDIR": "$S/nope"]),
            BadInputCase("TMPDIR empty is /tmp", gif, status: 0, message: "", environment: ["TMPDIR": ""], mayWrite: ["out.gif"]),
            BadInputCase("TMPDIR missing, a GIF in one run", ["--scene", "$S/scene.json", "--out", "$S/out.gif", "-q"], status: 0,
                         message: "", environment: ["TMPDIR": "$S/gone/tmp"], mayWrite: ["out.gif"]),
        ]
    }()
}
