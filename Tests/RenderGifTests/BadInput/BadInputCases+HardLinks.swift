import Foundation

/// An output that is an input under another name (a hard link): refused like the input itself (73), by device and
/// inode, wherever render-gif refuses to write over an input.
extension BadInputCases {
    static let hardLinks: [BadInputCase] = {
        func linked(_ name: String, to target: String) -> (BadInputSandbox) throws -> Void {
            { box in
                guard link(box.path(target), box.path(name)) == 0 else { throw BadInputError("cannot link \(name) to \(target)") }
            }
        }
        let stitch = ["stitch", "$S/frames", "--fps", "25", "-q", "--out"]
        let isFrame = "^--out '$S/out.%@': it is 'frame_1.png' of the stitch folder \\(a hard link to it\\); writing there would destroy an input$"
        return [
            // stitch compared its output with the folder's path only.
            BadInputCase("stitch gif onto a hard link of a frame", stitch + ["$S/out.gif"], status: 73, message: String(format: isFrame, "gif"),
                         setup: { box in try writeFrames(box); try linked("out.gif", to: "frames/frame_1.png")(box) }),
            BadInputCase("stitch mp4 onto a hard link of a frame", stitch + ["$S/out.mp4"], status: 73, message: String(format: isFrame, "mp4"),
                         setup: { box in try writeFrames(box); try linked("out.mp4", to: "frames/frame_1.png")(box) }),
            BadInputCase("render out onto a hard link of the scene", ["--scene", "$S/scene.json", "--out", "$S/hard.gif"] + fast, status: 73,
                         message: "^--out '$S/hard.gif': it is the scene file '$S/scene.json';", setup: linked("hard.gif", to: "scene.json")),
            BadInputCase("join out onto a hard link of a part", ["join", "$S/p1.mp4", "$S/p2.mp4", "--out", "$S/j.mp4"], status: 73,
                         message: "^--out '$S/j.mp4': it is the part '$S/p2.mp4';",
                         setup: { box in try writeParts(box, "mp4"); try linked("j.mp4", to: "p2.mp4")(box) }),
            BadInputCase("batch report onto a hard link of the manifest", ["batch", "$S/m.json", "--report", "$S/r.json"], status: 73,
                         message: "^--report '$S/r.json': it is the manifest",
                         setup: { box in
                             try box.write("m.json", #"{"items": [{"scene": "scene.json", "out": "out.gif"}]}"#)
                             try linked("r.json", to: "m.json")(box)
                         }),
            BadInputCase("batch item out onto a hard link of the manifest", ["batch", "$S/m.json"], status: 1, message: "",
                         setup: { box in
                             try box.write("m.json", #"{"items": [{"scene": "scene.json", "out": "out.gif"}]}"#)
                             try linked("out.gif", to: "m.json")(box)
                         },
                         verify: { box in
                             stdout(box).contains("FAILED    out.gif: its out 'out.gif' is the manifest of this batch") ? nil : "stdout: \(stdout(box))"
                         }),
        ]
    }()
}
