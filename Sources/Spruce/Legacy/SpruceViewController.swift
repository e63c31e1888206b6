import Advance
import Foundation

/// Spruce 1.0's view controller, headless: subclass it, set its variables before `super.viewDidLoad()`,
/// and the subviews of `animationView` enter when the controller appears.
///
/// There is no UIKit window here, so the life cycle is driven by whoever shows the controller:
/// `viewDidLoad()` hides the animation view's subviews and puts them in the animations' starting state
/// (as 1.0 did); `viewDidAppear(_:)` starts the animations on `Loop.current`. The methods keep UIKit's
/// signatures, so ported subclasses keep their `override` and `super` calls. `appear(on:)` runs both on a
/// given loop; `animationView` and `startAnimations(on:)` are all a film needs to be built from a controller.
open class SpruceViewController {
    /// The stock animations each subview runs when the view appears (1.0: `[SpruceStandardAnimation]`).
    open var animations: [StockAnimation] = []
    /// Seconds for each view's animation (1.0's default 0.3 s).
    open var duration: TimeInterval = 0.3
    /// How each view animates (1.0's default `StandardAnimation(duration: 0.3)`; it carries its own duration).
    open var animationType: Animation
    /// When each view starts (1.0's default `LinearSortFunction(direction: .topToBottom, interObjectDelay: 0.05)`).
    open var sortFunction: SortFunction
    /// The view whose subviews animate; nothing animates while it is nil (as in 1.0).
    open var animationView: View?
    /// The controller's root view (UIKit's `view`); `loadView()` makes an empty one when none was set.
    open var view: View!

    /// True once ``loadViewIfNeeded()`` has loaded the view and called ``viewDidLoad()``.
    public private(set) var isViewLoaded = false
    /// What the last `viewDidAppear(_:)` set in motion.
    public private(set) var choreography: Choreography?

    /// A controller with 1.0's defaults: no animations, 0.3 s, `StandardAnimation(duration: 0.3)`, and a top-to-bottom
    /// linear sort 0.05 s apart.
    public init() {
        animationType = StandardAnimation(duration: 0.3)
        sortFunction = LinearSortFunction(direction: .topToBottom, interObjectDelay: 0.05)
    }

    /// UIKit's: creates `view` when no view was given.
    open func loadView() {
        if view == nil { view = View() }
    }

    /// UIKit's: loads the view once, then calls `viewDidLoad()`.
    public func loadViewIfNeeded() {
        guard !isViewLoaded else { return }
        loadView()
        isViewLoaded = true
        viewDidLoad()
    }

    /// Hides the animation view's subviews and prepares them (views that fade in are shown again, starting
    /// transparent), as 1.0 did. Overrides call `super.viewDidLoad()` after setting the variables.
    open func viewDidLoad() {
        guard let animationView, !animations.isEmpty else { return }
        animationView.spruce.hideAllSubviews()
        animationView.spruce.prepare(with: animations)
        if animations.contains(where: { if case .fadeIn = $0 { return true } else { return false } }) {
            animationView.subviews.forEach { $0.isHidden = false }
        }
    }

    /// UIKit's: called by ``appear(on:)`` before ``viewDidAppear(_:)``; does nothing unless overridden.
    open func viewWillAppear(_ animated: Bool) {}

    /// Starts the animations on `Loop.current`, the views already prepared. Differs from the original on purpose: 1.0 left views hidden
    /// by `viewDidLoad()` hidden for good unless the animations faded in; here they are shown as the
    /// animations start.
    open func viewDidAppear(_ animated: Bool) {
        choreography = startAnimations(on: .current)
    }

    /// What `viewDidAppear(_:)` does, on `loop`: shows the subviews and animates them from their
    /// prepared state. Nil without an animation view.
    @discardableResult
    public func startAnimations(on loop: Loop) -> Choreography? {
        guard let animationView else { return nil }
        animationView.subviews.forEach { $0.isHidden = false }
        return loop.makeCurrent {
            animationView.spruce.animate(animations, duration: duration, animationType: animationType,
                                         sortFunction: sortFunction, prepare: false)
        }
    }

    /// Loads the view if needed, then appears on `loop`: `viewWillAppear(true)` and `viewDidAppear(true)`
    /// with `loop` as `Loop.current`. Advance `loop` to watch the views enter.
    public func appear(on loop: Loop) {
        loop.makeCurrent {
            loadViewIfNeeded()
            viewWillAppear(true)
            viewDidAppear(true)
        }
    }
}
