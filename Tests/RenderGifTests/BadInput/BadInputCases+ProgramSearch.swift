import Foundation

/// ffprobe (beside ffmpeg, else on PATH) and gifsicle are looked up as ffmpeg is: a folder named like the program
/// is passed over for the real one further on, and with no PATH at all (`env -i render-gif …`) the system's
/// default search path is searched. Each case finishes its output.
extension BadInputCases {
    static let programSearch: [BadInputCase] = {
        let pathAfterShadow = "$S/shadow:" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin")
        /// Folders named `names` in `$S/shadow`, first on PATH.
        func shadowFolders(_ names: String...) -> (BadInputSandbox) throws -> Void {
            { box in for name in names { try box.mkdir("shadow/" + name) } }
        }
        /// ffmpeg in the fake tools' folder (the real one, started by a script), where there is no ffprobe.
        let ffmpegAlone: (BadInputSandbox) throws -> Void = { box in try box.fakeTool("ffmpeg", "exec \(realFFmpeg) \"$@\"") }
        /// That ffmpeg beside a folder named ffprobe.
        let ffmpegBesideFolder: (BadInputSandbox) throws -> Void = { box in
            try ffmpegAlone(box)
            try FileManager.default.createDirectory(at: box.fakeTools.appendingPathComponent("ffprobe"), withIntermediateDirectories: false)
        }
        let gif = ["--scene", "$S/scene.json", "--out", "$S/x.gif", "--optimize", "-q"]
        let webm = ["--scene", "$S/scene.json", "--out", "$S/x.webm", "-q"]
        let join = ["join", "$S/p1.mp4", "$S/p2.mp4", "--out", "$S/j.mp4"]
        var noPATH = BadInputCase("--optimize with no PATH at all", gif, status: 0, message: "", mayWrite: ["x.gif"])
        noPATH.unset = ["PATH"]
        var joinNoPATH = BadInputCase("join MP4 parts with no PATH at all, no ffprobe beside ffmpeg", join, status: 0,
                                      message: "", setup: { box in try ffmpegAlone(box); try writeParts(box, "mp4") },
                                      environment: ["SPRUCE_FFMPEG": "$F/ffmpeg"], mayWrite: ["j.mp4"])
        joinNoPATH.unset = ["PATH"]
        return [
            BadInputCase("--optimize, a folder named gifsicle first on PATH", gif, status: 0, message: "",
                         setup: shadowFolders("gifsicle"), environment: ["PATH": pathAfterShadow], mayWrite: ["x.gif"]),
            noPATH,
            BadInputCase("WebM, folders named ffprobe beside ffmpeg and first on PATH", webm, status: 0, message: "",
                         setup: { box in try ffmpegBesideFolder(box); try shadowFolders("ffprobe")(box) },
                         environment: ["SPRUCE_FFMPEG": "$F/ffmpeg", "PATH": pathAfterShadow], mayWrite: ["x.webm"]),
            BadInputCase("join MP4 parts, folders named ffprobe beside ffmpeg and first on PATH", join, status: 0, message: "",
                         setup: { box in try ffmpegBesideFolder(box); try shadowFolders("ffprobe")(box); try writeParts(box, "mp4") },
                         environment: ["SPRUCE_FFMPEG": "$F/ffmpeg", "PATH": pathAfterShadow], mayWrite: ["j.mp4"]),
            joinNoPATH,
        ]
    }()
}
