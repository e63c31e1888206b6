import Spruce

/// Colours as scene files write them, for the command line's `--background`.
public enum ColorName {
    /// `#RGB`, `#RRGGBB`, `#RRGGBBAA`, a name such as `white`, or `transparent`/`clear`/`none` (nil).
    public static func parse(_ text: String) throws -> Color? {
        try SceneParser.optionalColor(Node(value: text, path: ""))
    }

    public static var names: [String] { SceneParser.namedColors.keys.sorted() + ["transparent"] }
}
