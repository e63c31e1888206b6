import Foundation

/// The variables render-gif reads: a value it does not take is one line naming the variable and what it takes, before
/// any work (`SPRUCE_FFMPEG_STALL_SECONDS`: 64); `SPRUCE_FFMPEG` without a `/` is looked up on PATH as a shell looks
/// up a command, never in the working folder unless PATH names it (69 when it is not there); a scene name that no
/// `SPRUCE_SCENES` folder has names the folders searched and says which are not there.
extension BadInputCases {
    static let environment: [BadInputCase] = {
        let small = ["--scene", "$S/scene.json", "--out", "$S/x.gif", "-q"]
        func stall(_ value: String, _ name: String, _ arguments: [String] = small) -> BadInputCase {
            BadInputCase("SPRUCE_FFMPEG_STALL_SECONDS \(name)", arguments, status: 64,
                         message: "^SPRUCE_FFMPEG_STALL_SECONDS: must be a number of seconds 0\\.1…86400 \\(unset: 120\\), got '"
                             + NSRegularExpression.escapedPattern(for: value) + "'$",
                         environment: ["SPRUCE_FFMPEG_STALL_SECONDS": value])
        }
        // An ffmpeg in the working folder (the sandbox), which only a PATH naming that folder may find.
        let workingFolderFFmpeg: (BadInputSandbox) throws -> Void = { box in
            try box.write("ffmpeg", """
                #!/bin/sh
                case "$*" in *-encoders*) exec \(realFFmpeg) "$@";; esac
                echo "the working folder's ffmpeg" >&2; exit 1
                """)
            chmod(box.path("ffmpeg"), 0o755)
        }
        return [
            // Text, a sign, zero, NaN, infinity, a subnormal, a number past a day: each is refused, by every command.
            stall("soon", "a word"), stall("-3", "negative"), stall("0", "zero"), stall("0.05", "below the watchdog's period"),
            stall("nan", "NaN"), stall("inf", "infinite"), stall("1e-320", "subnormal"), stall("1e300", "huge"),
            stall("86401", "past a day"), stall("0x10", "hexadecimal"), stall(" 5", "with a space"),
            stall("soon", "a word, stitch", ["stitch", "$S/frames", "--out", "$S/x.gif", "-q"]),
            stall("soon", "a word, join", ["join", "$S/p1.mp4", "$S/p2.mp4", "--out", "$S/j.mp4"]),
            stall("soon", "a word, batch", ["batch", "$S/items.yaml"]),
            stall("soon", "a word, compare", ["compare", "$S/scene.json", "--b", "--delay 0.01", "--out", "$S/c.gif", "-q"]),
            stall("soon", "a word, test", ["test", "$S/scene.json"]),
            BadInputCase("SPRUCE_FFMPEG_STALL_SECONDS 2.5 is taken", small, status: 0, message: "",
                         environment: ["SPRUCE_FFMPEG_STALL_SECONDS": "2.5"], mayWrite: ["x.gif"]),
            BadInputCase("SPRUCE_FFMPEG_STALL_SECONDS empty is the default", small, status: 0, message: "",
                         environment: ["SPRUCE_FFMPEG_STALL_SECONDS": ""], mayWrite: ["x.gif"]),
            // A bare name is looked up on PATH, never in the working folder unless PATH names it.
            BadInputCase("SPRUCE_FFMPEG a bare name is looked up on PATH", small, status: 0, message: "",
                         setup: workingFolderFFmpeg, environment: ["SPRUCE_FFMPEG": "ffmpeg"], mayWrite: ["x.gif"]),
            BadInputCase("SPRUCE_FFMPEG a bare name, PATH naming the working folder", small, status: 70,
                         message: "^ffmpeg exited with status 1 .*the working folder's ffmpeg",
                         setup: workingFolderFFmpeg, environment: ["SPRUCE_FFMPEG": "ffmpeg", "PATH": "."]),
            BadInputCase("SPRUCE_FFMPEG a bare name not on PATH", small, status: 69,
                         message: "^ffmpeg not found \\(SPRUCE_FFMPEG 'no-such-ffmpeg' is not on PATH\\); ",
                         environment: ["SPRUCE_FFMPEG": "no-such-ffmpeg"]),
            BadInputCase("SPRUCE_FFMPEG a path that is no program", small, status: 69,
                         message: "^ffmpeg not found \\(SPRUCE_FFMPEG '$S/sibling.txt' is not an executable file\\); ",
                         environment: ["SPRUCE_FFMPEG": "$S/sibling.txt"]),
            // Folders that are not there are named when the scene asked for is not found, and passed over when it is.
            BadInputCase("SPRUCE_SCENES folders missing, a name not found", ["--scene", "mine", "--out", "$S/x.gif", "-q"], status: 64,
                         message: "^--scene: unknown value \"mine\".*; SPRUCE_SCENES folders searched: '$S/gone' \\(does not exist\\), '$S/folder'$",
                         environment: ["SPRUCE_SCENES": "$S/gone:$S/folder"]),
            BadInputCase("SPRUCE_SCENES a file, a name not found", ["--scene", "mine", "--out", "$S/x.gif", "-q"], status: 64,
                         message: "; SPRUCE_SCENES folders searched: '$S/sibling.txt' \\(a file, not a folder\\)$",
                         environment: ["SPRUCE_SCENES": "$S/sibling.txt"]),
            BadInputCase("SPRUCE_SCENES a missing folder passed over", ["--scene", "mine", "--timing", "$S/t.json", "-q"], status: 0,
                         message: "", setup: { box in try box.write("scenes/mine.json", BadInputSandbox.smallScene) },
                         environment: ["SPRUCE_SCENES": "$S/gone:$S/scenes"], mayWrite: ["t.json"]),
        ]
    }()
}
