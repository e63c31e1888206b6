import Foundation
import XCTest

/// render-gif under a umask without the owner's bits (`umask 777`, `umask 077`), run as the user `nobody`: root reads
/// and writes whatever the bits say, so only another user meets them. Every output (GIF, MP4, PNG, timing file, folder
/// of frames) is written, read back and renamed into place, and ends with the bits the umask asks for, `0666 & ~umask`
/// for a file and `0777 & ~umask` for a folder and the frames in it, even 000; nothing else is left beside it.
final class UmaskTests: XCTestCase {
    func testOutputsUnderAUmaskWithoutTheOwnersBits() throws {
        if let why = BadInputRunner.cannotRunUnprivileged { throw XCTSkip(why) }
        BadInputRunner.run(["777", "077"].flatMap { umask in
            let bits = Bits(umask: umask)
            return [
                Self.output("GIF", umask, ["--out", "$S/x.gif"] + fast, "x.gif", [("x.gif", bits.file, Magic.gif, 0)]),
                Self.output("MP4", umask, ["--out", "$S/x.mp4"] + fast, "x.mp4", [("x.mp4", bits.file, Magic.mp4, 4)]),
                Self.output("PNG", umask, ["--out", "$S/x.png"] + fast, "x.png", [("x.png", bits.file, Magic.png, 0)]),
                Self.output("timing file", umask, ["--timing", "$S/t.json"] + fast, "t.json", [("t.json", bits.file, Array("{".utf8), 0)]),
                Self.output("folder of frames", umask, ["--out", "$S/frames/"] + fast, "frames", [
                    ("frames", S_IFDIR | bits.folder, [], 0), ("frames/frame_00000.png", bits.file, Magic.png, 0),
                    ("frames/.render-gif-frames", bits.file, [], 0),
                ]),
            ]
        })
    }

    /// The files render-gif and its tools hand each other on the way to an output: a GIF's palette (a film of 2
    /// megapixels is made in two ffmpeg runs), the unoptimised GIF gifsicle reads, the list of parts of a join.
    func testIntermediateFilesUnderAUmaskWithoutTheOwnersBits() throws {
        if let why = BadInputRunner.cannotRunUnprivileged { throw XCTSkip(why) }
        BadInputRunner.run(["777", "077"].flatMap { umask in
            let file = Bits(umask: umask).file
            var join = Self.output("join", umask, ["join", "$S/p1.mp4", "$S/p2.mp4", "--out", "$S/j.mp4"], "j.mp4", [("j.mp4", file, Magic.mp4, 4)])
            join.setup = { box in
                for k in 1...2 {
                    let part = try CLI.run(["--segment", "\(k)/2", "--out", box.path("p\(k).mp4")] + fast)
                    guard part.status == 0 else { throw BadInputError("part \(k): \(part.stderr)") }
                }
            }
            return [
                Self.output("GIF in two ffmpeg runs", umask, ["--scene", "$S/scene.json", "--scale", "36", "--out", "$S/x.gif", "-q"], "x.gif",
                            [("x.gif", file, Magic.gif, 0)]),
                Self.output("optimised GIF", umask, ["--out", "$S/x.gif", "--optimize"] + fast, "x.gif", [("x.gif", file, Magic.gif, 0)]),
                join,
            ]
        })
    }

    /// The folders render-gif makes to write into: the goldens folder of `test --record` (and the folders above a
    /// `--goldens` path that is not there yet, made one in the other), a batch's records `.spruce-batch/` and the folder
    /// of an item's output. Each gets the owner's read, write and search bits beside the umask's, as `mkdir -p` gives
    /// the folders it makes on the way (0700 under both umasks), and the files written into it the umask's bits.
    func testFoldersMadeToWriteIntoUnderAUmaskWithoutTheOwnersBits() throws {
        if let why = BadInputRunner.cannotRunUnprivileged { throw XCTSkip(why) }
        BadInputRunner.run(["777", "077"].flatMap { umask in
            let bits = Bits(umask: umask), folder = S_IFDIR | 0o700 | bits.folder
            let record = Self.output("goldens of test --record", umask, ["test", "$S/scene.json", "--record"], "goldens", [
                ("goldens", folder, [], 0), ("goldens/scene.filmstrip.png", bits.file, Magic.png, 0),
                ("goldens/scene.timing.txt", bits.file, Array("#".utf8), 0),
            ])
            let nested = Self.output("--goldens two folders deep", umask, ["test", "$S/scene.json", "--goldens", "$S/g/h", "--record"], "g", [
                ("g", folder, [], 0), ("g/h", folder, [], 0), ("g/h/scene.motion.txt", bits.file, Array("#".utf8), 0),
            ])
            var batch = Self.output("batch", umask, ["batch", "$S/b.yaml"], ".spruce-batch", [
                (".spruce-batch", folder, [], 0), ("reel", folder, [], 0), ("reel/a.gif", bits.file, Magic.gif, 0),
            ])
            batch.mayWrite.append("reel")
            batch.setup = { box in try box.write("b.yaml", "items:\n  - {scene: scene.json, out: reel/a.gif, scale: 0.125}\n") }
            return [record, nested, batch]
        })
    }

    /// The bits `umask` leaves a new file and a new folder.
    private struct Bits {
        let file: mode_t, folder: mode_t
        init(umask: String) {
            let mask = mode_t(umask, radix: 8)!
            (file, folder) = (0o666 & ~mask, 0o777 & ~mask)
        }
    }

    private enum Magic {
        static let gif = Array("GIF89a".utf8)
        static let mp4 = Array("ftyp".utf8)
        static let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    }

    /// A run as `nobody` under `umask` that writes `name` (nothing else) and leaves each checked path with its bits and
    /// its first bytes.
    private static func output(_ what: String, _ umask: String, _ arguments: [String], _ name: String,
                               _ checks: [(path: String, mode: mode_t, magic: [UInt8], at: Int)]) -> BadInputCase {
        var c = BadInputCase("\(what) under umask \(umask)", arguments, status: 0, message: "", mayWrite: [name]) { box in
            for check in checks {
                if let problem = problem(box.path(check.path), mode: check.mode, magic: check.magic, at: check.at) {
                    return "\(check.path): \(problem)"
                }
            }
            return nil
        }
        c.unprivileged = true
        c.umask = umask
        return c
    }

    /// What is wrong with `path`: not there, other permission bits than `mode` (a file's, or `S_IFDIR` and a
    /// folder's), or a file that is empty or lacks `magic` at byte `at`. Read as root, whatever the bits.
    private static func problem(_ path: String, mode: mode_t, magic: [UInt8], at offset: Int) -> String? {
        var st = stat()
        guard lstat(path, &st) == 0 else { return "missing" }
        let type = mode & S_IFMT == 0 ? S_IFREG : mode & S_IFMT
        guard st.st_mode & S_IFMT == type, st.st_mode & 0o7777 == mode & 0o7777 else {
            return "mode \(String(st.st_mode, radix: 8)), expected \(String(type | (mode & 0o7777), radix: 8))"
        }
        guard type == S_IFREG else { return nil }
        guard let data = FileManager.default.contents(atPath: path), !data.isEmpty else { return "empty" }
        guard data.count >= offset + magic.count, Array(data[offset..<(offset + magic.count)]) == magic else {
            return "does not start as it should (\(magic) at byte \(offset))"
        }
        return nil
    }
}
