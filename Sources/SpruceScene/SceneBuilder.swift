import Foundation
import Spruce
import SpruceRender

/// Turns a scene document into a live view tree. Each call builds a fresh tree, so parallel frame
/// workers and repeated renders never share mutable views.
public struct SceneBuilder {
    public let document: SceneDocument
    private var images: [String: Image] = [:]

    /// Loads every image the scene names once, so building trees later cannot fail on I/O. Refuses
    /// repeated view ids here too, for documents edited in code (or re-cut by `regridded`).
    public init(_ document: SceneDocument) throws {
        try self.init(document, imagePixels: SceneLimits.maximumSceneImagePixels)
    }

    /// `imagePixels`: the most pixels the scene's images may hold in all.
    init(_ document: SceneDocument, imagePixels budget: Int) throws {
        try ViewIDs.check(document.views)
        if let bad = document.viewCountViolation { throw SceneError("views", bad.message) }
        self.document = document
        var paths: [(String, String)] = []
        func collect(_ spec: ViewSpec, _ path: String) {
            if let p = spec.imagePath { paths.append((p, path + ".image")) }
            if let g = spec.grid { collect(g.tile, path + ".grid.tile") }
            for (i, s) in spec.subviews.enumerated() { collect(s, "\(path).subviews[\(i)]") }
        }
        for (i, s) in document.views.enumerated() { collect(s, "views[\(i)]") }
        // One decode a file, whatever spelling of its path names it (`a.png`, `./a.png`, a link), and at most
        // `budget` pixels decoded in all, counted from the PNG headers before decoding.
        var byFile: [FileStamp.File: Image] = [:]
        var pixels = 0
        for (p, where_) in paths where images[p] == nil {
            if let data = document.embeddedImages[p] {
                images[p] = try Self.image(at: where_, named: p) { try Image(pngData: data) }
                continue
            }
            let url = document.imageURL(for: p)
            let identity = FileStamp(path: url.path, followLinks: true)?.file
            if let identity, let image = byFile[identity] {
                images[p] = image
                continue
            }
            if let header = try? PNGHeader.read(path: url.path) {
                let more = header.width * header.height  // each side below 2³¹: no overflow
                guard more <= budget - pixels else {
                    throw SceneError(where_, "the scene's images hold more than \(budget) pixels in all "
                                     + "(\(header.width)×\(header.height) more here); each file is decoded once")
                }
                pixels += more
            }
            images[p] = try Self.image(at: where_, named: nil) { try Image(contentsOfFile: url.path) }  // the error names the file
            if let identity { byFile[identity] = images[p] }
        }
    }

    /// The image `decode` makes; a PNG it cannot read is the scene's error at `place` (the message after `name`, if
    /// given). Memory refused is not the scene's fault: it passes through.
    private static func image(at place: String, named name: String?, _ decode: () throws -> Image) throws -> Image {
        do { return try decode() } catch let e as RenderError where e.isOutOfMemory { throw e } catch {
            throw SceneError(place, name.map { "\($0): \(error)" } ?? "\(error)")
        }
    }

    public var canvasSize: CGSize { CGSize(width: document.canvas.width, height: document.canvas.height) }

    /// The root view covers the canvas; the document's views are its subviews.
    public func makeRoot() -> View {
        let root = View(frame: CGRect(origin: .zero, size: canvasSize))
        root.id = "root"
        for spec in document.views { root.addSubview(make(spec)) }
        return root
    }

    func make(_ spec: ViewSpec) -> View {
        let v: View
        switch spec.kind {
        case .view:
            v = View(frame: spec.frame)
        case .label:
            let label = Label(frame: spec.frame)
            label.text = spec.text
            label.font = spec.font
            label.textColor = spec.textColor
            label.textAlignment = spec.textAlignment
            v = label
        case .image:
            let iv = ImageView(frame: spec.frame)
            iv.image = spec.imagePath.flatMap { images[$0] }
            iv.contentMode = spec.contentMode
            v = iv
        }
        v.id = spec.id
        v.tag = spec.tag
        v.backgroundColor = spec.backgroundColor
        v.cornerRadius = spec.cornerRadius
        v.borderWidth = spec.borderWidth
        v.borderColor = spec.borderColor
        v.alpha = spec.alpha
        v.isHidden = spec.isHidden
        v.clipsToBounds = spec.clipsToBounds
        v.transform = spec.transform
        if let grid = spec.grid { addGrid(grid, to: v) }
        for child in spec.subviews { v.addSubview(make(child)) }
        return v
    }

    /// Row-major tiles; tags count from the tile template's tag, ids get `-row-column` appended.
    func addGrid(_ grid: GridSpec, to parent: View) {
        // Not `insetBy`: an inset wider than the view gives CGRect.null (an infinite origin), and every tile's
        // position would be infinite or NaN (found by the scene fuzzer: a grid in a view without a frame).
        let b = parent.bounds
        let inner = CGRect(x: b.minX + grid.inset, y: b.minY + grid.inset,
                           width: max(0, b.width - 2 * grid.inset), height: max(0, b.height - 2 * grid.inset))
        let cols = CGFloat(grid.columns), rows = CGFloat(grid.rows), gap = grid.spacing
        let size = grid.tileSize ?? CGSize(width: max(0, (inner.width - gap * (cols - 1)) / cols),
                                           height: max(0, (inner.height - gap * (rows - 1)) / rows))
        for r in 0..<grid.rows {
            for c in 0..<grid.columns {
                var spec = grid.tile
                spec.frame = CGRect(x: inner.minX + CGFloat(c) * (size.width + gap),
                                    y: inner.minY + CGFloat(r) * (size.height + gap),
                                    width: size.width, height: size.height)
                spec.tag = grid.tile.tag + r * grid.columns + c
                spec.id = grid.tile.id.map { "\($0)-\(r)-\(c)" }
                parent.addSubview(make(spec))
            }
        }
    }
}
