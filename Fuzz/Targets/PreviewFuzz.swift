import Foundation
import SprucePreviewModel
import SpruceScene

/// Every input is taken as each thing a preview request carries: a `/files/` path (`PathGuard`), the form's JSON
/// (`PreviewSettings`, applied to a built-in scene) and the export request's JSON (its name checked by `PathGuard`).
/// A refusal is a `PreviewError` or a `SceneError`; what passes is within the limits the checks promise.
enum PreviewFuzz {
    static let base: SceneDocument = {
        guard let document = try? BuiltInScenes.named("grid")?.document() else { fatalError("the built-in scene `grid` does not read") }
        return document
    }()
    /// A folder that holds nothing: paths are checked, never served.
    static let folder = URL(fileURLWithPath: "/nonexistent/spruce-fuzz-folder")

    static func run(_ data: Data) {
        let raw = String(decoding: data, as: UTF8.self)
        do {
            let parts = try PathGuard.parts(raw)
            // Bytes, as the file system reads them: "/" followed by a combining mark is no "/" to Character comparisons.
            FuzzCheck.require(parts.count <= 32 && parts.allSatisfy { !$0.isEmpty && $0 != "." && $0 != ".." && !$0.utf8.contains(0) && !$0.utf8.contains(0x2F) },
                              "the path \(raw.debugDescription) passes with a part that escapes or is empty")
            _ = try? PathGuard.file(raw, in: folder)
        } catch is PreviewError {} catch { FuzzCheck.require(false, "PathGuard threw \(error)") }
        do {
            let target = try PathGuard.exportTarget(raw, in: folder)
            FuzzCheck.require(target.deletingLastPathComponent().path == folder.path, "the export \(raw.debugDescription) lands outside its folder")
        } catch is PreviewError {} catch { FuzzCheck.require(false, "exportTarget threw \(error)") }
        if let settings = try? JSONDecoder().decode(PreviewSettings.self, from: data) {
            do {
                let document = try settings.apply(to: base)
                FuzzCheck.require(document.canvas.limitViolation == nil, "the form makes a canvas over the limits")
                FuzzCheck.require(PreviewSettings.sides.contains(document.canvas.width) && PreviewSettings.sides.contains(document.canvas.height),
                                  "the form makes a canvas of \(document.canvas.width)×\(document.canvas.height)")
            } catch is SceneError {} catch { FuzzCheck.require(false, "PreviewSettings.apply threw \(error)") }
        }
        if let request = try? JSONDecoder().decode(PreviewExportRequest.self, from: data) {
            do { _ = try PathGuard.exportTarget(request.name, in: folder) } catch is PreviewError {} catch {
                FuzzCheck.require(false, "exportTarget threw \(error)")
            }
        }
    }
}
