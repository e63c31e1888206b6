import Foundation
import Geometry
import SpruceFilm

/// One thing wrong with a recipe: the field it concerns (an override, `delay`, `rows`, `rows/columns`, or a key of
/// the scene the overrides make, `width`, `pixels`), what is wrong, and the values allowed when it is a number out
/// of range.
public typealias RecipeProblem = LimitViolation

/// A scene and every change a user makes to it: what every front end builds (the scene parser a recipe without
/// overrides, `render-gif`'s flags, the preview's form, a batch item, each side of `compare`) and what becomes the
/// film. `validate()` is the one check of every value a user gives; `document()` applies them in one place.
public struct FilmRecipe {
    public var scene: SceneDocument
    public var overrides: FilmOverrides
    /// The scene as the user named it (a built-in name or a path), for messages.
    public var sceneName: String?

    public init(scene: SceneDocument, overrides: FilmOverrides = FilmOverrides(), sceneName: String? = nil) {
        (self.scene, self.overrides, self.sceneName) = (scene, overrides, sceneName)
    }

    /// Every problem: the overrides' own values first, then, when they are all in range, those of the scene they
    /// make (its canvas, its grid, a spring too stiff for its duration).
    public func validate() -> [RecipeProblem] {
        let own = overrides.problems
        return own.isEmpty ? applied().problems : own
    }

    /// The scene with the overrides in place; throws the first of `validate()`'s problems.
    public func document() throws -> SceneDocument {
        if let first = overrides.problems.first { throw first }
        let (doc, problems) = applied()
        if let first = problems.first { throw first }
        return doc
    }

    /// The frame rate the film plays at: the override, else the scene's `timeline.fps`, else `policy`'s default.
    /// (`fps` stays out of `document()`: the scene's own rate is told apart from the user's in messages.)
    public func framesPerSecond(_ policy: FrameRatePolicy) -> Double {
        overrides.fps ?? scene.timeline.fps ?? policy.framesPerSecond
    }

    private func applied() -> (document: SceneDocument, problems: [RecipeProblem]) {
        var doc = scene
        var problems: [RecipeProblem] = []
        let o = overrides
        if let size = o.size {
            doc.resize(to: size)
            if let bad = doc.canvas.limitViolation, bad.key != "pixels" { problems.append(bad) }
        }
        if o.rows != nil || o.columns != nil {
            if !doc.hasGrid {
                let name = sceneName.map { " \"\($0)\"" } ?? ""
                problems.append(RecipeProblem("rows/columns", "the scene\(name) has no grid; they apply to scenes with a grid, such as grid"))
            } else {
                do { doc = try doc.regridded(rows: o.rows, columns: o.columns) } catch let e as SceneError {
                    problems.append(RecipeProblem(e.path, e.message, range: "1…1000"))
                } catch {}
                if let bad = doc.viewCountViolation { problems.append(RecipeProblem("rows/columns", bad.message)) }
            }
        }
        if let background = o.background { doc.canvas.background = background.color }
        if let scale = o.scale { doc.canvas.scale = scale }
        if let loop = o.loop { doc.timeline.loop = loop }
        if let hold = o.hold { doc.timeline.hold = hold }
        doc.choreography = o.applied(to: doc.choreography)
        if o.scale != nil || o.size != nil, let bad = doc.canvas.limitViolation, !problems.contains(where: { $0.key == bad.key }) {
            problems.append(bad)
        }
        if let bad = doc.choreography.limitViolation { problems.append(bad) }
        return (doc, problems)
    }
}

extension SceneDocument {
    /// A new canvas size; views that filled the old canvas fill the new one (a grid among them re-flows its tiles).
    mutating func resize(to size: CGSize) {
        let old = CGRect(x: 0, y: 0, width: canvas.width, height: canvas.height)
        for i in views.indices where views[i].frame == old {
            views[i].frame = CGRect(origin: .zero, size: size)
            if views[i].grid != nil { views[i].grid!.tileSize = nil }
        }
        (canvas.width, canvas.height) = (Double(size.width), Double(size.height))
    }
}
