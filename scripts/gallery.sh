#!/usr/bin/env bash
# Builds the gallery page: for every sort function, the grid scene's GIF, its parameters, the Swift that
# reproduces it, a contact sheet, a timing chart and motion curves; then an A/B comparison, APNG and WebP, then the extensibility demos and the example scene
# files. Everything lands in one folder (default out/gallery) with relative paths only, then every
# referenced media file is checked to exist and decode.
#   scripts/gallery.sh [out/gallery]          RENDER_GIF=path/to/render-gif to skip the build
set -euo pipefail

root="$(cd "$(dirname "$0")/.." && pwd)"
out="${1:-$root/out/gallery}"
mkdir -p "$out/media"
out="$(cd "$out" && pwd)"
cd "$root"

if [ -z "${RENDER_GIF:-}" ]; then
    swift build -c release --product render-gif >&2
    RENDER_GIF="$(swift build -c release --show-bin-path)/render-gif"
fi
command -v python3 >/dev/null || { echo "gallery: python3 is needed to write the page" >&2; exit 1; }

manifest="$out/media/manifest.tsv"
: > "$manifest"
"$RENDER_GIF" --version > "$out/media/version.txt"

# entry ID GROUP SCENE [render-gif flags…]
entry() {
    local id="$1" group="$2" scene="$3"; shift 3
    echo "gallery: $id" >&2
    "$RENDER_GIF" --scene "$scene" "$@" --out "$out/media/$id.gif" \
        --sheet "$out/media/$id-sheet.png" --timing-chart "$out/media/$id-timing.png" --curves "$out/media/$id-curves.png"
    "$RENDER_GIF" --scene "$scene" "$@" --print-swift > "$out/media/$id.swift"
    printf '%s\t%s\t%s\t%s\n' "$id" "$group" "$scene" "$*" >> "$manifest"
}

grid=fixtures/scenes/grid.json
entry default             sort "$grid" --sort default
entry linear              sort "$grid" --sort linear --direction topToBottom
entry cornered            sort "$grid" --sort cornered --corner topLeft
entry radial              sort "$grid" --sort radial --position middle
entry random              sort "$grid" --sort random --seed 1
entry inline              sort "$grid" --sort inline --corner topLeft
entry continuous          sort "$grid" --sort continuous --position middle
entry continuous-weighted sort "$grid" --sort continuous-weighted --position topLeft --weights heavy,light
entry snake               sort "$grid" --sort snake --corner topLeft
entry stagger             sort "$grid" --sort stagger --from center

# The example app's extensibility screens, when the built-in scenes exist.
missing=()
for demo in list collection phones; do
    scene=""
    for ext in json yaml yml; do
        [ -f "fixtures/scenes/$demo.$ext" ] && { scene="fixtures/scenes/$demo.$ext"; break; }
    done
    if [ -n "$scene" ]; then entry "$demo" demo "$scene"; else missing+=("$demo"); fi
done
printf '%s\n' "${missing[@]:-}" > "$out/media/missing-demos.txt"

for scene in fixtures/scenes/examples/cards.json fixtures/scenes/examples/profile.yaml fixtures/scenes/examples/stagger.yaml; do
    name="$(basename "${scene%.*}")"
    entry "example-$name" example "$scene"
done

# A/B: two dampings of the grid side by side with their difference; compare exits 1 because they differ.
echo "gallery: ab-damping" >&2
status=0
"$RENDER_GIF" compare "$grid" --a "--damping 0.5" --b "--damping 0.8" --difference \
    --out "$out/media/ab-damping.gif" > "$out/media/ab-damping.txt" || status=$?
[ "$status" -eq 1 ] || { echo "gallery: compare of two dampings exited $status, expected 1 (they differ)" >&2; exit 1; }
# Full-colour formats with alpha, for the browser check.
echo "gallery: apng, webp" >&2
"$RENDER_GIF" --scene "$grid" --background transparent --out "$out/media/grid.apng"
"$RENDER_GIF" --scene "$grid" --background transparent --out "$out/media/grid.webp"

# Lottie exports: rlottie's frames beside ours, with the file to download (the venv of scripts/python-env.sh).
scripts/python-env.sh
: > "$out/media/lottie.tsv"
for pair in "lottie-grid:$grid" "lottie-cards:fixtures/scenes/examples/cards.json" \
            "lottie-profile:fixtures/scenes/examples/profile.yaml" "lottie-stagger:fixtures/scenes/examples/stagger.yaml"; do
    echo "gallery: ${pair%%:*}" >&2
    .build-venv/bin/python scripts/gallery_lottie.py "$RENDER_GIF" "$out/media" "${pair%%:*}" "${pair#*:}"
done

python3 scripts/gallery_page.py "$out"
python3 scripts/check_gallery.py "$out"
echo "$out/index.html"
