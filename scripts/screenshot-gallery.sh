#!/usr/bin/env bash
# Opens the gallery page in a real headless Chromium, checks that every <img> decoded (naturalWidth > 0)
# and takes a full-page screenshot PNG.
#   scripts/screenshot-gallery.sh [out/gallery] [screenshot.png]
# Installs Debian's `chromium` package with apt-get when it is missing (sudo when not root).
set -euo pipefail

dir="${1:-out/gallery}"
shot="${2:-$dir/screenshot.png}"
page="$(cd "$dir" && pwd)/index.html"
[ -f "$page" ] || { echo "screenshot-gallery: no $page; run make gallery first" >&2; exit 1; }

browser=""
for b in chromium chromium-browser google-chrome; do
    command -v "$b" >/dev/null && { browser="$b"; break; }
done
if [ -z "$browser" ]; then
    sudo=""
    [ "$(id -u)" -eq 0 ] || sudo="sudo"
    echo "screenshot-gallery: installing chromium" >&2
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends chromium fonts-dejavu-core >/dev/null
    browser=chromium
fi

flags=(--headless --no-sandbox --disable-gpu --hide-scrollbars --allow-file-access-from-files
       --disable-dev-shm-usage --no-first-run --virtual-time-budget=15000)

# The page's own inline script writes what it found into <body data-…> once every image has settled.
dom="$("$browser" "${flags[@]}" --window-size=1280,900 --dump-dom "file://$page" 2>/dev/null)"
status="$(grep -o 'data-media-check="[^"]*"' <<<"$dom" | head -1 | cut -d'"' -f2)"
height="$(grep -o 'data-page-height="[0-9]*"' <<<"$dom" | head -1 | cut -d'"' -f2)"
images="$(grep -o 'data-images="[0-9]*"' <<<"$dom" | head -1 | cut -d'"' -f2)"
if [ "$status" != "ok" ]; then
    echo "screenshot-gallery: images that did not load in Chromium: ${status:-no result (script did not run)}" >&2
    exit 1
fi
echo "screenshot-gallery: Chromium loaded all ${images} images; page is ${height} px tall" >&2

height=$(( height > 16000 ? 16000 : height ))
"$browser" "${flags[@]}" --window-size="1280,${height}" --screenshot="$shot" "file://$page" >/dev/null 2>&1
[ -s "$shot" ] || { echo "screenshot-gallery: Chromium wrote no screenshot" >&2; exit 1; }
echo "$shot"
