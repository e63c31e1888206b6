import Foundation
import SpruceRender
import XCTest

/// SIGKILL, which no program can handle, at seeded random moments of a command's run (20 runs per command):
/// afterwards every output the user named is its earlier complete version or the new complete one (a folder of
/// frames as a whole), nothing else in the folder changed, and the next run of the same command succeeds and
/// leaves no temporary behind: the killed run's temporaries, beside the outputs and in $TMPDIR, are recognised by
/// their name (`.<name>.render-gif-<pid>-<random>.<suffix>`) and removed. Each command runs in two variants (A and
/// B, e.g. two colours of the scene), alternating, so that an old and a new output can be told apart.
/// SPRUCE_KILL_SEED=<n> repeats a failing series.
final class KillSafetyTests: XCTestCase {
    struct Command {
        let name: String
        /// The arguments of variant A or B (`$S` is the sandbox).
        let arguments: (_ variantB: Bool) -> [String]
        /// The outputs, relative to the sandbox: files, or folders of frames (`/` at the end) compared whole.
        let outputs: [String]
        /// Files that may also be missing after a kill.
        var mayBeMissing: [String] = []
        /// Folders whose contents may change in any way (a batch's records: a kill may leave an item unrecorded, and
        /// the next run records it).
        var mayChange: [String] = []
        var setup: (BadInputSandbox) throws -> Void = { _ in }
        /// Prepares the inputs of variant A or B before each run.
        var prepare: (BadInputSandbox, _ variantB: Bool) throws -> Void = { box, b in try recolour(box, b) }
    }

    static let runs = 20

    func testKillDuringGoldenRecord() throws {
        try check(Command(name: "test --record", arguments: { _ in ["test", "$S/scene.json", "--record"] },
                          outputs: ["goldens/scene.filmstrip.png", "goldens/scene.timing.txt", "goldens/scene.motion.txt"]))
    }

    func testKillDuringBatch() throws {
        try check(Command(name: "batch", arguments: { _ in ["batch", "$S/batch.yaml", "--jobs", "2"] },
                          outputs: ["out/b.png", "out/c/"],
                          mayChange: [".spruce-batch"],
                          setup: { box in
                              try box.write("batch.yaml", """
                                  items:
                                    - {scene: scene.json, out: out/b.png}
                                    - {scene: scene.json, out: out/c/}
                                  """)
                          }))
    }

    func testKillDuringJoin() throws {
        try check(Command(name: "join", arguments: { b in ["join"] + (b ? ["$S/p2.mp4", "$S/p1.mp4"] : ["$S/p1.mp4", "$S/p2.mp4"]) + ["--out", "$S/joined.mp4"] },
                          outputs: ["joined.mp4"], setup: { box in try Self.makeParts(box) }, prepare: { _, _ in }))
    }

    func testKillDuringStitch() throws {
        try check(Command(name: "stitch", arguments: { b in ["stitch", "$S/frames", "--fps", b ? "10" : "25", "--out", "$S/stitched.gif"] },
                          outputs: ["stitched.gif"], setup: BadInputCases.writeFrames, prepare: { _, _ in }))
    }

    func testKillDuringFramesFolderRender() throws {
        try check(Command(name: "frames folder", arguments: { _ in ["--scene", "$S/scene.json", "--out", "$S/frames/", "-q"] },
                          outputs: ["frames/"]))
    }

    func testKillDuringLottieExport() throws {
        try check(Command(name: "Lottie", arguments: { _ in ["--scene", "$S/scene.json", "--out", "$S/anim.json", "-q"] },
                          outputs: ["anim.json"]))
    }

    /// Temporaries of runs that are gone are removed by the next run that writes beside them or uses $TMPDIR; a
    /// live run's (this test's own pid), one made in another PID namespace or on another machine (another place:
    /// its pid says nothing here), look-alikes with another shape and files of other names are kept.
    func testStaleTemporariesAreRemovedAndNothingElse() throws {
        let box = try BadInputSandbox()
        let dead = try Self.deadPID()
        let me = getpid()
        let here = TemporaryName.place, elsewhere = TemporaryName.place == "00000001" ? "00000002" : "00000001"
        let stale = [".out.gif.render-gif-\(dead)-\(here)deadbeef.tmp.gif", ".out.gif.render-gif-\(dead)-\(here)89abcdef.kept",
                     ".out.gif.render-gif-\(dead)-\(here)cafef00d.unoptimized.gif"]
        let staleFolder = ".frames.render-gif-\(dead)-\(here)00000001.tmp"
        let kept = [".out.gif.render-gif-\(me)-\(here)deadbeef.tmp.gif", ".out.gif.render-gif-\(dead)-beef.tmp.gif",
                    ".out.gif.render-gif-\(dead)-\(elsewhere)deadbeef.tmp.gif",
                    ".out.gif.render-gif-\(dead)-\(here)deadbeef.gif", "out.gif.render-gif-\(dead)-\(here)deadbeef.tmp",
                    ".notes.render-gif-\(dead)-\(here)deadbeef.txt", "x.tmp"]
        for name in stale + kept { try box.write(name, "a temporary") }
        try box.write("\(staleFolder)/frame_00000.png", "a frame of a killed run")
        let staleScratch = ".spruce-palette.render-gif-\(dead)-\(here)000000ff.tmp"
        let liveScratch = ".spruce-palette.render-gif-\(me)-\(here)000000ff.tmp"
        for name in [staleScratch, liveScratch] {
            try FileManager.default.createDirectory(at: box.tmp.appendingPathComponent(name), withIntermediateDirectories: true)
        }
        // A GIF in two runs makes a scratch folder in $TMPDIR, which clears the stale one first.
        let result = try run(BadInputCases.twoRunGIF("$S/out.gif"), in: box)
        XCTAssertEqual(result.status, 0, result.stderr)
        let names = Set((try? FileManager.default.contentsOfDirectory(atPath: box.url.path)) ?? [])
        for name in stale + [staleFolder] { XCTAssertFalse(names.contains(name), "\(name) of a dead run is still there") }
        for name in kept { XCTAssertTrue(names.contains(name), "\(name) was removed") }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: box.tmp.path), [liveScratch])
    }

    // MARK: - The series

    private func check(_ command: Command, file: StaticString = #filePath, line: UInt = #line) throws {
        let seed = ProcessInfo.processInfo.environment["SPRUCE_KILL_SEED"].flatMap(UInt64.init) ?? 20_261_128
        var random = SeededRandom(seed: seed &+ UInt64(command.name.utf8.reduce(0) { $0 &* 31 &+ Int($1) }.magnitude))
        let box = try BadInputSandbox()
        try command.setup(box)
        // The complete outputs of both variants, and how long a whole run takes here (the kills' range).
        var complete: [[String: String]] = []
        var longest = 0.0
        for b in [true, false] {
            try command.prepare(box, b)
            let start = Date()
            let result = try run(command.arguments(b), in: box)
            longest = max(longest, Date().timeIntervalSince(start))
            XCTAssertEqual(result.status, 0, "\(command.name): a whole run failed: \(result.stderr)", file: file, line: line)
            guard result.status == 0 else { return }
            complete.append(outputs(command, in: box))
        }
        complete.reverse()  // [A, B]; A is on disk now
        for i in 0..<Self.runs {
            let b = i % 2 == 0
            try command.prepare(box, b)
            let others = box.snapshot().filter { path, _ in !isOutput(path, command) && !isTemporary(path) && !mayChange(path, command) }
            let delay = random.unit() * longest
            let context = "\(command.name), run \(i + 1) of \(Self.runs), variant \(b ? "B" : "A"), killed after \(String(format: "%.3f", delay)) s (SPRUCE_KILL_SEED=\(seed))"
            let running = try CLI.start(command.arguments(b).map(box.expand), environment: environment(box), in: box.url)
            usleep(useconds_t(delay * 1e6))
            kill(running.process.processIdentifier, SIGKILL)
            running.process.waitUntilExit()
            _ = running.result()
            // What the killed run started (ffmpeg, a batch's renders) ends by itself: its input ends, or it finishes.
            try waitForProcesses(in: box, context, file: file, line: line)
            let now = outputs(command, in: box)
            for path in Set(now.keys).union(complete[0].keys).union(complete[1].keys).sorted() {
                let missingAllowed = command.mayBeMissing.contains(path) && now[path] == nil
                if !missingAllowed, now[path] != complete[0][path], now[path] != complete[1][path] {
                    XCTFail("\(context): \(path) is neither the earlier output nor the new one", file: file, line: line)
                }
            }
            let left = box.snapshot().filter { path, _ in !isOutput(path, command) && !isTemporary(path) && !mayChange(path, command) }
            XCTAssertEqual(left, others, "\(context): files other than the outputs changed", file: file, line: line)

            let next = try run(command.arguments(b), in: box)
            XCTAssertEqual(next.status, 0, "\(context): the next run failed: \(next.stderr)", file: file, line: line)
            try waitForProcesses(in: box, context, file: file, line: line)
            XCTAssertEqual(outputs(command, in: box), complete[b ? 1 : 0], "\(context): the next run's outputs", file: file, line: line)
            let temporaries = box.snapshot().keys.filter(isTemporary).sorted()
            XCTAssertEqual(temporaries, [], "\(context): temporaries left after the next run", file: file, line: line)
            XCTAssertEqual((try? FileManager.default.contentsOfDirectory(atPath: box.tmp.path)) ?? [], [],
                           "\(context): left in TMPDIR after the next run", file: file, line: line)
        }
    }

    /// Each output's state: a file's snapshot entry; a folder's entries (minus its manifest, whose inodes and times
    /// differ from run to run) joined into one, with the names the manifest lists checked against the frames.
    private func outputs(_ command: Command, in box: BadInputSandbox) -> [String: String] {
        let all = box.snapshot()
        var states: [String: String] = [:]
        for output in command.outputs + command.mayBeMissing {
            guard output.hasSuffix("/") else { if let s = all[output] { states[output] = s }; continue }
            let folder = String(output.dropLast())
            guard all[folder] != nil else { continue }
            let inside = all.filter { $0.key.hasPrefix(output) && !isTemporary($0.key) }
            let manifest = output + ".render-gif-frames"
            let listed = (try? String(contentsOfFile: box.path(manifest), encoding: .utf8))?
                .split(separator: "\n").filter { !$0.hasPrefix("#") }.compactMap { $0.split(separator: "\t").first.map(String.init) }.sorted()
            let frames = inside.keys.filter { $0 != manifest }.map { String($0.dropFirst(output.count)) }.sorted()
            states[output] = inside.filter { $0.key != manifest }.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
                .joined(separator: "\n") + (listed == frames ? "" : "\nmanifest lists \(listed ?? []), folder has \(frames)")
        }
        return states
    }

    /// An output, a file or anything in a folder output, or a folder that holds outputs (a batch's out/).
    private func isOutput(_ path: String, _ command: Command) -> Bool {
        (command.outputs + command.mayBeMissing).contains { output in
            path == output || output.hasPrefix(path + "/") || output.hasSuffix("/") && path.hasPrefix(output)
        }
    }

    private func mayChange(_ path: String, _ command: Command) -> Bool {
        command.mayChange.contains { path == $0 || path.hasPrefix($0 + "/") }
    }

    /// A render-gif temporary: a hidden name with `.render-gif-<pid>-` in it, or anything inside one.
    private func isTemporary(_ path: String) -> Bool {
        path.split(separator: "/").contains { $0.hasPrefix(".") && $0.range(of: #"\.render-gif-[0-9]+-"#, options: .regularExpression) != nil }
    }

    private func environment(_ box: BadInputSandbox) -> [String: String] {
        ["TMPDIR": box.tmp.path, "SPRUCE_SCENES": CLI.packageRoot.appendingPathComponent("fixtures/scenes").path]
    }

    private func run(_ arguments: [String], in box: BadInputSandbox) throws -> CLI.Result {
        try CLI.run(arguments.map(box.expand), environment: environment(box), in: box.url)
    }

    /// Waits (at most a minute, a bound and not a timing check) until no process works in the sandbox.
    private func waitForProcesses(in box: BadInputSandbox, _ context: String, file: StaticString, line: UInt) throws {
        for _ in 0..<600 {
            if Self.processes(workingIn: box.root.path).isEmpty { return }
            usleep(100_000)
        }
        let left = Self.processes(workingIn: box.root.path)
        left.forEach { kill($0, SIGKILL) }
        XCTFail("\(context): processes still running a minute after the kill: \(left)", file: file, line: line)
    }

    /// Processes whose working folder is under `root` (render-gif's children inherit it).
    static func processes(workingIn root: String) -> [pid_t] {
        ((try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []).compactMap { name in
            guard let pid = pid_t(name), pid != getpid(),
                  let cwd = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(name)/cwd") else { return nil }
            return cwd == root || cwd.hasPrefix(root + "/") ? pid : nil
        }
    }

    /// The small scene in two colours.
    static func recolour(_ box: BadInputSandbox, _ variantB: Bool) throws {
        let scene = BadInputSandbox.smallScene
        try box.write("scene.json", variantB ? scene.replacingOccurrences(of: "#A9F0B4", with: "#F0A9B4") : scene)
    }

    /// Two short MP4 parts made by ffmpeg itself.
    static func makeParts(_ box: BadInputSandbox) throws {
        for (i, colour) in ["red", "blue"].enumerated() {
            let ffmpeg = Process()
            ffmpeg.executableURL = URL(fileURLWithPath: BadInputCases.realFFmpeg)
            ffmpeg.arguments = ["-v", "error", "-f", "lavfi", "-i", "color=c=\(colour):size=64x48:rate=25:duration=0.4",
                                "-g", "5", "-pix_fmt", "yuv420p", box.path("p\(i + 1).mp4")]
            try ffmpeg.run()
            ffmpeg.waitUntilExit()
            guard ffmpeg.terminationStatus == 0 else { throw BadInputError("ffmpeg could not make p\(i + 1).mp4") }
        }
    }

    /// The pid of a process that has exited and been reaped.
    static func deadPID() throws -> pid_t {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/true")
        try process.run()
        process.waitUntilExit()
        return process.processIdentifier
    }
}

/// libc's seeded generator with its own state (erand48), so that a failing series can be run again.
struct SeededRandom {
    private var state: [UInt16]
    init(seed: UInt64) { state = [UInt16(truncatingIfNeeded: seed), UInt16(truncatingIfNeeded: seed >> 16), UInt16(truncatingIfNeeded: seed >> 32)] }

    /// A number in 0..<1.
    mutating func unit() -> Double { erand48(&state) }
}
