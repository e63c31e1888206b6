import XCTest
@testable import SpruceVideo

/// GIF and WebP delays in whole ticks: what the library takes, what the command line takes, and that every rate a
/// refusal suggests is taken by whoever it was suggested to.
final class DelayClockTests: XCTestCase {
    func testTheLibraryTakesExactRatesOnly() {
        XCTAssertEqual(DelayClock.gif.ticks(for: 50), 2)
        XCTAssertEqual(DelayClock.gif.ticks(for: 100.0 / 3), 3)
        XCTAssertNil(DelayClock.gif.ticks(for: 33.33))
        XCTAssertNil(DelayClock.gif.ticks(for: 100), "1 cs plays as 10 cs in browsers")
        XCTAssertNil(DelayClock.gif.ticks(for: 100.0 / 65536), "GIF delays are 16 bits")
        XCTAssertEqual(DelayClock.webp.ticks(for: 1000), 1)
        XCTAssertEqual(DelayClock.webp.ticks(for: 1000.0 / 17), 17)
        XCTAssertNil(DelayClock.webp.ticks(for: 58.824))
        for fps in [Double.nan, .infinity, -.infinity, 0, -50, 1e-300] {
            XCTAssertNil(DelayClock.gif.ticks(for: fps), "\(fps)")
            XCTAssertNil(DelayClock.webp.ticks(for: fps), "\(fps)")
        }
    }

    func testTheCommandLineTakesARateWrittenToTheClocksDecimals() {
        XCTAssertEqual(DelayClock.gif.exactRate(33.33), 100.0 / 3)
        XCTAssertEqual(DelayClock.gif.exactRate(16.67), 100.0 / 6)
        XCTAssertNil(DelayClock.gif.exactRate(33.3))
        XCTAssertEqual(DelayClock.webp.exactRate(58.824), 1000.0 / 17)
        XCTAssertNil(DelayClock.webp.exactRate(58.82))
        XCTAssertNil(DelayClock.gif.exactRate(.nan))
    }

    func testEverySuggestionIsTaken() throws {
        // Every rate the command line takes (0.1…1000 fps).
        for clock in [DelayClock.gif, .webp] {
            for fps in [0.1, 0.3, 7, 9, 12, 23.976, 24, 29.97, 30, 59.94, 60, 99, 100, 144, 999, 1000, 1e9] {
                let k = clock.nearestTicks(to: fps)
                XCTAssertTrue((clock.fewestTicks...clock.mostTicks).contains(k), "\(fps)")
                let written = try XCTUnwrap(Double(clock.nearest(fps)))
                XCTAssertEqual(clock.exactRate(written), clock.ticksPerSecond / Double(k), "\(fps): --fps \(written)")
                XCTAssertEqual(clock.ticks(for: clock.ticksPerSecond / Double(k)), k)
            }
        }
        XCTAssertEqual(DelayClock.gif.nearest(30), "33.33")
        XCTAssertEqual(DelayClock.webp.nearest(60), "58.824")
        XCTAssertEqual(DelayClock.gif.suggestion(for: 30), "100/3 (33.33)")
        XCTAssertEqual(DelayClock.webp.suggestion(for: 60), "1000/17 (58.824)")
        XCTAssertEqual(DelayClock.webp.suggestion(for: 24), "1000/42 (23.81)")
        XCTAssertEqual(DelayClock.gif.suggestion(for: 24), "25")
        XCTAssertEqual(DelayClock.gif.suggestion(for: 12), "12.5")
    }

    func testTheLibrarysWebPRefusalSuggestsARateItTakes() {
        XCTAssertThrowsError(try AnimatedImageFormats.webpDelay(for: 60)) { error in
            XCTAssertTrue("\(error)".hasSuffix("use 1000/17 (58.824) fps"), "\(error)")
        }
        XCTAssertEqual(try AnimatedImageFormats.webpDelay(for: 1000.0 / 17), 17)
    }

    func testTheRuleAndTheRefusalInWords() {
        XCTAssertEqual(DelayClock.gif.rule, "GIF needs 100/k fps")
        XCTAssertEqual(DelayClock.gif.refusal(of: 7), "GIF needs 100/k fps (50, 33.33, 25, 20, 16.67, 14.29, 12.5, 10, ...; "
                       + "GIF delays are whole centiseconds), 7 is not")
        XCTAssertEqual(DelayClock.webp.refusal(of: 60), "WebP needs 1000/k fps (50, 40, 25, 20, 12.5, 10, ...; "
                       + "WebP delays are whole milliseconds), 60 is not")
    }
}
