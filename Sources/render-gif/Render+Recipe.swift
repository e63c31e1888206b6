import SpruceScene

extension Render {
    /// The recipe the flags make of a scene: `render`, each item of `batch` and each side of `compare` build it here.
    func recipe(_ scene: SceneLocator.Located) throws -> FilmRecipe {
        FilmRecipe(scene: scene.document, overrides: try recipeOverrides(), sceneName: sceneOptions.scene)
    }

    /// Every flag that changes the recipe, as its overrides.
    func recipeOverrides() throws -> FilmOverrides {
        var overrides = try choreography.overrides()
        try sceneOptions.add(to: &overrides)
        return overrides
    }

    /// The recipe's scene with every flag applied; a flag the chosen sort or animation ignores, and every problem the
    /// recipe finds, is a usage error named by its flag.
    func document(_ recipe: FilmRecipe) throws -> SceneDocument {
        try ChoreographyOptions.checkRelevance(recipe.overrides, for: recipe.scene.choreography)
        do { return try recipe.document() } catch let bad as RecipeProblem { throw bad.usage }
    }
}
