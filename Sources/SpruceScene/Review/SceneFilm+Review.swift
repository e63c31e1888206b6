import Foundation
import SpruceReview

extension ContactSheet {
    /// The sheet of a scene's film.
    public init(player: SceneFilm, frames: Int = ContactSheet.defaultFrames, columns: Int? = nil, title: String? = nil) throws {
        try self.init(film: player.film, frames: frames, columns: columns, title: title)
    }
}

extension TimingChart {
    /// The chart of a scene's film.
    public init(player: SceneFilm, title: String? = nil) {
        self.init(film: player.film, title: title)
    }
}

extension SceneFilm {
    /// The scale review pictures of the film are drawn at: the canvas's, at most 4.
    public var reviewScale: CGFloat { CGFloat(min(document.canvas.scale, 4)) }
}
