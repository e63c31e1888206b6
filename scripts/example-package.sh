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
# A golden that differs fails the Swift Testing @Test, and the run: the suite passes as it is, then fails with
# one line of its timing golden changed, the failure naming the golden.
suite=OnboardingGoldens
golden="Tests/FilmSnapshotsTests/__Snapshots__/$suite/onboarding.timing.txt"
swift test --skip-build --filter "$suite" > "$work/unchanged.log" 2>&1 || { cat "$work/unchanged.log"; echo "$suite fails with its own goldens" >&2; exit 1; }
printf 'card-9    0.000  0.100     0.100\n' >> "$golden"
if SNAPSHOT_ARTIFACTS="$work/artifacts" swift test --skip-build --filter "$suite" > "$work/changed.log" 2>&1; then
  cat "$work/changed.log"; echo "$suite passes with a changed golden" >&2; exit 1
fi
grep -q "recorded an issue" "$work/changed.log" && grep -q "timing.txt differs" "$work/changed.log" \
  || { cat "$work/changed.log"; echo "$suite: the changed golden is not reported as an issue of the @Test" >&2; exit 1; }
echo "example package: a changed golden fails the @Test ($suite) and the run"
# The failure is accepted through SpruceSnapshotReview from its artifacts folder: the golden is the film's again,
# and the suite passes without record mode.
swift run accept-goldens "$work/artifacts" > "$work/accept.log" 2>&1 || { cat "$work/accept.log"; echo "accepting the failure failed" >&2; exit 1; }
grep -q "^accepted timing-.*/__Snapshots__/$suite/onboarding.timing.txt\$" "$work/accept.log" \
  || { cat "$work/accept.log"; echo "the timing failure was not accepted into its golden" >&2; exit 1; }
cmp -s "$golden" "$root/Examples/FilmSnapshots/$golden" || { echo "the accepted golden is not the film's timing" >&2; exit 1; }
swift test --skip-build --filter "$suite" > "$work/accepted.log" 2>&1 || { cat "$work/accepted.log"; echo "$suite fails after accepting" >&2; exit 1; }
echo "example package: the failure accepted from its artifacts folder, $suite passes again"
echo "example package: built and tested in $(( $(date +%s) - start )) s (outside the checkout, in $work)"
