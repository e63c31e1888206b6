#!/usr/bin/env bash
# Builds and tests Examples/FilmSnapshots as a user's package would: copied outside the checkout, depending on
# the library products by path (a `spruce` link to this checkout). --record copies the goldens it wrote back.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
work="$(mktemp -d "${TMPDIR:-/tmp}/spruce-example.XXXXXX")"
trap 'rm -rf "$work"' EXIT INT TERM
mkdir -p "$work/a/b"
cp -R "$root/Examples/FilmSnapshots/." "$work/a/b/"
rm -rf "$work/a/b/.build"
ln -s "$root" "$work/spruce"
# ../../spruce from a/b is $work/spruce.
cd "$work/a/b"
start=$(date +%s)
if [ "${1:-}" = "--record" ]; then
  # Missing references are recorded (and reported as failures) by swift-snapshot-testing itself.
  SNAPSHOT_TESTING_RECORD=all swift test || true
  rm -rf "$root/Examples/FilmSnapshots/Tests/FilmSnapshotsTests/__Snapshots__"
  cp -R Tests/FilmSnapshotsTests/__Snapshots__ "$root/Examples/FilmSnapshots/Tests/FilmSnapshotsTests/"
  exit 0
fi
swift test
echo "example package: built and tested in $(( $(date +%s) - start )) s (outside the checkout, in $work)"
