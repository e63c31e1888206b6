import Foundation

/// Outputs that would destroy what render-gif did not write, outputs that are inputs, and outputs that cannot be
/// created: refused before any work with exit 73 (64 for a canvas the encoder cannot take and for an output named `-`),
/// canaries untouched.
extension BadInputCases {
    static let paths: [BadInputCase] = {
        func refused(_ name: String, _ args: [String], _ message: String,
                     setup: @escaping (BadInputSandbox) throws -> Void = { _ in }) -> BadInputCase {
            BadInputCase(name, args + (args.first == "stitch" ? ["-q"] : fast), status: 73, message: message, setup: setup)
        }
        func dash(_ name: String, _ args: [String], _ option: String) -> BadInputCase {
            BadInputCase(name, args, status: 64,
                         message: "^\(option) '-': render-gif writes files, not standard output; write '\\./-' for a file named '-'$")
        }
        let scene = ["--scene", "$S/scene.json"]
        let gif = ["--out", "$S/out.gif"]
        let notOurs = "did not create"
        return [
            // Point 1: frames folders and files never replace the user's things.
            refused("frames into a user's folder", ["--out", "$S/folder/"], "--out '$S/folder/': .*\(notOurs)"),
            refused("frames into a user's folder without slash", ["--out", "$S/folder", "--format", "frames"], notOurs),
            refused("frames into the working directory", ["--out", "./"], "--out './': does not name"),
            refused("out dot", ["--out", "."], "--out '.': does not name"),
            refused("out dot dot", ["--out", ".."], "does not name"),
            refused("out folder slash dot dot", ["--out", "$S/folder/.."], "does not name"),
            refused("out empty", ["--out", ""], "--out '': does not name"),
            refused("timing empty", ["--timing", ""], "--timing '': does not name"),
            refused("sheet empty", ["--sheet", ""] + gif, "--sheet '': does not name"),
            refused("stitch out empty", ["stitch", "$S/folder", "--out", ""], "does not name"),
            // A bare `-` is standard output to other tools; render-gif writes files only (64), and `./-` is a file.
            dash("out dash", ["--out", "-"] + fast, "--out"),
            dash("out dash with a format", ["--out", "-", "--format", "gif"] + fast, "--out"),
            dash("timing dash", ["--timing", "-"] + fast, "--timing"),
            dash("lottie dash", ["--lottie", "-"] + fast, "--lottie"),
            dash("sheet dash", ["--sheet", "-"] + gif + fast, "--sheet"),
            dash("stitch out dash", ["stitch", "$S/folder", "--out", "-", "-q"], "--out"),
            dash("join out dash", ["join", "$S/p1.mp4", "$S/p2.mp4", "--out", "-"], "--out"),
            dash("compare out dash", ["compare", "$S/scene.json", "$S/scene.json", "--out", "-", "-q"], "--out"),
            dash("test report dash", ["test", "$S/scene.json", "--report", "-"], "--report"),
            dash("test goldens dash", ["test", "$S/scene.json", "--record", "--goldens", "-"], "--goldens"),
            dash("batch report dash", ["batch", "$S/m.yaml", "--report", "-"], "--report"),
            BadInputCase("timing into a file named dash", ["--timing", "./-"] + fast, status: 0, message: "", mayWrite: ["-"]),
            BadInputCase("gif into a file named dash", ["--out", "./-", "--format", "gif"] + fast, status: 0, message: "", mayWrite: ["-"]),
            refused("frames into a file", ["--out", "$S/sibling.txt", "--format", "frames"], "is a file, not a directory"),
            refused("gif over a directory", ["--out", "$S/dir.gif"], "is a directory", setup: { try $0.mkdir("dir.gif/x") }),
            refused("mp4 over a directory", ["--out", "$S/dir.mp4"], "is a directory", setup: { try $0.mkdir("dir.mp4") }),
            refused("webm over a directory", ["--out", "$S/dir.webm"], "is a directory", setup: { try $0.mkdir("dir.webm") }),
            refused("png over a directory", ["--out", "$S/dir.png"], "is a directory", setup: { try $0.mkdir("dir.png/x") }),
            refused("timing over a directory", ["--timing", "$S/folder"], "--timing '$S/folder': .*is a directory"),
            // A name ending in '/' names a folder: the file of that name is not replaced.
            refused("gif named as a folder", ["--out", "$S/sibling.txt/", "--format", "gif"],
                    "--out '$S/sibling.txt/': a name ending in '/' is a folder's"),
            refused("timing named as a folder", ["--timing", "$S/sibling.txt/"], "--timing '$S/sibling.txt/': a name ending in '/'"),
            refused("sheet named as a folder", ["--sheet", "$S/sheet.png/"] + gif, "--sheet '$S/sheet.png/': a name ending in '/'"),
            refused("sheet over a directory", ["--sheet", "$S/dir.png"] + gif, "--sheet .*is a directory", setup: { try $0.mkdir("dir.png") }),
            refused("chart over a directory", ["--timing-chart", "$S/dir.png"] + gif, "--timing-chart .*is a directory",
                    setup: { try $0.mkdir("dir.png") }),
            refused("frames folder with a stranger's frame", ["--out", "$S/mine/"], "frame_00099.png, which render-gif did not write",
                    setup: { box in
                        try box.write("mine/frame_00000.png", "old frame")
                        try box.write("mine/frame_00099.png", "someone else's frame")
                        try FramesManifestText.write(["frame_00000.png"], in: box, "mine")
                    }),
            refused("frames folder with a forged manifest header", ["--out", "$S/fake/"], notOurs,
                    setup: { box in
                        try box.write("fake/.render-gif-frames", "not a manifest\nkeep.txt\n")
                        try box.write("fake/keep.txt", "keep")
                    }),
            // A manifest planted beside the user's files (an archive, a checkout) named them without the identity
            // of files render-gif wrote: keep.txt was deleted and frame_00000.png replaced. Earlier formats count
            // as no manifest; a listing whose inode, size or time does not match is not render-gif's file.
            refused("frames folder with a manifest of the first format", ["--out", "$S/old/"], notOurs,
                    setup: { box in
                        try box.write("old/keep.txt", "keep")
                        try box.write("old/.render-gif-frames", "# render-gif frames folder: the files listed below were written by "
                                      + "render-gif and are replaced by its next render here.\nkeep.txt\n")
                    }),
            refused("frames folder listing a user's frame by another identity", ["--out", "$S/planted/"],
                    "frame_00000.png, which render-gif did not write",
                    setup: { box in
                        try box.write("planted/frame_00000.png", "the user's drawing")
                        try box.write("planted/.render-gif-frames", FramesManifestText.header + "\nframe_00000.png\t1\t18\t0.000000000\n")
                    }),
            // Point 1: special files.
            refused("gif over /dev/null", ["--out", "/dev/null", "--format", "gif"], "--out '/dev/null': it is a character device"),
            refused("mp4 over /dev/full", ["--out", "/dev/full", "--format", "mp4"], "character device"),
            refused("timing over /dev/null", ["--timing", "/dev/null"], "--timing '/dev/null': it is a character device"),
            refused("sheet through a link to /dev/zero", ["--sheet", "$S/zero.png"] + gif, "--sheet '$S/zero.png': it is a character device",
                    setup: { box in symlink("/dev/zero", box.path("zero.png")) }),
            refused("gif over a FIFO", ["--out", "$S/pipe.gif"], "it is a FIFO", setup: { box in mkfifo(box.path("pipe.gif"), 0o644) }),
            refused("png over a FIFO", ["--out", "$S/pipe.png"], "it is a FIFO", setup: { box in mkfifo(box.path("pipe.png"), 0o644) }),
            refused("timing over a FIFO", ["--timing", "$S/pipe.json"], "FIFO", setup: { box in mkfifo(box.path("pipe.json"), 0o644) }),
            refused("chart over a FIFO", ["--timing-chart", "$S/pipe.png"] + gif, "FIFO", setup: { box in mkfifo(box.path("pipe.png"), 0o644) }),
            refused("mp4 over a socket", ["--out", "$S/sock.mp4"], "it is a socket", setup: { try makeSocket($0.path("sock.mp4")) }),
            refused("gif through a link to a device", ["--out", "$S/null.gif"], "character device",
                    setup: { box in symlink("/dev/null", box.path("null.gif")) }),
            refused("frames over a FIFO", ["--out", "$S/pipe/"], "FIFO", setup: { box in mkfifo(box.path("pipe"), 0o644) }),
            // Point 2: outputs that are inputs.
            refused("timing is the scene", scene + ["--timing", "$S/scene.json"], "--timing '$S/scene.json': it is the scene file"),
            refused("timing is the scene through ..", scene + ["--timing", "$S/folder/../scene.json"], "it is the scene file"),
            refused("timing is the scene through a link", scene + ["--timing", "$S/alias.json"],
                    "^--timing '$S/alias.json': it is the scene file '$S/scene.json';",
                    setup: { box in symlink("scene.json", box.path("alias.json")) }),
            refused("timing is the scene through a linked folder", scene + ["--timing", "$S/linked/scene.json"], "it is the scene file",
                    setup: { box in symlink(box.url.path, box.path("linked")) }),
            refused("timing is a hard link of the scene", scene + ["--timing", "$S/hard.json"], "it is the scene file",
                    setup: { box in link(box.path("scene.json"), box.path("hard.json")) }),
            refused("timing is the scene by relative path", scene + ["--timing", "scene.json"], "it is the scene file"),
            refused("sheet is the scene's image", ["--scene", "$S/pic.json", "--sheet", "$S/img.png"] + gif,
                    "--sheet '$S/img.png': it is the image of views\\[0\\].image", setup: writeImageScene),
            refused("out is the scene's image", ["--scene", "$S/pic.json", "--out", "$S/img.png"], "it is the image of views",
                    setup: writeImageScene),
            refused("chart is the scene's image through ..", ["--scene", "$S/pic.json", "--timing-chart", "$S/folder/../img.png"] + gif,
                    "it is the image of views", setup: writeImageScene),
            refused("stitch into its own folder", ["stitch", "$S/frames", "--fps", "25", "--out", "$S/frames/"],
                    "it is the stitch folder", setup: writeFrames),
            refused("stitch into its own folder through ..", ["stitch", "$S/frames", "--fps", "25", "--out", "$S/folder/../frames", "--format", "frames"],
                    "it is the stitch folder", setup: writeFrames),
            refused("stitch output inside its folder", ["stitch", "$S/frames", "--fps", "25", "--out", "$S/frames/x.gif"],
                    "it is inside the stitch folder '$S/frames'$", setup: writeFrames),
            refused("stitch frames into a user's folder", ["stitch", "$S/frames", "--fps", "25", "--out", "$S/folder/"], notOurs,
                    setup: writeFrames),
            // Point 2: two outputs on one path.
            refused("sheet and chart on one path", ["--sheet", "$S/a.png", "--timing-chart", "$S/a.png"] + gif,
                    "--sheet and --timing-chart both write '$S/a.png'"),
            refused("out and sheet on one path", ["--out", "$S/a.png", "--sheet", "$S/./a.png"], "--out and --sheet both write"),
            refused("out and lottie on one path", ["--out", "$S/a.gif", "--lottie", "$S/a.gif"], "--out and --lottie both write '$S/a.gif'"),
            refused("out and chart through ..", ["--out", "$S/a.png", "--timing-chart", "$S/folder/../a.png"], "--out and --timing-chart both write"),
            refused("sheet and chart through a link", ["--sheet", "$S/a.png", "--timing-chart", "$S/b.png"] + gif, "both write",
                    setup: { box in try box.write("a.png", "x"); symlink("a.png", box.path("b.png")) }),
            // A file written into the frames folder took a frame's name or the manifest's (exit 0, a corrupt folder).
            refused("timing as a frame of the frames folder", ["--out", "$S/f/", "--timing", "$S/f/frame_00000.png"],
                    "--timing '$S/f/frame_00000.png': it is inside the frames folder of --out '$S/f/'; write it beside the folder"),
            refused("sheet inside the frames folder", ["--out", "$S/f/", "--sheet", "$S/f/frame_00001.png"], "--sheet .*inside the frames folder"),
            refused("timing as the frames folder's manifest", ["--out", "$S/f/", "--timing", "$S/f/.render-gif-frames"],
                    "inside the frames folder", setup: { try $0.mkdir("f") }),
            refused("chart inside a frames folder still to be made", ["--timing-chart", "$S/g/c.png", "--out", "$S/g/"],
                    "--timing-chart '$S/g/c.png': it is inside the frames folder"),
            // Point 2: names, parents.
            refused("name too long", ["--out", "$S/" + String(repeating: "a", count: 300) + ".gif"], "longer than the file system's 255 bytes"),
            refused("timing name too long", ["--timing", "$S/" + String(repeating: "é", count: 200) + ".json"], "longer than"),
            refused("missing parent", ["--out", "$S/nope/x.gif"], "--out '$S/nope/x.gif': directory .*nope does not exist"),
            refused("missing parent of frames", ["--out", "$S/nope/frames/"], "does not exist"),
            refused("timing missing parent", ["--timing", "$S/nope/t.json"], "--timing .*does not exist"),
            refused("sheet missing parent", ["--sheet", "$S/nope/s.png"] + gif, "--sheet .*does not exist"),
            refused("chart missing parent", ["--timing-chart", "$S/nope/c.png"] + gif, "--timing-chart .*does not exist"),
            refused("parent is a file", ["--out", "$S/sibling.txt/x.gif"], "is not a directory"),
            refused("unwritable parent", ["--out", "/proc/x.gif"], "--out '/proc/x.gif': directory /proc is not writable"),
            refused("unwritable parent of timing", ["--timing", "/sys/t.json"], "not writable"),
            refused("stitch unwritable parent", ["stitch", "$S/frames", "--fps", "25", "--out", "/proc/x.mp4"], "not writable",
                    setup: writeFrames),
            // Point 2: canvases the encoder cannot take (x264: 16384 a side; ffmpeg: (w+128)(h+128) < 2^28); the
            // 2^26-pixel frame limit of SceneLimits (point 4) refuses the largest of them first.
            BadInputCase("mp4 canvas 16384 square", ["--size", "16384x16384", "--out", "$S/x.mp4"], status: 64,
                         message: "--size/--scale: 16384×16384 pixels(;| is too large for ffmpeg).*"),
            BadInputCase("gif canvas 16384x16200", ["--size", "16384x16200", "--out", "$S/x.gif"], status: 64, message: "too large for ffmpeg|pixels in all"),
            BadInputCase("frames canvas 16300x16300", ["--size", "16300x16300", "--out", "$S/f/"], status: 64, message: "too large for ffmpeg|pixels in all"),
            BadInputCase("mp4 canvas over 16384 by scale", ["--size", "8200x100", "--scale", "2", "--out", "$S/x.mp4"], status: 64,
                         message: "--size/--scale"),
            // Point 1: what a frames folder may go into, and what is replaced there (exit 0).
            BadInputCase("frames into a new folder", ["--out", "$S/new/"] + scene + fast, status: 0, message: "",
                         mayWrite: ["new"], verify: { box in framesProblem(box, "new", notes: nil) }),
            BadInputCase("frames into an empty folder", ["--out", "$S/empty/"] + scene + fast, status: 0, message: "",
                         mayWrite: ["empty"], verify: { box in framesProblem(box, "empty", notes: nil) }),
            // The break-it pass's finding: keep.txt, listed by a planted manifest, was deleted by the render.
            BadInputCase("frames into a folder whose manifest lists the user's file", ["--out", "$S/kept/"] + scene + fast, status: 0,
                         message: "",
                         setup: { box in
                             try box.write("kept/keep.txt", "mine")
                             try box.write("kept/.render-gif-frames", FramesManifestText.header + "\nkeep.txt\t1\t4\t0.000000000\n")
                         },
                         mayWrite: ["kept"],
                         verify: { box in
                             (try? String(contentsOfFile: box.path("kept/keep.txt"), encoding: .utf8)) == "mine" ? nil : "keep.txt was touched"
                         }),
            // A link to nothing was refused only by the final rename, after the film was drawn (and the film written).
            refused("sheet through a link to nothing", ["--sheet", "$S/dangling.png"] + gif, "--sheet '$S/dangling.png': it is a symbolic link that leads nowhere",
                    setup: { box in try FileManager.default.createSymbolicLink(atPath: box.path("dangling.png"), withDestinationPath: box.path("nowhere.png")) }),
            refused("frames through a link to nothing", ["--out", "$S/dangling/"], "--out '$S/dangling/': it is a symbolic link that leads nowhere",
                    setup: { box in try FileManager.default.createSymbolicLink(atPath: box.path("dangling"), withDestinationPath: box.path("nowhere")) }),
            refused("timing through a link loop", ["--timing", "$S/loop1"] + gif, "--timing '$S/loop1': it is a symbolic link that leads nowhere",
                    setup: { box in
                        try FileManager.default.createSymbolicLink(atPath: box.path("loop1"), withDestinationPath: box.path("loop2"))
                        try FileManager.default.createSymbolicLink(atPath: box.path("loop2"), withDestinationPath: box.path("loop1"))
                    }),
            // --curves had its own check first: 74, and another wording.
            refused("curves into a missing folder", ["--curves", "$S/nodir/c.svg"] + gif, "--curves '$S/nodir/c.svg': directory .*nodir does not exist"),
            refused("curves inside the frames folder", ["--out", "$S/fresh/", "--curves", "$S/fresh/c.svg"], "--curves '$S/fresh/c.svg': it is inside the frames folder"),
            // A scene's image inside the frames folder being written was replaced, and removed when the film was shorter.
            refused("frames over the scene's image", ["--scene", "$S/imaged.json", "--out", "$S/mine/"], "--out '$S/mine/': it holds the image of views\\[0\\].image",
                    setup: { box in
                        try box.write("mine/frame_00003.png", try Data(contentsOf: CLI.packageRoot.appendingPathComponent("fixtures/images/testcard.png")))
                        try FramesManifestText.write(["frame_00003.png"], in: box, "mine")
                        try box.write("imaged.json", #"{"canvas": {"width": 40, "height": 40}, "views": [{"type": "image", "image": "mine/frame_00003.png", "frame": [5, 5, 30, 30]}]}"#)
                    }),
            BadInputCase("frames again into render-gif's folder", ["--out", "$S/mine/"] + scene + fast, status: 0, message: "",
                         setup: { box in
                             var names: [String] = []
                             for i in 0..<300 { names.append(String(format: "frame_%05d.png", i)); try box.write("mine/" + names.last!, "old") }
                             try FramesManifestText.write(names, in: box, "mine")
                             try box.write("mine/notes.txt", "the user's notes")
                             try box.write("mine/sub/frame_00001.png", "a user's subfolder")
                         },
                         mayWrite: ["mine"], verify: { box in framesProblem(box, "mine", notes: "the user's notes") }),
            // The report, written once the items ran, replaced the scene file an item had just read.
            BadInputCase("batch report onto an item's scene file", ["batch", "$S/m.json", "--report", "$S/scene.json"], status: 73,
                         message: "^--report '$S/scene.json': it is read by items\\[0\\] \\(its scene or an image\\); writing there would destroy an input$",
                         setup: { box in try box.write("m.json", #"{"items": [{"scene": "scene.json", "out": "out.gif"}]}"#) }),
            // The item over whose out the report went failed, and the report then replaced the user's file there.
            BadInputCase("batch report onto an item's out", ["batch", "$S/m.json", "--report", "$S/mine.gif"], status: 73,
                         message: "^--report '$S/mine.gif': it is items\\[1\\]'s out 'mine.gif'; writing there would destroy that item's output$",
                         setup: { box in
                             try box.write("mine.gif", "the user's film")
                             try box.write("m.json", #"{"items": [{"scene": "grid", "out": "a.gif"}, {"scene": "grid", "out": "mine.gif"}]}"#)
                         }),
            BadInputCase("batch report onto an item's --timing", ["batch", "$S/m.json", "--report", "$S/t.json"], status: 73,
                         message: "^--report '$S/t.json': it is items\\[0\\]'s --timing 't.json'; writing there would destroy that item's output$",
                         setup: { box in
                             try box.write("t.json", "the user's timing")
                             try box.write("m.json", #"{"items": [{"scene": "grid", "out": "a.gif", "flags": ["--timing", "t.json"]}]}"#)
                         }),
            BadInputCase("batch report inside an item's folder of frames", ["batch", "$S/m.json", "--report", "$S/f/r.json"], status: 73,
                         message: "^--report '$S/f/r.json': it and items\\[0\\]'s out 'f/' are one inside the other; give the report its own place$",
                         setup: { box in
                             try FileManager.default.createDirectory(at: box.url.appendingPathComponent("f"), withIntermediateDirectories: true)
                             try box.write("m.json", #"{"items": [{"scene": "grid", "out": "f/"}]}"#)
                         }),
        ]
    }()

    /// nil when `folder` holds only fresh frames (no "old" one left), the manifest listing exactly them, and the
    /// user's `notes.txt` (and subfolder) untouched.
    static func framesProblem(_ box: BadInputSandbox, _ folder: String, notes: String?) -> String? {
        let dir = box.url.appendingPathComponent(folder)
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []).sorted()
        let frames = names.filter { $0.hasPrefix("frame_") }
        guard !frames.isEmpty, frames.first == "frame_00000.png" else { return "no frames in \(folder): \(names)" }
        for f in frames where (FileManager.default.contents(atPath: dir.appendingPathComponent(f).path) ?? Data()).prefix(4) != Data([0x89, 0x50, 0x4E, 0x47]) {
            return "\(folder)/\(f) is not a fresh PNG frame"
        }
        guard let manifest = try? String(contentsOf: dir.appendingPathComponent(".render-gif-frames"), encoding: .utf8) else {
            return "no manifest in \(folder)"
        }
        if manifest.split(separator: "\n").dropFirst().map({ String($0.prefix { $0 != "\t" }) }) != frames {
            return "manifest does not list exactly the frames"
        }
        let expected = [".render-gif-frames"] + frames + (notes == nil ? [] : ["notes.txt", "sub"])
        if names != expected { return "\(folder) holds \(names)" }
        if let notes {
            if (try? String(contentsOf: dir.appendingPathComponent("notes.txt"), encoding: .utf8)) != notes { return "notes.txt changed" }
            if (try? String(contentsOf: dir.appendingPathComponent("sub/frame_00001.png"), encoding: .utf8)) != "a user's subfolder" {
                return "sub/frame_00001.png changed"
            }
        }
        return nil
    }

    /// A scene with one image view reading `img.png` beside it.
    static func writeImageScene(_ box: BadInputSandbox) throws {
        try box.write("img.png", tinyPNG)
        try box.write("pic.json", #"{"canvas": {"width": 40, "height": 40}, "views": [{"id": "pic", "type": "image", "image": "img.png", "frame": [0, 0, 40, 40]}], "choreography": {"animationDuration": 0.1}, "timeline": {"hold": 0}}"#)
    }

    /// A folder `frames` of three 4×4 PNG frames.
    static func writeFrames(_ box: BadInputSandbox) throws {
        for i in 0..<3 { try box.write("frames/frame_\(i).png", tinyPNG) }
    }

    /// `tinyPNG` with another size in its header (the pixels stay 4×4: read as the header says, they are corrupt).
    static func tinyPNG(declaring size: (width: UInt32, height: UInt32)) -> Data {
        var png = tinyPNG
        png.replaceSubrange(16..<24, with: [size.width, size.height].flatMap { v in (0..<4).map { UInt8(truncatingIfNeeded: v >> (24 - 8 * $0)) } })
        return png
    }

    /// A valid 4×4 opaque PNG (written once by ffmpeg, kept as bytes).
    static let tinyPNG = Data(base64Encoded: "iVBORw0KGgoAAAANSUhEUgAAAAQAAAAECAIAAAAmkwkpAAAAEUlEQVR4nGNY+WELHDEQxwEAvNEk0cVyCkgAAAAASUVORK5CYII=")!

    /// The manifest as render-gif writes it: its header line, then each file with its inode, size and modification
    /// time, as a render that wrote the files would have left it.
    enum FramesManifestText {
        static let header = "# render-gif frames folder, version 2: the files below (name, inode, size, modification time) "
            + "were written by render-gif and are replaced by its next render here while they are unchanged."

        static func write(_ names: [String], in box: BadInputSandbox, _ folder: String) throws {
            let lines = try names.map { name -> String in
                var st = stat()
                guard lstat(box.path(folder + "/" + name), &st) == 0 else { throw CocoaError(.fileNoSuchFile) }
                return "\(name)\t\(st.st_ino)\t\(st.st_size)\t\(st.st_mtim.tv_sec).\(String(format: "%09d", st.st_mtim.tv_nsec))"
            }
            try box.write(folder + "/.render-gif-frames", ([header] + lines).joined(separator: "\n") + "\n")
        }
    }

    static func makeSocket(_ path: String) throws {
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            let bytes = Array(path.utf8.prefix(raw.count - 1))
            raw.copyBytes(from: bytes + [0])
        }
        let rc = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        close(fd)
        guard rc == 0 else { throw BadInputError("cannot bind a socket at \(path)") }
    }
}
