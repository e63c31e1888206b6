import Foundation
import XCTest
@testable import SpruceVideo

/// The pool's rules for helpers, driven step by step from the test: which worker gets which frame, and when.
final class OrderedFramePoolTests: XCTestCase {
    /// Publishes `frame` from another thread after a pause, so that the consumer is surely waiting for it.
    private func publishLater(_ pool: OrderedFramePool, _ frame: Int) {
        Thread.detachNewThread {
            usleep(20_000)
            pool.publish(frame: frame)
        }
    }

    /// Worker 0 draws and the consumer waits for frames 1 to 3, which calls the helpers.
    private func poolWithHelpersCalled() throws -> OrderedFramePool {
        let pool = try OrderedFramePool(frames: 0..<10, slotCount: 3, bytesPerFrame: 16, workers: 2)
        for frame in 0..<4 {
            XCTAssertEqual(pool.claim(worker: 0)?.0, frame)
            if frame == 0 { pool.publish(frame: 0) } else { publishLater(pool, frame) }
            XCTAssertNotNil(pool.awaitDrawn(frame: frame))
            pool.release(frame: frame)
        }
        return pool
    }

    /// Between its frames worker 0 is not what the consumer waits for: a helper that asks then gets nothing until
    /// worker 0 has taken the next frame, and then the one after it.
    func testHelperWaitsUntilWorkerZeroIsDrawing() throws {
        let pool = try poolWithHelpersCalled()
        let helperFrame = LockedBox<Int?>(nil)
        let helperDone = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            helperFrame.value = pool.claim(worker: 1)?.0
            helperDone.signal()
        }
        usleep(20_000)
        XCTAssertNil(helperFrame.value, "a helper took a frame while worker 0 was idle")
        XCTAssertEqual(pool.claim(worker: 0)?.0, 4)
        XCTAssertEqual(helperDone.wait(timeout: .now() + 5), .success)
        XCTAssertEqual(helperFrame.value, 5)
        pool.fail(CancellationError())
    }

    /// Before the consumer has waited three frames in a row, a helper gets nothing even while worker 0 draws.
    func testHelperWaitsForTheConsumerToWaitThreeFramesInARow() throws {
        let pool = try OrderedFramePool(frames: 0..<10, slotCount: 3, bytesPerFrame: 16, workers: 2)
        let helperFrame = LockedBox<Int?>(nil)
        let helperDone = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            helperFrame.value = pool.claim(worker: 1)?.0
            helperDone.signal()
        }
        for frame in 0..<3 {  // the consumer waits for frames 1 and 2 only
            XCTAssertEqual(pool.claim(worker: 0)?.0, frame)
            if frame == 0 { pool.publish(frame: 0) } else { publishLater(pool, frame) }
            XCTAssertNotNil(pool.awaitDrawn(frame: frame))
            pool.release(frame: frame)
        }
        XCTAssertEqual(pool.claim(worker: 0)?.0, 3)
        usleep(20_000)
        XCTAssertNil(helperFrame.value, "the helper was called after two waits")
        publishLater(pool, 3)
        XCTAssertNotNil(pool.awaitDrawn(frame: 3))  // the third wait in a row
        XCTAssertEqual(pool.claim(worker: 0)?.0, 4)
        XCTAssertEqual(helperDone.wait(timeout: .now() + 5), .success)
        XCTAssertEqual(helperFrame.value, 5)
        pool.fail(CancellationError())
    }
}

/// A value shared between the test and one other thread.
private final class LockedBox<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Value
    init(_ value: Value) { stored = value }
    var value: Value {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }
}
