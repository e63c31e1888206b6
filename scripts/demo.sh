#!/usr/bin/env bash
# Renders the default demo with the release binary: OUT_DIR/demo.gif (grid scene, cornered sort, as in the
# Spruce README) and OUT_DIR/demo.mp4. `make demo` builds the binary first (swift build -c release).
set -euo pipefail
out="${1:?usage: scripts/demo.sh OUT_DIR}"
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
bin="${RENDER_GIF:-$root/.build/release/render-gif}"  # RENDER_GIF overrides, e.g. a debug build
if [[ ! -x "$bin" ]]; then
    echo "demo.sh: $bin not found; run 'make build' (swift build -c release --product render-gif) first" >&2
    exit 69
fi
mkdir -p "$out"
"$bin" --scene grid --sort cornered --out "$out/demo.gif"
"$bin" --scene grid --sort cornered --out "$out/demo.mp4"
echo "wrote $out/demo.gif and $out/demo.mp4"
