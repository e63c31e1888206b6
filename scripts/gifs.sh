#!/usr/bin/env bash
# Renders our versions of Spruce's eight documented example gifs into $OUT (default out/gifs) and, for each,
# a comparison sheet: a row of our frames above a row of the original's frames at the same times.
# Usage: scripts/gifs.sh [OUT]     (RENDER_GIF=path/to/render-gif, REFERENCE=folder of the original gifs)
set -euo pipefail
cd "$(dirname "$0")/.."
OUT=${1:-out/gifs}
RENDER_GIF=${RENDER_GIF:-.build/release/render-gif}
REFERENCE=${REFERENCE:-../shared/reference/gifs}
[ -d "$REFERENCE" ] || REFERENCE=/work/shared/reference/gifs
[ -x "$RENDER_GIF" ] || { echo "gifs.sh: $RENDER_GIF not found; run 'make build' first" >&2; exit 1; }
[ -d "$REFERENCE" ] || { echo "gifs.sh: reference gifs not found in $REFERENCE (set REFERENCE=…)" >&2; exit 1; }
mkdir -p "$OUT"

scene_for() {
    case "$1" in
        extensibility-tests) echo fixtures/scenes/phones.json ;;
        *) echo "fixtures/scenes/gifs/$1.json" ;;
    esac
}

names=(cornered-sort-function continuous-sort-function radial-sort-function linear-sort-function
       inline-sort-function random-sort-function weighted-continuous-sort-function extensibility-tests)
for name in "${names[@]}"; do
    echo "gifs: $name"
    "$RENDER_GIF" --scene "$(scene_for "$name")" --out "$OUT/$name.gif" --quiet
    cp "$REFERENCE/$name.gif" "$OUT/$name-original.gif"
    python3 scripts/gifs/sheet.py "$OUT/$name.gif" "$REFERENCE/$name.gif" "$OUT/$name-sheet.png"
done
python3 scripts/gifs/index.py "$OUT" "${names[@]}"
echo "gifs: sheets indexed in $OUT/index.html"
