#!/usr/bin/env bash
# Manim Community against Spruce on the benchmark's 13x13 example scene (docs/Performance.md), interleaved round
# by round so that the machine's load hits both alike. Optional, outside CI; needs Manim (see manim_grid.py) and
# spruce-bench built by scripts/bench.sh.
#
#   scripts/bench/manim_vs_spruce.sh [rounds]        MANIM=/path/to/manim to pick a virtualenv's manim
set -euo pipefail
cd "$(dirname "$0")/../.."
rounds="${1:-5}"
manim="${MANIM:-manim}"
bench=".build-bench/release/spruce-bench"
[ -x "$bench" ] || { echo "build spruce-bench first: scripts/bench.sh --help" >&2; exit 1; }
command -v "$manim" >/dev/null || { echo "manim not found (pip install manim; or MANIM=...)" >&2; exit 1; }
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
scene="$PWD/scripts/bench/manim_grid.py"

seconds() { date +%s.%N; }
ours() { "$bench" case example mp4 | tr ' ' '\n' | sed -n 's/^seconds=//p'; }

for _ in $(seq "$rounds"); do
    start=$(seconds)
    (cd "$work" && "$manim" render --renderer=cairo -r 1920,1080 --fps 60 --format mp4 --disable_caching \
        "$scene" Grid >/dev/null 2>&1)
    echo "manim $(echo "$(seconds) - $start" | bc)"
    echo "spruce-defaults $(ours)"
    echo "spruce-manim-settings $(SPRUCE_BENCH_PRESET=medium SPRUCE_BENCH_CRF=23 ours)"
done > "$work/times"

frames=$(ffprobe -v error -count_frames -select_streams v:0 -show_entries stream=nb_read_frames -of csv=p=0 \
    "$(find "$work" -name Grid.mp4 | head -1)")
ours_frames=$("$bench" case example render 1 1 | tr ' ' '\n' | sed -n 's/^frames=//p')
python3 - "$work/times" "$frames" "$ours_frames" <<'PY'
import collections, statistics, sys
runs = collections.defaultdict(list)
for line in open(sys.argv[1]):
    name, value = line.split()
    runs[name].append(float(value))
manim_frames, ours_frames = int(sys.argv[2]), int(sys.argv[3])
manim = statistics.median(runs["manim"])
print(f"| renderer | frames | wall s (median of {len(runs['manim'])}) | per frame | Manim ÷ ours: wall / per frame |")
print("|---|---|---|---|---|")
print(f"| Manim | {manim_frames} | {manim:.2f} | {1000 * manim / manim_frames:.1f} ms | |")
for name in ("spruce-manim-settings", "spruce-defaults"):
    t = statistics.median(runs[name])
    print(f"| {name} | {ours_frames} | {t:.2f} | {1000 * t / ours_frames:.1f} ms "
          f"| {manim / t:.1f}× / {(manim / manim_frames) / (t / ours_frames):.1f}× |")
PY
