import Foundation
import Spruce
import SpruceFilm

/// The app's onboarding cards: three rows that slide in from the left, one after the other, on a spring.
public enum Onboarding {
    public static func makeCards() -> View {
        let screen = View(frame: CGRect(x: 0, y: 0, width: 240, height: 200))
        for i in 0..<3 {
            let card = View(frame: CGRect(x: 20, y: 20 + CGFloat(i) * 60, width: 200, height: 44))
            card.id = "card-\(i)"
            card.backgroundColor = Color(red: 0.25 + 0.2 * CGFloat(i), green: 0.45, blue: 0.85)
            card.cornerRadius = 8
            screen.addSubview(card)
        }
        return screen
    }

    public static func film(damping: CGFloat = 0.7) throws -> Film {
        try Film(size: CGSize(width: 240, height: 200), framesPerSecond: 25, loop: .inHold(hold: 0.2), root: makeCards) { screen in
            var spring = SpringAnimation(duration: 0.6)
            spring.damping = damping
            screen.spruce.animate([.slide(.left, .moderately), .fadeIn], animationType: spring,
                                  sortFunction: LinearSortFunction(direction: .topToBottom, interObjectDelay: 0.08))
        }
    }
}
