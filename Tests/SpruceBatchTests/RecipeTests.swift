import Foundation
import SpruceScene
import XCTest

/// The GitHub Actions and Kubernetes recipes cannot run here (no runners, no cluster, and `kubectl --dry-run=client`
/// still asks a server for its API groups), so they are read as YAML and the fields that make them work are
/// checked; the Kubernetes command is run through /bin/sh to see the segment each completion index renders.
final class RecipeTests: XCTestCase {
    static let recipes = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("scripts/distributed/recipes")

    private func documents(_ name: String) throws -> [[String: Any]] {
        let text = try String(contentsOf: Self.recipes.appendingPathComponent(name), encoding: .utf8)
        return try text.components(separatedBy: "\n---\n").map {
            try XCTUnwrap(StructuredText.read(Data($0.utf8), yaml: true) as? [String: Any], "\(name) holds a mapping")
        }
    }

    func testKubernetesIndexedJobRendersEverySegmentOnce() throws {
        let docs = try documents("kubernetes-indexed-job.yaml")
        XCTAssertEqual(docs.count, 2)
        let job = docs[0], spec = try XCTUnwrap(job["spec"] as? [String: Any])
        XCTAssertEqual(job["apiVersion"] as? String, "batch/v1")
        XCTAssertEqual(job["kind"] as? String, "Job")
        XCTAssertEqual(spec["completionMode"] as? String, "Indexed")
        let completions = try XCTUnwrap(spec["completions"] as? Int)
        let pod = try XCTUnwrap((spec["template"] as? [String: Any])?["spec"] as? [String: Any])
        XCTAssertEqual(pod["restartPolicy"] as? String, "Never", "Jobs need Never or OnFailure")
        let container = try XCTUnwrap((pod["containers"] as? [[String: Any]])?.first)
        let command = try XCTUnwrap(container["command"] as? [String]), args = try XCTUnwrap(container["args"] as? [String])
        XCTAssertEqual(command, ["/bin/sh", "-c"])
        // Run the pod's command line with a render-gif on PATH that prints its arguments, one per line.
        let bin = FileManager.default.temporaryDirectory.appendingPathComponent("spruce-recipe-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: bin) }
        let echo = bin.appendingPathComponent("render-gif")
        try "#!/bin/sh\nprintf '%s\\n' \"$@\"\n".write(to: echo, atomically: true, encoding: .utf8)
        chmod(echo.path, 0o755)
        var segments: [String] = []
        for index in 0..<completions {
            let output = try shell(args[0], environment: ["JOB_COMPLETION_INDEX": "\(index)", "PATH": bin.path + ":/usr/bin:/bin"])
            let words = output.split(separator: "\n").map(String.init)
            let at = try XCTUnwrap(words.firstIndex(of: "--segment"))
            segments.append(words[at + 1])
            XCTAssertEqual(words[try XCTUnwrap(words.firstIndex(of: "--out")) + 1], "/work/parts/part-\(index + 1).mp4")
        }
        XCTAssertEqual(segments, (1...completions).map { "\($0)/\(completions)" }, "index k renders segment k+1 of N")
        let join = try XCTUnwrap(((docs[1]["spec"] as? [String: Any])?["template"] as? [String: Any])?["spec"] as? [String: Any])
        let joinCommand = try XCTUnwrap((join["containers"] as? [[String: Any]])?.first?["command"] as? [String])
        XCTAssertTrue(joinCommand.last?.contains("render-gif join /work/parts/part-*.mp4") == true, "\(joinCommand)")
    }

    func testGitHubWorkflowShardsMatchTheMatrixAndTheJoinWaits() throws {
        let workflow = try XCTUnwrap(documents("github-actions-shards.yml").first)
        let jobs = try XCTUnwrap(workflow["jobs"] as? [String: Any])
        let render = try XCTUnwrap(jobs["render"] as? [String: Any]), join = try XCTUnwrap(jobs["join"] as? [String: Any])
        let shards = try XCTUnwrap(((render["strategy"] as? [String: Any])?["matrix"] as? [String: Any])?["shard"] as? [Int])
        XCTAssertEqual(shards, Array(1...shards.count))
        let runs = try XCTUnwrap(render["steps"] as? [[String: Any]]).compactMap { $0["run"] as? String }
        let n = shards.count
        XCTAssertTrue(runs.contains { $0.contains("render-gif batch") && $0.contains("--shard ${{ matrix.shard }}/\(n)") }, "\(runs)")
        XCTAssertTrue(runs.contains { $0.contains("--segment ${{ matrix.shard }}/\(n)") }, "\(runs)")
        XCTAssertEqual(join["needs"] as? String, "render")
        let joinRuns = try XCTUnwrap(join["steps"] as? [[String: Any]]).compactMap { $0["run"] as? String }
        XCTAssertTrue(joinRuns.contains { $0.contains("render-gif join part-*.mp4") }, "\(joinRuns)")
        for job in [render, join] { XCTAssertNotNil(job["runs-on"] as? String) }
    }

    private func shell(_ script: String, environment: [String: String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", script]
        process.environment = environment
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0)
        return String(decoding: data, as: UTF8.self)
    }
}
