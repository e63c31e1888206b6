import SpruceVideo

extension OutputFormat {
    /// The names a user gives the formats, in the order the help lists them: `png` is one frame (the first),
    /// `frames` a folder of PNG frames, `apng` an animated PNG.
    public static let names = ["mp4", "gif", "webm", "png", "frames", "apng", "webp"]

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
