import Foundation
import Spruce
@testable import SpruceScene
import XCTest

/// The sort as one value: each sort takes exactly its Spruce function's parameters, a change of sort keeps those it
/// shares, and a scene's parameters for other sorts wait for a sort that takes them.
final class SortSpecTests: XCTestCase {
    func testEachSortTakesExactlyItsFunctionsParameters() {
        let one: [SortParameter] = [.corner(.bottomRight), .position(.left), .direction(.rightToLeft), .reversed(true), .delay(0.2),
                                    .duration(0.9), .weights(Weights(horizontal: .heavy, vertical: .light)), .seed(7), .from(.center),
                                    .amount(0.6), .axis(.x)]
        let taken = Dictionary(uniqueKeysWithValues: SortSpec.Name.allCases.map { name in
            (name, one.filter { SortSpec.sort(name, takes: $0) }.map(\.name.rawValue))
        })
        XCTAssertEqual(taken, [
            .default: ["delay"],
            .linear: ["direction", "reversed", "delay"],
            .cornered: ["corner", "reversed", "delay"],
            .radial: ["position", "reversed", "delay"],
            .random: ["delay", "seed"],
            .inline: ["corner", "reversed", "delay"],
            .continuous: ["position", "reversed", "duration"],
            .continuousWeighted: ["position", "reversed", "duration", "weights"],
            .snake: ["corner", "reversed", "delay"],
            .stagger: ["reversed", "delay", "from", "amount", "axis"],
        ])
        XCTAssertEqual(SortSpec(.continuousWeighted, keeping: one),
                       .continuousWeighted(position: .left, duration: 0.9, weights: Weights(horizontal: .heavy, vertical: .light), reversed: true))
        XCTAssertEqual(SortSpec(.stagger, keeping: one), .stagger(timing: .amount(0.6), from: .center, axis: .x, reversed: true),
                       "an amount wins over the step")
        XCTAssertEqual(SortSpec(.random, keeping: one), .random(delay: 0.2, seed: 7))
        for name in SortSpec.Name.allCases { XCTAssertEqual(SortSpec(name).name, name) }
    }

    /// The command line's words for the sorts a flag applies to.
    func testTheSortsTakingEachParameterInWords() {
        let words = [SortParameter.corner(.topLeft), .position(.middle), .direction(.topToBottom), .reversed(true), .delay(0),
                     .duration(0), .weights(Weights(horizontal: .medium, vertical: .medium)), .seed(0), .from(.start), .amount(0),
                     .axis(.y)].map(\.sortsTakingIt)
        XCTAssertEqual(words, ["cornered, inline, snake", "radial, continuous, continuous-weighted", "linear",
                               "every sort but default and random", "every sort but continuous and continuous-weighted",
                               "continuous, continuous-weighted", "continuous-weighted", "random", "stagger", "stagger", "stagger"])
    }

    /// The grid scene's `duration: 1.0` sits beside its cornered sort; `--sort continuous` plays it.
    func testAChosenSortTakesTheScenesParametersForOtherSorts() throws {
        let doc = try SceneParser.parse(Data(#"{"choreography": {"sort": "cornered", "delay": 0.025, "duration": 1.0}}"#.utf8))
        XCTAssertEqual(doc.choreography.sort, .cornered(corner: .topLeft, delay: 0.025, reversed: false))
        XCTAssertEqual(doc.choreography.otherSortParameters, [.duration(1.0)])
        var o = FilmOverrides()
        o.sort = .continuous
        o.set(.reversed(true))
        XCTAssertEqual(try FilmRecipe(scene: doc, overrides: o).document().choreography.sort,
                       .continuous(position: .middle, duration: 1.0, reversed: true))
        o.sort = .stagger
        XCTAssertEqual(try FilmRecipe(scene: doc, overrides: o).document().choreography.sort,
                       .stagger(timing: .each(0.025), from: .start, axis: nil, reversed: true), "the delay is the stagger's step")
    }

    /// A stagger with an amount keeps the file's `delay` for a sort that steps.
    func testAStaggersAmountKeepsTheDelayForAnotherSort() throws {
        let doc = try SceneParser.parse(Data(#"{"choreography": {"sort": "stagger", "amount": 0.6, "delay": 0.1}}"#.utf8))
        XCTAssertEqual(doc.choreography.sort, .stagger(timing: .amount(0.6), from: .start, axis: nil, reversed: false))
        var o = FilmOverrides()
        o.sort = .linear
        XCTAssertEqual(try FilmRecipe(scene: doc, overrides: o).document().choreography.sort,
                       .linear(direction: .topToBottom, delay: 0.1, reversed: false))
    }

    func testOverridesKeepOneParameterOfEachNameInOrder() {
        var o = FilmOverrides()
        o.set(.axis(.x))
        o.set(.delay(0.1))
        o.set(.corner(.bottomLeft))
        o.set(.delay(0.2))
        XCTAssertEqual(o.sortParameters, [.corner(.bottomLeft), .delay(0.2), .axis(.x)])
        XCTAssertEqual(o.setFields, ["corner", "delay", "axis"])
    }

    /// A parameter the film's sort does not take, a spring's field with a standard animation, or a hold with a loop
    /// that holds nothing, is named with its field; the chosen sort wins over the scene's, and the scene's sort and animation count when none is chosen.
    func testTheFirstIgnoredOverrideIsNamedByItsField() {
        var scene = ChoreographySpec()
        var timeline = TimelineSpec()
        scene.sort = SortSpec(.radial)
        var o = FilmOverrides()
        o.set(.position(.topLeft))
        XCTAssertNil(o.ignoredOverride(for: scene, timeline: timeline), "radial takes a position")
        o.set(.seed(3))
        o.set(.corner(.topLeft))
        XCTAssertEqual(o.ignoredOverride(for: scene, timeline: timeline), .sortParameter(.corner(.topLeft), sort: .radial), "first in field order")
        o.sort = .random
        XCTAssertEqual(o.ignoredOverride(for: scene, timeline: timeline), .sortParameter(.corner(.topLeft), sort: .random))
        o = FilmOverrides()
        o.velocity = 2
        scene.animationType = .standard
        XCTAssertEqual(o.ignoredOverride(for: scene, timeline: timeline), .springField("velocity"))
        o.damping = 0.5
        XCTAssertEqual(o.ignoredOverride(for: scene, timeline: timeline), .springField("damping"))
        o.animation = .spring
        XCTAssertNil(o.ignoredOverride(for: scene, timeline: timeline), "the chosen animation wins over the scene's")
        // A hold with a loop that holds nothing: the chosen loop wins over the scene's.
        o = FilmOverrides()
        o.hold = 2
        XCTAssertNil(o.ignoredOverride(for: scene, timeline: timeline), "in-hold-out holds")
        timeline.loop = .inOut
        XCTAssertEqual(o.ignoredOverride(for: scene, timeline: timeline), .hold(loop: .inOut))
        o.loop = .inHoldReverse
        XCTAssertNil(o.ignoredOverride(for: scene, timeline: timeline))
        o.loop = .boomerang
        XCTAssertEqual(o.ignoredOverride(for: scene, timeline: timeline), .hold(loop: .boomerang))
        o.hold = 0
        XCTAssertNil(o.ignoredOverride(for: scene, timeline: timeline), "no hold agrees with a loop that holds nothing")
    }
}
