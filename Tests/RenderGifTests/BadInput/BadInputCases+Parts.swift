import Foundation

/// Parts given to `join` that were damaged after they were rendered: refused naming the part (65) before anything is
/// joined, instead of ffmpeg's frame count of the joined film (70) that names none. Parts the user may not read, or
/// that cannot be looked at, are named with the system's reason (66).
extension BadInputCases {
    static let parts: [BadInputCase] = {
        func cut(_ name: String, by bytes: Int) -> (BadInputSandbox) throws -> Void {
            { box in
                let data = try Data(contentsOf: box.url.appendingPathComponent(name))
                try box.write(name, data.prefix(data.count - bytes))
            }
        }
        return [
            BadInputCase("join an MP4 part cut short", ["join", "$S/p1.mp4", "$S/p2.mp4", "--out", "$S/j.mp4"], status: 65,
                         message: "^join: part '$S/p2.mp4' is truncated \\(cut off at byte [0-9]+\\); render it again$",
                         setup: { box in try writeParts(box, "mp4"); try cut("p2.mp4", by: 5)(box) }),
            BadInputCase("join an MP4 part cut inside its movie box", ["join", "$S/p1.mp4", "$S/p2.mp4", "--out", "$S/j.mp4"], status: 65,
                         message: "^join: part '$S/p1.mp4' is (truncated|damaged)",
                         setup: { box in
                             try writeParts(box, "mp4")
                             let data = try Data(contentsOf: box.url.appendingPathComponent("p1.mp4"))
                             try box.write("p1.mp4", data.prefix(200))
                         }),
            BadInputCase("join a GIF part cut short", ["join", "$S/p1.gif", "$S/p2.gif", "--out", "$S/j.gif"], status: 65,
                         message: "^join: part '$S/p2.gif' is not a well-formed GIF",
                         setup: { box in try writeParts(box, "gif"); try cut("p2.gif", by: 40)(box) }),
            unreadable("mp4"),
            unreadable("gif"),
            {
                var c = BadInputCase("join a part in a folder it may not search", ["join", "$S/p1.mp4", "$S/sub/p2.mp4", "--out", "$S/j.mp4"],
                                     status: 66, message: "^the part '$S/sub/p2.mp4' cannot be read \\(Permission denied\\)$",
                                     setup: { box in
                                         try writeParts(box, "mp4")
                                         try box.mkdir("sub")
                                         try FileManager.default.moveItem(atPath: box.path("p2.mp4"), toPath: box.path("sub/p2.mp4"))
                                         chmod(box.path("sub"), 0o600)
                                     })
                c.unprivileged = true
                return c
            }(),
            BadInputCase("join a part that is a loop of links", ["join", "$S/p1.mp4", "$S/loop.mp4", "--out", "$S/j.mp4"], status: 66,
                         message: "^the part '$S/loop.mp4' cannot be read \\(Too many levels of symbolic links\\)$",
                         setup: { box in try writeParts(box, "mp4"); _ = symlink("loop.mp4", box.path("loop.mp4")) }),
            BadInputCase("join a part named with a trailing slash", ["join", "$S/p1.mp4/", "$S/p2.mp4", "--out", "$S/j.mp4"], status: 66,
                         message: "^the part '$S/p1.mp4/': a name ending in '/' is a folder's, and this is a file \\(drop the '/'\\)$",
                         setup: { box in try writeParts(box, "mp4") }),
            BadInputCase("batch of a manifest named with a trailing slash", ["batch", "$S/items.yaml/"], status: 66,
                         message: "^batch: manifest '$S/items.yaml/': a name ending in '/' is a folder's, and this is a file \\(drop the '/'\\)$",
                         setup: { box in try box.write("items.yaml", "items: []\n") }),
            BadInputCase("join to a closed stdout", ["join", "$S/p1.mp4", "$S/p2.mp4", "--out", "$S/j.mp4"], status: 0, message: "",
                         setup: { box in try writeParts(box, "mp4") }, stdio: .stdoutClosed, mayWrite: ["j.mp4"]),
        ]
    }()

    /// A part the user may not read: named with the system's reason (66), the same for MP4 and GIF, not called
    /// damaged.
    static func unreadable(_ ext: String) -> BadInputCase {
        var c = BadInputCase("join a \(ext.uppercased()) part it may not read", ["join", "$S/p1.\(ext)", "$S/p2.\(ext)", "--out", "$S/j.\(ext)"],
                             status: 66, message: "^join: cannot read part '$S/p2.\(ext)' \\(Permission denied\\)$",
                             setup: { box in try writeParts(box, ext); chmod(box.path("p2.\(ext)"), 0o200) })
        c.unprivileged = true
        return c
    }

    /// `p1.EXT` and `p2.EXT`: the two halves of a tiny film, rendered as joinable parts.
    static func writeParts(_ box: BadInputSandbox, _ ext: String) throws {
        for i in 1...2 {
            let result = try CLI.run(["--scene", box.path("scene.json"), "--fps", "25", "--hold", "0.2", "--keyint", "4",
                                      "--segment", "\(i)/2", "--out", box.path("p\(i).\(ext)"), "-q"], environment: ["TMPDIR": box.tmp.path])
            guard result.status == 0 else { throw BadInputError("rendering part \(i): \(result.stderr)") }
        }
    }
}
