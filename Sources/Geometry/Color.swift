import Foundation

/// An sRGB colour with straight (not premultiplied) alpha, components in 0…1.
///
/// The project's `UIColor`: views, labels and scene files use it, and Advance animates it component-wise.
public struct Color: Hashable, Sendable {
    public var red: Double, green: Double, blue: Double, alpha: Double

    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        (self.red, self.green, self.blue, self.alpha) = (red, green, blue, alpha)
    }

    public init(white: Double, alpha: Double = 1) {
        self.init(red: white, green: white, blue: white, alpha: alpha)
    }

    /// `#RGB`, `#RRGGBB` or `#RRGGBBAA`, with or without the `#`; nil when it is not one of those.
    public init?(hex: String) {
        var s = Substring(hex.trimmingCharacters(in: .whitespaces))
        if s.hasPrefix("#") { s = s.dropFirst() }
        guard s.allSatisfy(\.isHexDigit), let v = UInt64(s, radix: 16) else { return nil }
        func byte(_ shift: UInt64) -> Double { Double((v >> shift) & 0xFF) / 255 }
        func nibble(_ shift: UInt64) -> Double { Double((v >> shift) & 0xF) / 15 }
        switch s.count {
        case 3: self.init(red: nibble(8), green: nibble(4), blue: nibble(0))
        case 6: self.init(red: byte(16), green: byte(8), blue: byte(0))
        case 8: self.init(red: byte(24), green: byte(16), blue: byte(8), alpha: byte(0))
        default: return nil
        }
    }

    public func withAlphaComponent(_ alpha: Double) -> Color {
        Color(red: red, green: green, blue: blue, alpha: alpha)
    }

    /// `#RRGGBB`, or `#RRGGBBAA` when not opaque.
    public var hexString: String {
        func byte(_ v: Double) -> Int { Checked.int(v * 255, in: 0...255) ?? (v > 0.5 ? 255 : 0) }
        let rgb = String(format: "#%02X%02X%02X", byte(red), byte(green), byte(blue))
        return alpha >= 1 ? rgb : rgb + String(format: "%02X", byte(alpha))
    }

    public static let clear = Color(white: 0, alpha: 0)
    public static let black = Color(white: 0)
    public static let white = Color(white: 1)
    public static let darkGray = Color(white: 1.0 / 3)
    public static let gray = Color(white: 0.5)
    public static let lightGray = Color(white: 2.0 / 3)
    public static let red = Color(red: 1, green: 0, blue: 0)
    public static let green = Color(red: 0, green: 1, blue: 0)
    public static let blue = Color(red: 0, green: 0, blue: 1)
    public static let yellow = Color(red: 1, green: 1, blue: 0)
    public static let orange = Color(red: 1, green: 0.5, blue: 0)
    public static let purple = Color(red: 0.5, green: 0, blue: 0.5)
    /// The tile green of the Spruce example app, RGB(0.64, 0.91, 0.69).
    public static let spruceGreen = Color(red: 0.64, green: 0.91, blue: 0.69)
}

extension Color: CustomStringConvertible {
    public var description: String { hexString }
}
