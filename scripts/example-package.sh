#!/usr/bin/env bash
# Builds and tests Examples/FilmSnapshots as a user's package would: copied outside the checkout, depending on
# Spruce for Linux by git URL and version, `.package(url: …, from: "0.1.0")`. The URL (SPRUCE_URL, read by the
# example's Package.swift) is a bare clone of this checkout in a temporary folder, its working tree committed
# there when it has changes, tagged with the version of Sources/render-gif/SpruceForLinux.swift
# (scripts/tagged-clone.sh): SwiftPM clones and checks out that tag as it does a release.
# --record copies the goldens it wrote back.
# Its interchange tests run the real render-gif: $RENDER_GIF, else the one this checkout builds (built here if need be).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
work="$(mktemp -d "${TMPDIR:-/tmp}/spruce-example.XXXXXX")"
trap 'rm -rf "$work"' EXIT INT TERM
version="$(sed -n 's/.*static let version = "\(.*\)".*/\1/p' "$root/Sources/render-gif/SpruceForLinux.swift")"
[ -n "$version" ] || { echo "example package: no version in Sources/render-gif/SpruceForLinux.swift" >&2; exit 1; }
if [ -z "${RENDER_GIF:-}" ]; then
  (cd "$root" && swift build --product render-gif >&2)
  RENDER_GIF="$(cd "$root" && swift build --show-bin-path)/render-gif"
fi
export RENDER_GIF
start=$(date +%s)
commit="$("$root/scripts/tagged-clone.sh" "$work/spruce.git" "$version")"
export SPRUCE_URL="file://$work/spruce.git"
mkdir -p "$work/app"
cp -R "$root/Examples/FilmSnapshots/." "$work/app/"
rm -rf "$work/app/.build"
cd "$work/app"
if [ "${1:-}" = "--record" ]; then
  # Missing references are recorded (and reported as failures) by swift-snapshot-testing itself.
  SNAPSHOT_TESTING_RECORD=all swift test || true
  rm -rf "$root/Examples/FilmSnapshots/Tests/FilmSnapshotsTests/__Snapshots__"
  cp -R Tests/FilmSnapshotsTests/__Snapshots__ "$root/Examples/FilmSnapshots/Tests/FilmSnapshotsTests/"
  exit 0
fi
swift test
resolved="$(sed -n '/"identity" : "spruce"/,/}/p' Package.resolved)"
grep -q "\"version\" : \"$version\"" <<<"$resolved" && grep -q "\"revision\" : \"$commit\"" <<<"$resolved" \
  || { echo "spruce did not resolve to $version at $commit: $resolved" >&2; exit 1; }
echo "example package: spruce resolved by URL to $version ($commit)"
# The app's film changes (a softer spring): its goldens fail, under XCTest and under the Swift Testing @Test,
# each failure leaving its files in the artifacts folder (SNAPSHOT_ARTIFACTS). They are accepted on the review
# page in headless Chromium (`render-gif review --artifacts`, driven by scripts/review-e2e.py), and the tests
# pass again without record mode, on the same build.
film=Sources/FilmSnapshots/OnboardingFilm.swift
sed -i 's/damping: CGFloat = 0\.7)/damping: CGFloat = 0.55)/' "$film"
grep -q 'damping: CGFloat = 0.55)' "$film" || { echo "example package: the film's spring was not changed" >&2; exit 1; }
if SNAPSHOT_ARTIFACTS="$work/artifacts" swift test > "$work/changed.log" 2>&1; then
  cat "$work/changed.log"; echo "example package: the tests pass with a changed film" >&2; exit 1
fi
grep -q "theOnboardingMatchesItsGoldens() recorded an issue" "$work/changed.log" \
  && grep -q "OnboardingFilmTests.testOnboardingOverTime' failed" "$work/changed.log" \
  || { cat "$work/changed.log"; echo "example package: the changed film does not fail the @Test and the XCTest case" >&2; exit 1; }
echo "example package: the changed film fails the @Test (OnboardingGoldens) and the XCTest case (OnboardingFilmTests)"
status=0
/usr/bin/python3 "$root/scripts/review-e2e.py" "$RENDER_GIF" --artifacts "$work/artifacts" ${REVIEW_SHOTS:+--shots "$REVIEW_SHOTS"} \
  > "$work/review.log" 2>&1 || status=$?
sed 's/^/example package: /' "$work/review.log"
[ "$status" = 0 ] || { echo "example package: accepting on the review page failed ($status; 77: chromium, chromedriver or selenium missing, scripts/bootstrap.sh --test installs them)" >&2; exit 1; }
snapshots=Tests/FilmSnapshotsTests/__Snapshots__
! diff -rq "$snapshots" "$root/Examples/FilmSnapshots/$snapshots" >/dev/null || { echo "example package: no golden changed" >&2; exit 1; }
swift test > "$work/accepted.log" 2>&1 || { cat "$work/accepted.log"; echo "example package: the tests fail after the accept" >&2; exit 1; }
echo "example package: the failures accepted on the review page, the tests pass without record mode"
echo "example package: built and tested in $(( $(date +%s) - start )) s (outside the checkout, in $work)"
