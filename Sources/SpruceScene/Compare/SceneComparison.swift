import Foundation
import SpruceFilm
import SpruceRender
import SpruceReview

/// Two versions of a scene's film compared (`render-gif compare`): each side's scene played as its recipe says, at
/// the recipe's frame rate (else `FrameRatePolicy.comparison`), the two side by side (with a pane of their
/// difference when asked), and an output of them checked against every file the scenes read.
public struct SceneComparison {
    /// One side: its film, the label its pane shows, and the files its scene reads (which no output may replace).
    public struct Side {
        public let film: Film
        public let label: String
        /// The scene as given (a file, or a built-in scene's name), and each image its views show.
        public let scene: String
        public let images: [(place: String, url: URL)]

        /// The film of the recipe, labelled with the scene's file name and `settings`, the words that changed it. Throws
        /// an override the film ignores (`IgnoredOverride`), then the recipe's first problem (`RecipeProblem`), then
        /// what `SceneFilm` throws.
        public init(recipe: FilmRecipe, scene: String, settings: String?) throws {
            if let ignored = recipe.overrides.ignoredOverride(for: recipe.scene.choreography, timeline: recipe.scene.timeline) { throw ignored }
            let document = try recipe.document()
            film = try SceneFilm(document: document, framesPerSecond: recipe.framesPerSecond(.comparison)).film
            label = [URL(plainPath: scene).lastPathComponent, settings].compactMap { $0 }.joined(separator: " ")
            (self.scene, images) = (scene, document.imageInputs)
        }
    }

    public let a: Side, b: Side
    public let sides: SideBySide

    /// Throws `ReviewError` when the films cannot be shown together (frame rates, or sizes for the difference).
    public init(a: Side, b: Side, difference: Bool) throws {
        (self.a, self.b) = (a, b)
        sides = try SideBySide(a: a.film, b: b.film, labels: (a.label, b.label), difference: difference)
    }

    /// An output of the comparison, named `label` in messages, checked like every output before any work
    /// (`OutputPlan`): never over a scene file, an image either scene shows, a folder or a special file.
    public func checkOutput(_ path: String, label: String) throws {
        try OutputPlan.checkNames([(label, path)])
        var plan = OutputPlan()
        plan.output(label, path)
        for scene in [a.scene, b.scene] where FileKind.of(scene) == .regular {
            plan.input("the scene file", scene)
        }
        for image in a.images + b.images { plan.input("the image of \(image.place)", image.url.path) }
        try plan.check()
    }

    /// The films compared frame by frame and view by view.
    public func compare(cancellation: RenderCancellation?, progress: @escaping (RenderProgress) -> Void) throws -> ABComparison {
        try ABComparison(sides, cancellation: cancellation, progress: progress)
    }

    /// What changed, in lines, and the largest difference.
    public func report(_ comparison: ABComparison) -> String { comparison.report(labels: (a.label, b.label)) }
}
