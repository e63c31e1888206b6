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
}
