import Advance
import Foundation
import Spruce

/// Where each animated view really sits on the canvas, for the timing chart's map: a dry run of the
/// scene's choreography on a throwaway clock pairs every timing with its view, whose frame is then
/// taken in canvas coordinates (nested views included).
struct LayoutMap {
    struct Item { var rect: CGRect; var start: Double? }
    /// Every visible view of the tree in painting order; `start` is nil for views that do not animate.
    let items: [Item]

    init(player: ScenePlayer) throws {
        let spec = player.document.choreography
        let probe = Loop(framesPerSecond: player.framesPerSecond)
        let root = player.builder.makeRoot()
        let (target, excluded) = try ScenePlayer.resolve(spec, in: root)
        let (sort, animation) = (player.sortFunction, player.animation)
        let choreography = probe.makeCurrent {
            target.spruce.animate(withSortFunction: sort, prepare: nil, animation: animation,
                                  exclude: excluded, recursiveDepth: spec.recursiveDepth)
        }
        var starts: [ObjectIdentifier: Double] = [:]
        for (v, t) in zip(choreography.views, choreography.timings) { starts[ObjectIdentifier(v)] = t.start }
        var items: [Item] = []
        func walk(_ v: View) {
            guard !v.isHidden else { return }
            let start = starts[ObjectIdentifier(v)]
            if start != nil || v.backgroundColor != nil || v.borderWidth > 0 || v is Label || v is ImageView {
                items.append(Item(rect: v.superview?.convert(v.frame, to: root) ?? v.frame, start: start))
            }
            v.subviews.forEach(walk)
        }
        root.subviews.forEach(walk)
        self.items = items
    }
}
