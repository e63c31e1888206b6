import Advance
import Foundation
import Spruce
import XCTest

/// `Loop.current` and `ChoreographyLog` are current per thread and nest (their thread-specific slots).
final class ThreadScopedTests: XCTestCase {
    func testMakeCurrentNestsAndRestores() {
        let outer = Loop(framesPerSecond: 60), inner = Loop(framesPerSecond: 30)
        XCTAssertTrue(Loop.current === Loop.shared)
        outer.makeCurrent {
            XCTAssertTrue(Loop.current === outer)
            inner.makeCurrent { XCTAssertTrue(Loop.current === inner) }
            XCTAssertTrue(Loop.current === outer)
        }
        XCTAssertTrue(Loop.current === Loop.shared)
    }

    func testAThrowingBodyRestoresThePreviousLoop() throws {
        struct Stop: Error {}
        let outer = Loop(framesPerSecond: 60)
        try outer.makeCurrent {
            XCTAssertThrowsError(try Loop(framesPerSecond: 30).makeCurrent { throw Stop() })
            XCTAssertTrue(Loop.current === outer)
        }
    }

    func testAnotherThreadDoesNotSeeThisThreadsLoop() {
        let mine = Loop(framesPerSecond: 60), theirs = Loop(framesPerSecond: 24)
        let done = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var seenThere: [Loop] = []
        mine.makeCurrent {
            let thread = Thread {
                seenThere.append(Loop.current)
                theirs.makeCurrent { seenThere.append(Loop.current) }
                done.signal()
            }
            thread.start()
            done.wait()
            XCTAssertTrue(Loop.current === mine)
        }
        XCTAssertEqual(seenThere.count, 2)
        XCTAssertTrue(seenThere.first === Loop.shared)
        XCTAssertTrue(seenThere.last === theirs)
    }

    func testTheInnermostLogCollects() {
        let loop = Loop(framesPerSecond: 60)
        let outer = ChoreographyLog(), inner = ChoreographyLog()
        func animate() { View(frame: CGRect(x: 0, y: 0, width: 10, height: 10)).spruce.animate([.fadeIn]) }
        loop.makeCurrent {
            outer.recording {
                animate()
                inner.recording { animate(); animate() }
                animate()
            }
            animate()  // no log: recorded nowhere
        }
        XCTAssertEqual(outer.choreographies.count, 2)
        XCTAssertEqual(inner.choreographies.count, 2)
    }
}
