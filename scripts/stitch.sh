#!/usr/bin/env bash
# Turns a folder of PNG frames into an MP4, GIF or WebM with the renderer's own encoder settings:
#   scripts/stitch.sh FRAMES_DIR OUT_FILE [FPS] [more render-gif stitch flags...]
# FPS defaults to 50 for .gif and 60 otherwise. Uses $RENDER_GIF, else the release binary, else the debug one.
set -euo pipefail
frames="${1:?usage: scripts/stitch.sh FRAMES_DIR OUT_FILE [FPS] [flags...]}"
target="${2:?usage: scripts/stitch.sh FRAMES_DIR OUT_FILE [FPS] [flags...]}"
shift 2
fps=()
if [[ $# -gt 0 && "$1" != -* ]]; then fps=(--fps "$1"); shift; fi
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
bin="${RENDER_GIF:-}"  # RENDER_GIF overrides the binary
for candidate in "$root/.build/release/render-gif" "$root/.build/debug/render-gif"; do
    if [[ -z "$bin" && -x "$candidate" ]]; then bin="$candidate"; fi
done
if [[ -z "$bin" ]]; then
    echo "stitch.sh: render-gif not built; run 'make build' first" >&2
    exit 69
fi
exec "$bin" stitch "$frames" --out "$target" "${fps[@]}" "$@"
