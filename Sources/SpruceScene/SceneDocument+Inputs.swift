import Foundation

/// The files a scene reads besides itself, so a command can refuse to write over any of them.
extension SceneDocument {
    /// Where an image view's `image` path points: absolute, or relative to the scene file's folder (the working
    /// directory for documents built in code).
    public func imageURL(for path: String) -> URL {
        path.hasPrefix("/") ? URL(plainPath: path)
            : (baseURL ?? URL(plainPath: URL.workingFolderPath)).appendingPathComponent(path)
    }

    /// Every image file the scene's views name, with the place that names it (`views[0].image`), in document order.
    public var imageInputs: [(place: String, url: URL)] {
        var out: [(String, URL)] = []
        func collect(_ spec: ViewSpec, _ place: String) {
            // An image a built-in scene carries inside the program is no file to read or to protect.
            if let p = spec.imagePath, embeddedImages[p] == nil { out.append((place + ".image", imageURL(for: p))) }
            if let g = spec.grid { collect(g.tile, place + ".grid.tile") }
            for (i, s) in spec.subviews.enumerated() { collect(s, "\(place).subviews[\(i)]") }
        }
        for (i, s) in views.enumerated() { collect(s, "views[\(i)]") }
        return out
    }
}
