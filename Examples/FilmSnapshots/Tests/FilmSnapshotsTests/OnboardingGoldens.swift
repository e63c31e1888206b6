import FilmSnapshots
import SpruceSnapshotTesting
import Testing

/// The same goldens under Swift Testing: a golden that differs is an issue of the `@Test`, and the run fails
/// (`scripts/example-package.sh` changes one and checks that it does). The files are the ones `render-gif test`
/// keeps for a scene named `onboarding`: `__Snapshots__/OnboardingGoldens/onboarding.{filmstrip.png,timing.txt,motion.txt}`.
@Suite struct OnboardingGoldens {
    @Test func theOnboardingMatchesItsGoldens() throws {
        assertFilmGoldens(of: try Onboarding.film(), named: "onboarding")
    }

}
