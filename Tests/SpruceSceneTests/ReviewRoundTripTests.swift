import Advance
import Foundation
import Spruce
import SpruceRender
@testable import SpruceScene
import XCTest

/// A scene file and the same screen written by hand with the Spruce API give the same film, pixel for pixel.
final class ReviewRoundTripTests: XCTestCase {
    /// fixtures/scenes/examples/cards.json, written the way an iOS engineer would write it.
    static func handWrittenCards() -> (root: View, feed: View, header: View) {
        let root = View(frame: CGRect(x: 0, y: 0, width: 360, height: 420))
        let feed = View(frame: CGRect(x: 0, y: 0, width: 360, height: 420))
        root.addSubview(feed)
        let header = Label(frame: CGRect(x: 20, y: 16, width: 320, height: 40), text: "Today",
                           font: .boldSystemFont(ofSize: 24), textColor: Color(hex: "#1F2329")!)
        feed.addSubview(header)
        let cards: [(String, String, String)] = [
            ("#A9F0B4", "Spruce", "Choreography for views"), ("#7FD1F0", "Advance", "Springs and decay"),
            ("#F5B97F", "Cairo", "Every frame, drawn"),
        ]
        for (i, (avatarColor, title, subtitle)) in cards.enumerated() {
            let card = View(frame: CGRect(x: 20, y: 72 + CGFloat(i) * 112, width: 320, height: 96))
            card.backgroundColor = .white
            card.cornerRadius = 12
            card.layer.borderWidth = 1
            card.layer.borderColor = Color(hex: "#D5D9DF")!
            let avatar = View(frame: CGRect(x: 16, y: 20, width: 56, height: 56))
            avatar.backgroundColor = Color(hex: avatarColor)
            avatar.layer.cornerRadius = 28
            card.addSubview(avatar)
            card.addSubview(Label(frame: CGRect(x: 88, y: 22, width: 216, height: 24), text: title, font: .boldSystemFont(ofSize: 17)))
            card.addSubview(Label(frame: CGRect(x: 88, y: 50, width: 216, height: 20), text: subtitle,
                                  font: .systemFont(ofSize: 13), textColor: Color(hex: "#6B7280")!))
            feed.addSubview(card)
        }
        return (root, feed, header)
    }

    /// The film as Swift code plays it: prepare the cards, animate them in after a 0.1 s lead, draw each
    /// frame. Call with increasing frame numbers.
    static func handWrittenFilm(root: View) throws -> (Int) throws -> Bitmap {
        let feed = root.subviews[0], header = feed.subviews[0]
        let animations: [StockAnimation] = [.fadeIn, .slide(.up, .moderately)]
        let loop = Loop(framesPerSecond: 25)
        loop.makeCurrent {
            for view in feed.subviews where view !== header { animations.forEach { $0.prepareFunction(view) } }
            loop.schedule(at: 0.1) {
                var animation = StandardAnimation(duration: 0.4)
                animation.changeFunction = { view in animations.forEach { $0.animationFunction(view) } }
                feed.spruce.animate(withSortFunction: LinearSortFunction(direction: .topToBottom, interObjectDelay: 0.1),
                                    animation: animation, exclude: [header])
            }
        }
        let renderer = try Renderer(size: CGSize(width: 360, height: 420), background: Color(hex: "#F2F4F7"))
        return { index in
            loop.makeCurrent { while loop.frameIndex < index { loop.advance() } }
            return try renderer.render(root)
        }
    }

    func testCardsSceneFileEqualsTheHandWrittenScreen() throws {
        let player = try examplePlayer("examples/cards.json")
        let source = try player.frameSource()
        let cursor = try source.makeCursor()

        let (root, _, header) = Self.handWrittenCards()
        let film = try Self.handWrittenFilm(root: root)
        let renderer = try Renderer(size: CGSize(width: 360, height: 420), background: Color(hex: "#F2F4F7"))

        // lead 0.1 s + cards at 0.1, 0.2, 0.3 s (the excluded header keeps its place at 0) + 0.4 s each + hold 0.4 s.
        XCTAssertEqual(player.duration, 1.2, accuracy: 1e-9)
        var buffer = [UInt8](repeating: 0, count: 360 * 420 * 4)
        var differing: [Int] = []
        for index in 0..<player.frameCount {
            try buffer.withUnsafeMutableBytes { try cursor.draw(frame: index, into: $0) }
            if try buffer != film(index).packedBGRA() { differing.append(index) }
        }
        XCTAssertEqual(differing, [], "frames that differ")
        XCTAssertGreaterThanOrEqual(player.frameCount, 30)

        // The test can fail: a one-point change in the hand-written screen shows up.
        header.frame.origin.y += 1
        try buffer.withUnsafeMutableBytes { try cursor.draw(frame: player.frameCount - 1, into: $0) }
        XCTAssertNotEqual(buffer, try renderer.render(root).packedBGRA())
    }
}
