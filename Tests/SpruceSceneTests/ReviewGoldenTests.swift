import Foundation
import SpruceRender
@testable import SpruceReview
@testable import SpruceScene
import XCTest

/// The review outputs as reviewers see them. Looked at by eye when recorded.
final class ReviewGoldenTests: XCTestCase {
    func testGridContactSheet() throws {
        let player = try examplePlayer("grid.json")
        let sheet = try ContactSheet(player: player, title: ReviewTitle.text(name: "grid", player: player))
        assertReviewGolden(try sheet.render(), named: "grid-contact-sheet")
    }

    func testCardsContactSheetInThreeColumns() throws {
        let player = try examplePlayer("examples/cards.json")
        assertReviewGolden(try ContactSheet(player: player, frames: 6, columns: 3).render(), named: "cards-contact-sheet")
    }

    func testGridTimingChart() throws {
        let player = try examplePlayer("grid.json")
        let chart = TimingChart(player: player, title: ReviewTitle.text(name: "grid", player: player))
        assertReviewGolden(try chart.render(), named: "grid-timing-chart")
    }

    /// 169 views in random order: rows thin out, labels stay apart.
    func testDenseGridTimingChart() throws {
        let player = try examplePlayer("examples/dense-grid.json")
        assertReviewGolden(try TimingChart(player: player).render(), named: "dense-grid-timing-chart")
    }

    /// Nested views one level deep, an image and an unnamed label.
    func testProfileTimingChart() throws {
        let player = try examplePlayer("examples/profile.yaml")
        assertReviewGolden(try TimingChart(player: player).render(), named: "profile-timing-chart")
    }
}
