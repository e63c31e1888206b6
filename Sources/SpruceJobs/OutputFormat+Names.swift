import Foundation
import SpruceScene
import SpruceVideo

extension OutputFormat {
    /// The names a user gives the formats, in the order the help lists them: `png` is one frame (the first),
    /// `frames` a folder of PNG frames, `apng` an animated PNG.
    public static let names = ["mp4", "gif", "webm", "png", "frames", "apng", "webp"]

    /// The names of the formats that keep alpha: every one but MP4 (H.264 in 4:2:0, which has no alpha plane).
    public static var namesWithAlpha: [String] { names.filter { $0 != OutputFormat.mp4.name } }

    /// The format one of `names` gives.
    public init?(name: String) {
        switch name {
        case "mp4": self = .mp4
        case "gif": self = .gif
        case "webm": self = .webm
        case "png": self = .png(frame: 0)
        case "frames": self = .pngSequence
        case "apng": self = .apng
        case "webp": self = .webp
        default: return nil
        }
    }

    /// The format's name among `names`.
    public var name: String {
        switch self {
        case .mp4: return "mp4"
        case .gif: return "gif"
        case .webm: return "webm"
        case .png: return "png"
        case .pngSequence: return "frames"
        case .apng: return "apng"
        case .webp: return "webp"
        }
    }
}

extension OutputFormat {
    /// Why an output path, a format name and the animated choice do not give one format.
    public enum ChoiceProblem: Error, Equatable, Sendable {
        /// A path ending in / (a folder of frames) that names a file by its extension (the extension).
        case folderWithExtension(String)
        /// An animated PNG asked of a path that is not a .png.
        case animatedNeedsPNG
        /// Neither a name nor the path's extension tells the format.
        case unknown
        /// A name that is none of `names`.
        case unknownName(String)
        /// A name (canonical) that differs from what the path's extension says (the extension).
        case conflict(String, ext: String)
    }

    /// The format of `out`: the one `name` gives (matched as scene names are), checked against the path's extension,
    /// or the one the path says (`infer`; a path ending in / is a folder of frames). `animated` makes a .png an
    /// animated PNG.
    public static func chosen(for out: String, name: String?, animated: Bool) throws -> OutputFormat {
        let url = URL(plainPath: out)
        let inferred = try? infer(from: out.hasSuffix("/") ? URL(plainPath: out, isDirectory: true) : url)
        // A trailing / names a folder of frames; a file's extension before it is not taken instead.
        if out.hasSuffix("/"), inferred != .pngSequence, name.map({ $0.lowercased() != "frames" }) ?? true {
            throw ChoiceProblem.folderWithExtension(url.pathExtension)
        }
        if animated, name.map({ $0.lowercased() != "apng" }) ?? true, url.pathExtension.lowercased() != "png" {
            throw ChoiceProblem.animatedNeedsPNG
        }
        guard let name else {
            guard let inferred else { throw ChoiceProblem.unknown }
            if animated, case .png = inferred { return .apng }
            return inferred
        }
        guard let canonical = NameMatching.canonical(name, in: names), let forced = OutputFormat(name: canonical) else {
            throw ChoiceProblem.unknownName(name)
        }
        let ext = url.pathExtension.lowercased()
        if forced == .apng, ext == "png" { return .apng }
        if let inferred, names.contains(ext), inferred.name != canonical { throw ChoiceProblem.conflict(canonical, ext: ext) }
        return forced
    }
}
