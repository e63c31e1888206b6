#!/usr/bin/env bash
# The figures of docs/Distributed.md: a 60 s 1080p film rendered whole, as 4 segments on 2 local workers and as
# 4 segments on 2 ssh hosts in network namespaces (root), with the join; then a 200-item batch in 1 and in 4
# shards. Every joined film is checked against the whole (framemd5). Prints one line per figure.
#
#   RENDER_GIF=.build-release/release/render-gif scripts/distributed/figures.sh
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
rg=$(readlink -f "${RENDER_GIF:-.build/release/render-gif}")
work=$(mktemp -d /tmp/spruce-figures.XXXXXX)
trap 'rm -rf "$work"' EXIT
# The README grid at 1920x1080, 60 fps, held to 60 s (3,602 frames): an entrance, a long hold, the exit.
film=(--scene grid --size 1920x1080 --hold 70)
seconds() { awk -v s="$1" -v e="$(date +%s.%N)" 'BEGIN { printf "%.1f", e - s }'; }
md5() { ffmpeg -v error -i "$1" -f framemd5 - | grep -v '^#' | md5sum | cut -d' ' -f1; }

start=$(date +%s.%N); "$rg" "${film[@]}" --quiet --out "$work/plain.mp4"
echo "whole, ordinary encoding (CRF 20): $(seconds "$start") s"
start=$(date +%s.%N); "$rg" "${film[@]}" --quiet --segment 1/1 --out "$work/whole.mp4"
echo "whole, joinable encoding (--segment 1/1): $(seconds "$start") s, $(ffprobe -v error -count_packets -show_entries stream=nb_read_packets -of csv=p=0 "$work/whole.mp4") frames"
whole=$(md5 "$work/whole.mp4")
start=$(date +%s.%N)
RENDER_GIF=$rg "$here/render-segments.sh" -n 4 -j 2 -o "$work/local.mp4" -- "${film[@]}" --threads 1
echo "4 segments on 2 local workers + join: $(seconds "$start") s; framemd5 equal: $([ "$(md5 "$work/local.mp4")" = "$whole" ] && echo yes || echo NO)"
if [ "$(id -u)" -eq 0 ]; then
    start=$(date +%s.%N)
    WHOLE=$work/whole.mp4 FILM_FLAGS="${film[*]} --threads 1" SEGMENTS=4 RENDER_GIF=$rg "$here/netns-test.sh"
    echo "4 segments on 2 namespace ssh hosts + join (and setup): $(seconds "$start") s"
fi

mkdir -p "$work/batch"
scenes=(grid list minimal stagger cards profile)
{
    echo "items:"
    for i in $(seq 0 199); do
        echo "  - {scene: ${scenes[$((i % 6))]}, out: out/item-$i.mp4, flags: [--size, 240x240, --fps, 25, --hold, '$(awk -v i="$i" 'BEGIN { printf "%.1f", (i % 7) * 0.3 }')']}"
    done
} >"$work/batch/renders.yaml"
start=$(date +%s.%N)
"$rg" batch "$work/batch/renders.yaml" --jobs 2 --report "$work/batch/one.json" >/dev/null
echo "200-item batch, 1 shard, --jobs 2: $(seconds "$start") s"
rm -rf "$work/batch/out"
for shard in 1 2 3 4; do
    start=$(date +%s.%N)
    "$rg" batch "$work/batch/renders.yaml" --shard "$shard/4" --jobs 2 --report "$work/batch/s$shard.json" | tail -1
    echo "  shard $shard/4: $(seconds "$start") s"
done
start=$(date +%s.%N)
"$rg" batch "$work/batch/renders.yaml" --jobs 2 | tail -1
echo "200-item batch re-run, all up to date: $(seconds "$start") s"
