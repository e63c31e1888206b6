import Foundation

/// The folder a bad-input case runs in, filled with canaries before `setup` adds the case's own files:
///
///     sibling.txt            a user's file beside the outputs
///     previous.gif/.mp4/.png earlier outputs the run must not damage
///     scene.json             a small valid scene (an input)
///     folder/keep.txt        a user's non-empty folder
///     empty/                 an empty folder
///
/// `root` holds the sandbox, a private TMPDIR (must be empty afterwards: no palette folder left), the phase log
/// and the captured streams.
final class BadInputSandbox {
    let root: URL
    let url: URL
    let tmp: URL
    /// Fake tools (a failing ffmpeg and friends), outside the sandbox so they are not canaries.
    let fakeTools: URL

    init() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("bad-input-\(UUID().uuidString)")
        url = root.appendingPathComponent("s")
        tmp = root.appendingPathComponent("tmp")
        fakeTools = root.appendingPathComponent("tools")
        for dir in [url, tmp, fakeTools, url.appendingPathComponent("folder"), url.appendingPathComponent("empty")] {
            try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        }
        try write("sibling.txt", "a file of the user's\n")
        try write("folder/keep.txt", "keep me\n")
        try write("previous.gif", Data("GIF89a previous output".utf8) + Data((0..<64).map { UInt8($0) }))
        try write("previous.mp4", Data("....ftypisom previous output".utf8))
        try write("previous.png", Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) + Data("previous".utf8))
        try write("scene.json", Self.smallScene)
    }

    deinit {
        // Tests lock folders; unlock them before removing. Only folders: chmod follows a link, and a case's link to
        // /dev/null would turn the machine's /dev/null into 0755 (every later run as another user then fails).
        _ = try? FileManager.default.subpathsOfDirectory(atPath: root.path).forEach { Self.unlockFolder(root.appendingPathComponent($0).path) }
        Self.unlockFolder(url.path)
        try? FileManager.default.removeItem(at: root)
    }

    static let smallScene = """
        {"canvas": {"width": 40, "height": 40, "background": "#FFFFFF"},
         "views": [{"id": "card", "frame": [5, 5, 30, 30], "backgroundColor": "#A9F0B4"}],
         "choreography": {"sort": "linear", "animationDuration": 0.1, "delay": 0.02}, "timeline": {"hold": 0}}
        """

    func path(_ name: String) -> String { url.appendingPathComponent(name).path }

    /// Gives the whole sandbox (its files, TMPDIR, the fake tools) to the user `uid`, for a case run as that user.
    func handOver(to uid: UInt32) throws {
        let all = [root.path] + ((try? FileManager.default.subpathsOfDirectory(atPath: root.path)) ?? []).map { root.path + "/" + $0 }
        for path in all where lchown(path, uid, uid) != 0 {
            throw BadInputError("cannot hand \(path) over to uid \(uid): \(String(cString: strerror(errno)))")
        }
    }

    func write(_ name: String, _ text: String) throws { try write(name, Data(text.utf8)) }

    func write(_ name: String, _ data: Data) throws {
        let target = url.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: target)
    }

    func mkdir(_ name: String) throws {
        try FileManager.default.createDirectory(at: url.appendingPathComponent(name), withIntermediateDirectories: true)
    }

    /// An executable shell script in `fakeTools`.
    func fakeTool(_ name: String, _ script: String) throws {
        let path = fakeTools.appendingPathComponent(name).path
        try ("#!/bin/sh\n" + script + "\n").write(toFile: path, atomically: true, encoding: .utf8)
        chmod(path, 0o755)
    }

    func expand(_ text: String) -> String {
        text.replacingOccurrences(of: "$S", with: url.path).replacingOccurrences(of: "$F", with: fakeTools.path)
    }

    /// Every entry under the sandbox: type, mode and bytes (files) or target (links), by relative path.
    func snapshot() -> [String: String] {
        var out: [String: String] = [:]
        func visit(_ relative: String) {
            let full = relative.isEmpty ? url.path : url.path + "/" + relative
            var st = stat()
            guard lstat(full, &st) == 0 else { return }
            let mode = String(st.st_mode, radix: 8)
            switch st.st_mode & S_IFMT {
            case S_IFDIR:
                out[relative] = "dir \(mode)"
                chmodReadable(full, st.st_mode) {
                    for name in ((try? FileManager.default.contentsOfDirectory(atPath: full)) ?? []).sorted() {
                        visit(relative.isEmpty ? name : relative + "/" + name)
                    }
                }
            case S_IFREG:
                let data = chmodReadable(full, st.st_mode) { FileManager.default.contents(atPath: full) } ?? Data()
                out[relative] = "file \(mode) \(data.count) \(data.base64EncodedString())"
            case S_IFLNK:
                out[relative] = "link " + ((try? FileManager.default.destinationOfSymbolicLink(atPath: full)) ?? "?")
            default:
                out[relative] = "special \(mode)"
            }
        }
        visit("")
        return out
    }

    /// `path` made 0755 if it is a folder itself, not a link to one or anything else.
    private static func unlockFolder(_ path: String) {
        var st = stat()
        if lstat(path, &st) == 0, st.st_mode & S_IFMT == S_IFDIR { chmod(path, 0o755) }
    }

    /// Runs `body` with `path` readable (a test may have locked it), restoring the mode afterwards.
    private func chmodReadable<T>(_ path: String, _ mode: mode_t, _ body: () -> T) -> T {
        let needs = mode & 0o500 != 0o500
        if needs { chmod(path, (mode & 0o7777) | 0o500) }
        defer { if needs { chmod(path, mode & 0o7777) } }
        return body()
    }
}
