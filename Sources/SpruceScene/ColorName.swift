import Spruce

/// Colours as scene files write them, for the command line's `--background`.
public enum ColorName {
    /// `#RGB`, `#RRGGBB`, `#RRGGBBAA`, a name such as `white`, or `transparent`/`clear`/`none` (nil).
    public static func parse(_ text: String) throws -> Color? {
        try SceneParser.optionalColor(Node(value: text, path: ""))
    }

    public static var names: [String] { SceneParser.namedColors.keys.sorted() + ["transparent"] }

    /// Text that `parse` reads back as exactly `color`: `transparent`, a name, or `#RRGGBB[AA]`.
    public static func text(_ color: Color?) -> String {
        guard let color else { return "transparent" }
        return SceneParser.namedColors.filter { $0.value == color }.keys.sorted().first ?? color.hexString
    }
}
