import Foundation
import Spruce

/// What a view looks like at one moment: the properties animations change, rounded to the documented
/// precision (positions 0.01 pt, scale and alpha 0.001, rotation 0.01°, colour channels 1/255), so that a
/// change smaller than that is not a difference and anything larger is.
public struct ViewSample: Equatable {
    /// The view's id, else its path of subview indices from the root (`3.1`).
    public var name: String
    /// The view's properties in a fixed order, each rounded and written as text.
    public var values: [(key: String, value: String)]

    /// True when the names match and the same properties have the same rounded values, in the same order.
    public static func == (a: ViewSample, b: ViewSample) -> Bool {
        a.name == b.name && a.values.count == b.values.count
            && zip(a.values, b.values).allSatisfy { $0.key == $1.key && $0.value == $1.value }
    }

    /// Every view under `root` in painting order, named by id, else by its path of subview indices (`3.1`).
    public static func samples(of root: View) -> [ViewSample] {
        var out: [ViewSample] = []
        func walk(_ v: View, path: String) {
            // Where the view is seen: the middle of its frame after its transform (a slide translates).
            let box = v.superview.map { $0.convert(v.frame, to: root) } ?? v.frame
            let center = CGPoint(x: box.midX, y: box.midY)
            let t = v.transform
            let sx = (t.a * t.a + t.b * t.b).squareRoot()
            let sy = sx == 0 ? 0 : (t.a * t.d - t.b * t.c) / sx
            var values: [(String, String)] = [
                ("x", fixed(center.x, 2)), ("y", fixed(center.y, 2)),
                ("alpha", fixed(v.alpha, 3)), ("scale", fixed(sx, 3) + "," + fixed(sy, 3)),
                ("rotation", fixed(atan2(t.b, t.a) * 180 / .pi, 2)),
                ("hidden", v.isHidden ? "1" : "0"),
            ]
            if let c = v.backgroundColor {
                values.append(("color", [c.red, c.green, c.blue, c.alpha].map { String(Int((Double($0) * 255).rounded())) }.joined(separator: ",")))
            }
            out.append(ViewSample(name: v.id ?? TreePath.name(ofPlace: path), values: values.map { (key: $0.0, value: $0.1) }))
            for (i, s) in v.subviews.enumerated() { walk(s, path: TreePath.place(path, child: i)) }
        }
        walk(root, path: "")
        return out
    }

    static func fixed(_ x: CGFloat, _ digits: Int) -> String {
        let s = FixedDecimal.text(Double(x), digits)
        // "-0.00" and "0.00" are the same value.
        return s.hasPrefix("-") && s.dropFirst().allSatisfy({ $0 == "0" || $0 == "." }) ? String(s.dropFirst()) : s
    }
}
