import Foundation

/// Broken standard streams, inputs that are not files, user text in messages, and GIF frame rates.
extension BadInputCases {
    static let streams: [BadInputCase] = {
        let gif = ["--out", "$S/out.gif"] + fast
        return [
            BadInputCase("stderr closed, bad flag", ["--sort", "nope"] + gif, status: 64, message: "", stdio: .stderrClosed),
            BadInputCase("stderr closed, missing scene", ["--scene", "$S/nope.json"] + gif, status: 66, message: "", stdio: .stderrClosed),
            BadInputCase("stderr closed, output refused", ["--out", "$S/folder/"] + fast, status: 73, message: "", stdio: .stderrClosed),
            BadInputCase("stderr closed, render works", gif, status: 0, message: "", stdio: .stderrClosed, mayWrite: ["out.gif"]),
            BadInputCase("stderr full, bad flag", ["--sort", "nope"] + gif, status: 64, message: "", stdio: .stderrFull),
            BadInputCase("stderr full, usage dump", ["--nope"], status: 64, message: "", stdio: .stderrFull),
            BadInputCase("stderr full, ffmpeg fails", ["--out", "$S/previous.gif"] + fast, status: 69, message: "",
                         environment: ["SPRUCE_FFMPEG": "$S/nope"], stdio: .stderrFull),
            BadInputCase("stderr full, render works", gif, status: 0, message: "", stdio: .stderrFull, mayWrite: ["out.gif"]),
            BadInputCase("print-swift to a full stdout", ["--print-swift"], status: 74,
                         message: "cannot write to standard output: No space left on device", stdio: .stdoutFull),
            BadInputCase("list-scenes to a full stdout", ["--list-scenes"], status: 74,
                         message: "cannot write to standard output: No space left on device", stdio: .stdoutFull),
            BadInputCase("print-swift and timing to a full stdout", ["--print-swift", "--timing", "$S/t.json"], status: 74,
                         message: "cannot write to standard output", stdio: .stdoutFull),
            BadInputCase("full stdout unused", gif, status: 0, message: "", stdio: .stdoutFull, mayWrite: ["out.gif"]),
            // Help, the version and completion scripts to a full stdout were lost with exit 0.
            BadInputCase("help to a full stdout", ["--help"], status: 74,
                         message: "cannot write to standard output: No space left on device", stdio: .stdoutFull),
            BadInputCase("a subcommand's help to a full stdout", ["stitch", "--help"], status: 74,
                         message: "cannot write to standard output: No space left on device", stdio: .stdoutFull),
            BadInputCase("version to a full stdout", ["--version"], status: 74,
                         message: "cannot write to standard output: No space left on device", stdio: .stdoutFull),
            BadInputCase("completion script to a full stdout", ["--generate-completion-script", "bash"], status: 74,
                         message: "cannot write to standard output: No space left on device", stdio: .stdoutFull),
            BadInputCase("help to a closed stdout", ["help", "test"], status: 74,
                         message: "cannot write to standard output: it is closed", stdio: .stdoutClosed),
            // A closed stdout is reopened on /dev/null (so no file takes its number): the Swift code went nowhere, exit 0.
            BadInputCase("print-swift to a closed stdout", ["--print-swift"], status: 74,
                         message: "cannot write to standard output: it is closed", stdio: .stdoutClosed),
            BadInputCase("closed stdout unused", gif, status: 0, message: "", stdio: .stdoutClosed, mayWrite: ["out.gif"]),
        ]
    }()

    static let inputs: [BadInputCase] = {
        let gif = ["--out", "$S/previous.gif"] + fast
        func noInput(_ name: String, _ args: [String], _ message: String,
                     setup: @escaping (BadInputSandbox) throws -> Void = { _ in }) -> BadInputCase {
            BadInputCase(name, args, status: 66, message: message, setup: setup)
        }
        return [
            noInput("scene is a FIFO", ["--scene", "$S/f.json"] + gif, "--scene: '$S/f.json' is a FIFO \\(named pipe\\), not a scene file",
                    setup: { box in mkfifo(box.path("f.json"), 0o644) }),
            noInput("scene is /dev/null", ["--scene", "/dev/null"] + gif, "'/dev/null' is a character device, not a scene file"),
            noInput("scene is /dev/zero through a link", ["--scene", "$S/z.yaml"] + gif, "is a character device",
                    setup: { box in symlink("/dev/zero", box.path("z.yaml")) }),
            noInput("scene is /dev/stdin", ["--scene", "/dev/stdin"] + gif, "is a character device"),
            noInput("scene is a folder", ["--scene", "$S/folder"] + gif, "'$S/folder' is a directory, not a scene file"),
            noInput("scene is a folder by bare name", ["--scene", "folder"] + gif, "'folder' is a directory"),
            noInput("scene is a folder named .json", ["--scene", "$S/d.json"] + gif, "is a directory",
                    setup: { try $0.mkdir("d.json") }),
            noInput("scene is a socket", ["--scene", "$S/s.json"] + gif, "is a socket", setup: { try makeSocket($0.path("s.json")) }),
            noInput("scene is missing", ["--scene", "$S/nope.json"] + gif, "no such scene file '$S/nope.json'"),
            noInput("scene is a dangling link", ["--scene", "$S/dangling.json"] + gif, "no such scene file",
                    setup: { box in symlink("gone.json", box.path("dangling.json")) }),
            noInput("scene image missing", ["--scene", "$S/pic.json"] + gif, "the image of views\\[0\\].image '.*img.png' does not exist",
                    setup: { box in try writeImageScene(box); try FileManager.default.removeItem(atPath: box.path("img.png")) }),
            noInput("scene image is a folder", ["--scene", "$S/pic.json"] + gif, "is a directory, not a file",
                    setup: { box in try writeImageScene(box); try FileManager.default.removeItem(atPath: box.path("img.png")); try box.mkdir("img.png") }),
            noInput("scene image is a FIFO", ["--scene", "$S/pic.json"] + gif, "is a FIFO",
                    setup: { box in try writeImageScene(box); try FileManager.default.removeItem(atPath: box.path("img.png")); mkfifo(box.path("img.png"), 0o644) }),
            // A goldens folder that cannot be searched is refused before any scene is played, not taken for goldens
            // still to record.
            {
                var c = noInput("test with a goldens folder it cannot search", ["test", "$S/scene.json"],
                                "^the goldens folder '$S/goldens': cannot read it \\(Permission denied\\)$",
                                setup: { box in try box.mkdir("goldens"); chmod(box.path("goldens"), 0o600) })
                c.unprivileged = true
                return c
            }(),
            // A goldens folder that is a loop of links was taken for one not there yet: every golden NEW.
            noInput("test with a goldens folder that is a link loop", ["test", "$S/scene.json", "--goldens", "$S/loop"],
                    "^--goldens '$S/loop': it is a symbolic link that leads nowhere \\(links loop\\), not a folder$",
                    setup: { box in _ = symlink("loop", box.path("loop")) }),
            // A goldens path through a file was taken for one not there yet: every golden NEW.
            noInput("test with a goldens folder under a file", ["test", "$S/scene.json", "--goldens", "$S/sibling.txt/g"],
                    "^--goldens '$S/sibling.txt/g': '$S/sibling.txt' in its path is a file, not a folder$"),
            BadInputCase("test --record into a goldens folder under a file", ["test", "$S/scene.json", "--goldens", "$S/sibling.txt/g", "--record"],
                         status: 73, message: "^--goldens '$S/sibling.txt/g': '$S/sibling.txt' in its path is a file, not a folder$"),
            BadInputCase("test --record into a goldens folder beside the scene that is a link loop", ["test", "$S/scene.json", "--record"],
                         status: 73, message: "^the goldens folder '$S/goldens': it is a symbolic link that leads nowhere \\(links loop\\), not a folder$",
                         setup: { box in _ = symlink("goldens", box.path("goldens")) }),
            noInput("stitch folder missing", ["stitch", "$S/nope", "--out", "$S/previous.gif"], "stitch: '$S/nope' does not exist"),
            noInput("stitch folder is a file", ["stitch", "$S/sibling.txt", "--out", "$S/previous.gif"], "is a file, not a folder of PNG frames"),
            noInput("stitch folder is a FIFO", ["stitch", "$S/p", "--out", "$S/previous.gif"], "is a FIFO",
                    setup: { box in mkfifo(box.path("p"), 0o644) }),
            noInput("stitch folder is a device", ["stitch", "/dev/null", "--out", "$S/previous.gif"], "is a character device"),
            // A loop of links was "does not exist".
            noInput("stitch folder is a link loop", ["stitch", "$S/loop1", "--out", "$S/previous.gif"],
                    "^stitch: '$S/loop1' is a symbolic link that leads nowhere \\(links loop\\)$",
                    setup: { box in _ = symlink(box.path("loop2"), box.path("loop1")); _ = symlink(box.path("loop1"), box.path("loop2")) }),
            noInput("stitch folder holds no frames", ["stitch", "$S/empty", "--out", "$S/previous.gif"], "the folder '$S/empty' has no .png frames",
                    setup: { try $0.mkdir("empty") }),
        ]
    }()

    static let messages: [BadInputCase] = {
        let gif = ["--out", "$S/out.gif"] + fast
        return [
            BadInputCase("escape in an output name", ["--out", "$S/x\u{1B}[31mred.avi"], status: 64, message: #"x\\e\[31mred\.avi"#),
            BadInputCase("newline in an output name", ["--out", "$S/two\nlines.gif", "--sort", "nope"], status: 64, message: "--sort"),
            BadInputCase("newline in a missing folder", ["--out", "$S/no\ndir/x.gif"] + fast, status: 73, message: #"no\\ndir"#),
            BadInputCase("escape in a sort name", ["--sort", "\u{1B}]0;title\u{07}"] + gif, status: 64, message: #"\\e\]0;title\\u\{7\}"#),
            BadInputCase("bell in a scene name", ["--scene", "$S/a\u{07}b.json"] + gif, status: 66, message: #"a\\u\{7\}b\.json"#),
            BadInputCase("C1 control in an exclude id", ["--exclude", "tile\u{9B}2J"] + gif, status: 64, message: #"tile\\u\{9B\}2J"#),
            BadInputCase("carriage return in a flag value", ["--ease", "ease\rIn"] + gif, status: 64, message: #"ease\\rIn"#),
            BadInputCase("escape in an unknown flag", ["--so\u{1B}[2Jrt", "x"] + gif, status: 64, message: #"\\e\[2J"#),
            BadInputCase("newline in a view id stays inside the Swift string", ["--scene", "$S/ids.json", "--exclude", "a\nb", "--print-swift"],
                         status: 0, message: "",
                         setup: { box in
                             try box.write("ids.json", #"{"canvas": {"width": 40, "height": 40}, "views": [{"id": "a\nb", "frame": [0, 0, 10, 10]}, {"id": "c\u001b[2J", "frame": [10, 10, 20, 20], "subviews": [{"id": "d", "frame": [0, 0, 5, 5]}]}], "choreography": [{"target": null, "sort": "linear"}, {"target": "c\u001b[2J"}]}"#)
                         },
                         verify: { box in
                             let code = (try? String(contentsOf: box.root.appendingPathComponent("stdout"), encoding: .utf8)) ?? ""
                             if !code.contains(#"["a\nb"]"#) { return "the id is not escaped in the Swift: \(code.debugDescription)" }
                             if code.contains("\u{1B}") { return "a raw escape reached the Swift code" }
                             if code.split(separator: "\n").contains(where: { $0.hasPrefix("b") }) { return "an id broke a line: \(code)" }
                             return nil
                         }),
            // Point 10: GIF rates as the help lists them.
            BadInputCase("gif at 33.33 fps", ["--fps", "33.33"] + gif, status: 0, message: "", mayWrite: ["out.gif"],
                         verify: { box in gifDelaysProblem(box, "out.gif", all: 3) }),
            BadInputCase("gif at 16.67 fps", ["--fps", "16.67"] + gif, status: 0, message: "", mayWrite: ["out.gif"],
                         verify: { box in gifDelaysProblem(box, "out.gif", all: 6) }),
            BadInputCase("gif at 14.29 fps", ["--fps", "14.29"] + gif, status: 0, message: "", mayWrite: ["out.gif"],
                         verify: { box in gifDelaysProblem(box, "out.gif", all: 7) }),
            BadInputCase("stitch gif at 33.33 fps", ["stitch", "$S/frames", "--fps", "33.33", "--out", "$S/out.gif", "-q"], status: 0,
                         message: "", setup: writeFrames, mayWrite: ["out.gif"], verify: { box in gifDelaysProblem(box, "out.gif", all: 3) }),
            BadInputCase("gif at 33.3 fps", ["--fps", "33.3"] + gif, status: 64, message: "--fps: GIF needs 100/k fps .* use --fps 33.33$"),
            BadInputCase("gif at 30 fps", ["--fps", "30"] + gif, status: 64, message: "use --fps 33.33$"),
            BadInputCase("gif at 60 fps", ["--fps", "60"] + gif, status: 64, message: "use --fps 50$"),
            BadInputCase("gif at 15 fps", ["--fps", "15"] + gif, status: 64, message: "use --fps 14.29$"),
            // A frame that cannot be read was 70 after the encoder had started (no signature), 74 ("I/O error": a
            // FIFO, a header over the limits) or 70 (truncated); a link to a frame was refused. Now 66, naming the
            // frame, and every header is read before the encoder starts.
            BadInputCase("stitch with a junk frame", ["stitch", "$S/frames", "--out", "$S/out.gif", "-q"], status: 66,
                         message: "^cannot read frame 'frame_9.png': it is not a PNG \\(no PNG signature and header\\)$",
                         setup: { box in try writeFrames(box); try box.write("frames/frame_9.png", "junk") }),
            BadInputCase("stitch with a truncated frame", ["stitch", "$S/frames", "--out", "$S/out.gif", "-q"], status: 66,
                         message: "^cannot read frame 'frame_9.png': truncated or corrupt PNG data$",
                         setup: { box in try writeFrames(box); try box.write("frames/frame_9.png", tinyPNG.prefix(40)) }),
            // A frame of another size was 64 ("invalid frame format"), as if a flag were wrong.
            BadInputCase("stitch with a frame of another size", ["stitch", "$S/frames", "--out", "$S/out.gif", "-q"], status: 66,
                         message: "^cannot read frame 'frame_9.png': it is 4x5, the first frame is 4x4; every frame must have the first one's size$",
                         setup: { box in try writeFrames(box); try box.write("frames/frame_9.png", tinyPNG(declaring: (4, 5))) }),
            BadInputCase("stitch with a FIFO frame", ["stitch", "$S/frames", "--out", "$S/out.gif", "-q"], status: 66,
                         message: "^cannot read frame 'frame_9.png': a FIFO \\(named pipe\\), not a regular file$",
                         setup: { box in try writeFrames(box); mkfifo(box.path("frames/frame_9.png"), 0o644) }),
            BadInputCase("stitch with a frame declaring 20000 pixels a side", ["stitch", "$S/frames", "--out", "$S/out.gif", "-q"], status: 66,
                         message: "^cannot read frame 'frame_9.png': the image is 20000×4 pixels; at most 16384 per side",
                         setup: { box in try writeFrames(box); try box.write("frames/frame_9.png", tinyPNG(declaring: (20000, 4))) }),
            BadInputCase("stitch with a link to a folder as a frame", ["stitch", "$S/frames", "--out", "$S/out.gif", "-q"], status: 66,
                         message: "^cannot read frame 'frame_9.png': a directory, not a regular file$",
                         setup: { box in try writeFrames(box); try box.mkdir("sub"); _ = symlink(box.path("sub"), box.path("frames/frame_9.png")) }),
            // A link to nothing (a relative link read from the wrong folder) was "no such file", though the frame is listed.
            BadInputCase("stitch with a frame linking to nothing", ["stitch", "$S/frames", "--out", "$S/out.gif", "-q"], status: 66,
                         message: "^cannot read frame 'frame_9.png': a symbolic link that leads nowhere \\(what it names does not exist\\)$",
                         setup: { box in try writeFrames(box); _ = symlink("sub", box.path("frames/frame_9.png")) }),
            BadInputCase("stitch with a linked frame", ["stitch", "$S/frames", "--fps", "25", "--out", "$S/out.gif", "-q"], status: 0,
                         message: "", setup: { box in try writeFrames(box); symlink("frame_2.png", box.path("frames/frame_9.png")) },
                         mayWrite: ["out.gif"], verify: { box in gifDelaysProblem(box, "out.gif", all: 4) }),
            BadInputCase("stitch gif at 24 fps", ["stitch", "$S/frames", "--fps", "24", "--out", "$S/out.gif"], status: 64,
                         message: "use --fps 25$", setup: writeFrames),
        ]
    }()

    /// nil when every frame of the GIF has a delay of `all` centiseconds.
    static func gifDelaysProblem(_ box: BadInputSandbox, _ name: String, all delay: Int) -> String? {
        guard let data = FileManager.default.contents(atPath: box.path(name)) else { return "no \(name)" }
        let d = [UInt8](data)
        var delays: [Int] = []
        for i in 0..<(d.count - 5) where d[i] == 0x21 && d[i + 1] == 0xF9 && d[i + 2] == 4 { delays.append(Int(d[i + 4]) | Int(d[i + 5]) << 8) }
        return !delays.isEmpty && delays.allSatisfy({ $0 == delay }) ? nil : "delays \(Set(delays)), expected all \(delay)"
    }
}
