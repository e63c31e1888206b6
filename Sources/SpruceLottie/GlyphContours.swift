import Foundation
import Spruce
import SpruceRender

/// A label's glyph outlines (`TextOutline`) as Lottie bezier contours: each move starts one, curves become
/// handles on the vertices they join, and a closing vertex that repeats the first is folded into it.
enum GlyphContours {
    static func of(_ label: Label) -> [BezierContour] {
        var contours: [BezierContour] = []
        var current = BezierContour()
        func finish() {
            if current.vertices.count > 1, current.closed, current.vertices.last == current.vertices.first {
                current.inTangents[0] = current.inTangents.removeLast()
                current.vertices.removeLast()
                current.outTangents.removeLast()
            }
            if current.vertices.count > 1 { contours.append(current) }
            current = BezierContour()
        }
        func add(_ p: CGPoint, inHandle: [Double] = [0, 0]) {
            current.vertices.append([Double(p.x), Double(p.y)])
            current.inTangents.append(inHandle)
            current.outTangents.append([0, 0])
        }
        for element in TextOutline.elements(of: label) {
            switch element {
            case .move(let p):
                finish()
                add(p)
            case .line(let p):
                add(p)
            case .curve(let c1, let c2, let p):
                if let last = current.vertices.last {
                    current.outTangents[current.outTangents.count - 1] = [Double(c1.x) - last[0], Double(c1.y) - last[1]]
                }
                add(p, inHandle: [Double(c2.x - p.x), Double(c2.y - p.y)])
            case .close:
                current.closed = true
                finish()
            }
        }
        finish()
        return contours
    }
}
