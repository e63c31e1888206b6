import Foundation
@testable import SpruceRender
@testable import SpruceVideo
import XCTest

/// The registries an interrupt empties before the process exits (`SignalCancellation.stopEverything`): a temporary
/// made, or a child started, while the cleanup runs must not outlive it. Each test uses registries of its own: the
/// shared ones stay open for the rest of the suite.
final class LastCleanupTests: XCTestCase {
    /// A temporary being made when the cleanup starts is registered before the cleanup reads the registry, so it is
    /// removed with the rest (made first and registered after, it was left behind).
    func testATemporaryMadeDuringTheCleanupIsRemoved() throws {
        let registry = TemporaryFiles()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("last-cleanup-\(getpid())-\(UUID().uuidString)")
        let making = DispatchSemaphore(value: 0), done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            registry.create(folder.path) {
                making.signal()
                usleep(200_000)  // the cleanup starts meanwhile
                return (try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)) != nil
            }
            done.signal()
        }
        making.wait()
        registry.removeAll()
        XCTAssertEqual(done.wait(timeout: .now() + 5), .success)
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.path), "the temporary outlived the cleanup")
        try? FileManager.default.removeItem(at: folder)
    }

    /// After the cleanup nothing more is made: the thread that would make it waits for the exit instead.
    func testNothingIsMadeAfterTheCleanup() {
        let registry = TemporaryFiles()
        registry.removeAll()
        let made = ManagedFlag()
        Thread.detachNewThread { registry.create("/nonexistent/never") { made.set(); return true } }
        usleep(300_000)
        XCTAssertFalse(made.value)
    }

    /// A child starting when the stop begins is registered before the stop reads the registry, so it is stopped
    /// with the rest.
    func testAChildStartedDuringTheStopIsStopped() throws {
        let registry = ChildProcesses()
        let starting = DispatchSemaphore(value: 0), done = DispatchSemaphore(value: 0)
        let started = ManagedPID()
        Thread.detachNewThread {
            let pid = registry.start {
                starting.signal()
                usleep(200_000)  // the stop begins meanwhile
                var pid: pid_t = 0
                let argv: [UnsafeMutablePointer<CChar>?] = [strdup("/bin/sleep"), strdup("60"), nil]
                defer { argv.forEach { free($0) } }
                return posix_spawn(&pid, "/bin/sleep", nil, nil, argv, environ) == 0 ? pid : nil
            }
            started.set(pid)
            done.signal()
        }
        starting.wait()
        registry.stopAll(grace: 0.2)
        XCTAssertEqual(done.wait(timeout: .now() + 5), .success)
        let pid = try XCTUnwrap(started.value, "sleep started")
        // stopAll reaped it: the pid is no child of ours any more.
        var raw: Int32 = 0
        XCTAssertEqual(waitpid(pid, &raw, WNOHANG), -1, "the child outlived the stop")
        if kill(pid, 0) == 0 { kill(pid, SIGKILL); waitpid(pid, &raw, 0) }
    }

    /// After the stop nothing more is started.
    func testNothingIsStartedAfterTheStop() {
        let registry = ChildProcesses()
        registry.stopAll()
        let spawned = ManagedFlag()
        Thread.detachNewThread { _ = registry.start { spawned.set(); return nil } }
        usleep(300_000)
        XCTAssertFalse(spawned.value)
    }
}

private final class ManagedFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var flag = false
    func set() { lock.withLock { flag = true } }
    var value: Bool { lock.withLock { flag } }
}

private final class ManagedPID: @unchecked Sendable {
    private let lock = NSLock()
    private var pid: pid_t?
    func set(_ value: pid_t?) { lock.withLock { pid = value } }
    var value: pid_t? { lock.withLock { pid } }
}
