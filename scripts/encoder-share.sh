#!/usr/bin/env bash
# How much of a render's work is render-gif's own, against x264 encoding the very same frames from a file:
#
#   scripts/encoder-share.sh RENDER_GIF SCENE.json WIDTHxHEIGHT [FOLDER]
#
# 1. Renders SCENE to MP4 once through a wrapper named by SPRUCE_FFMPEG that copies the raw frames render-gif pipes
#    to ffmpeg into FOLDER/frames.yuv and keeps ffmpeg's arguments.
# 2. Encodes that file with the same arguments (`-i frames.yuv` for `-i -`) and checks that both MP4s are the same
#    bytes: the encoder alone did exactly the work the pipeline's encoder did.
# 3. Counts the instructions each process runs in user space (valgrind's callgrind, children followed): render-gif,
#    the ffmpeg it started, and ffmpeg alone on the file. Instruction counts are the same on every run, whatever else
#    the machine does; they do not include the kernel's part (the pipe), which `perf record` over both shows.
# 4. With PAIRS=N, times N pairs in turn as whole processes (/usr/bin/time): the pipeline, with the CPU time of
#    the ffmpeg it started taken apart (a second wrapper times it), then ffmpeg alone on the file. It prints each
#    pair and the medians of render-gif's own CPU, of its ffmpeg against ffmpeg alone and of the whole tree
#    against ffmpeg alone. COUNT=0 skips the instruction counts.
# It prints the two commands, for timing them as whole processes with any timer, and the figures. FOLDER (default
# a temporary one, removed at the end) keeps the frames, the outputs and callgrind's files when given.
set -euo pipefail
if [[ $# -lt 3 || $# -gt 4 ]]; then
    echo "usage: scripts/encoder-share.sh RENDER_GIF SCENE.json WIDTHxHEIGHT [FOLDER]" >&2
    exit 64
fi
render_gif="$(realpath "$1")" scene="$(realpath "$2")" size="$3"
[[ "$size" =~ ^[0-9]{2,5}x[0-9]{2,5}$ ]] || { echo "encoder-share: size must be WIDTHxHEIGHT, got '$size'" >&2; exit 64; }
ffmpeg="$(command -v ffmpeg)" || { echo "encoder-share: ffmpeg is not on PATH" >&2; exit 69; }
pairs="${PAIRS:-0}" count="${COUNT:-1}"
[[ "$pairs" =~ ^[0-9]{1,3}$ ]] || { echo "encoder-share: PAIRS must be 0-999, got '$pairs'" >&2; exit 64; }
[[ "$count" == 0 || "$count" == 1 ]] || { echo "encoder-share: COUNT must be 0 or 1, got '$count'" >&2; exit 64; }
if [[ "$count" == 1 ]]; then
    command -v valgrind >/dev/null || { echo "encoder-share: valgrind is not installed (apt-get install valgrind)" >&2; exit 69; }
fi
if (( pairs > 0 )); then
    [[ -x /usr/bin/time ]] || { echo "encoder-share: /usr/bin/time is not installed (apt-get install time)" >&2; exit 69; }
fi
if [[ $# -eq 4 ]]; then
    work="$(mkdir -p "$4" && realpath "$4")"
else
    work="$(mktemp -d)"
    trap 'rm -rf "$work"' EXIT
fi
trap 'exit 130' INT
trap 'exit 143' TERM

# The wrapper: ffmpeg itself is the process render-gif started (exec), reading the frames through tee.
cat > "$work/ffmpeg-copying-frames" <<EOF
#!/usr/bin/env bash
case " \$* " in
*" -i - "*) printf '%s\0' "\$@" > "$work/arguments"; exec "$ffmpeg" "\$@" < <(tee "$work/frames.yuv") ;;
esac
exec "$ffmpeg" "\$@"
EOF
chmod +x "$work/ffmpeg-copying-frames"
SPRUCE_FFMPEG="$work/ffmpeg-copying-frames" "$render_gif" --scene "$scene" --size "$size" --out "$work/pipeline.mp4" -q

# The same arguments, reading the file and writing alone.mp4.
mapfile -d '' arguments < "$work/arguments"
for i in "${!arguments[@]}"; do
    [[ "${arguments[$i]}" == "-" && "${arguments[$((i - 1))]}" == "-i" ]] && arguments[$i]="$work/frames.yuv"
done
arguments[$((${#arguments[@]} - 1))]="$work/alone.mp4"
"$ffmpeg" "${arguments[@]}"
cmp -s "$work/pipeline.mp4" "$work/alone.mp4" || { echo "encoder-share: the two MP4s differ; the comparison would not be fair" >&2; exit 70; }

echo "pipeline:     $render_gif --scene $scene --size $size --out pipeline.mp4"
printf 'encoder alone: %q' "$ffmpeg"; printf ' %q' "${arguments[@]}"; echo
echo "both MP4s are the same $(stat -c %s "$work/alone.mp4") bytes"

if (( pairs > 0 )); then
    # The tree's CPU (render-gif waits for its ffmpeg, so its rusage holds both), its ffmpeg's alone, then the
    # reference's: user + system seconds, pair by pair.
    printf '#!/usr/bin/env bash\nexec /usr/bin/time -f "%%U %%S" -a -o %q %q "$@"\n' "$work/encoder.times" "$ffmpeg" > "$work/ffmpeg-timed"
    chmod +x "$work/ffmpeg-timed"
    rm -f "$work/tree.times" "$work/encoder.times" "$work/alone.times"
    for ((k = 0; k < pairs; k++)); do
        SPRUCE_FFMPEG="$work/ffmpeg-timed" /usr/bin/time -f "%U %S" -a -o "$work/tree.times" \
            "$render_gif" --scene "$scene" --size "$size" --out "$work/timed.mp4" -q
        /usr/bin/time -f "%U %S" -a -o "$work/alone.times" "$ffmpeg" "${arguments[@]}"
    done
    paste "$work/tree.times" "$work/encoder.times" "$work/alone.times" | awk '
        function median(v, n,   i, j, t) {
            for (i = 2; i <= n; i++) for (j = i; j > 1 && v[j - 1] > v[j]; j--) { t = v[j]; v[j] = v[j - 1]; v[j - 1] = t }
            return n % 2 ? v[(n + 1) / 2] : (v[n / 2] + v[n / 2 + 1]) / 2
        }
        { tree = $1 + $2; encoder = $3 + $4; alone = $5 + $6; n++
          own[n] = tree - encoder; ratio[n] = tree / alone; slowed[n] = encoder / alone; share[n] = (tree - encoder) / alone
          printf "pair %d: CPU s: whole tree %.2f (render-gif %.3f, its ffmpeg %.2f), ffmpeg alone %.2f\n", n, tree, tree - encoder, encoder, alone }
        END { printf "median of %d pairs: whole tree / ffmpeg alone %.3f; its ffmpeg / ffmpeg alone %.3f; render-gif %.3f CPU s, %.1f %% of ffmpeg alone\n",
                     n, median(ratio, n), median(slowed, n), median(own, n), 100 * median(share, n) }'
fi
[[ "$count" == 1 ]] || exit 0

# valgrind 3.19 cannot read the DWARF of Swift 6.3 binaries: count a copy without debug information.
strip -g -o "$work/render-gif" "$render_gif"
mkdir -p "$work/callgrind"
SPRUCE_FFMPEG_STALL_SECONDS=86400 valgrind --tool=callgrind --trace-children=yes \
    --callgrind-out-file="$work/callgrind/pipeline.%p" "$work/render-gif" --scene "$scene" --size "$size" \
    --out "$work/counted.mp4" -q 2> "$work/callgrind/pipeline.log"
valgrind --tool=callgrind --trace-children=yes --callgrind-out-file="$work/callgrind/alone.%p" \
    "$ffmpeg" "${arguments[@]}" 2> "$work/callgrind/alone.log"

instructions() {  # the summed instruction count of the callgrind files $1.* whose command starts with $2
    local total=0 file
    for file in "$work/callgrind/$1".*; do
        [[ "$file" == *.log ]] && continue
        grep -q "^cmd: *$2" "$file" || continue
        total=$((total + $(sed -n 's/^summary: //p' "$file")))
    done
    echo "$total"
}
own="$(instructions pipeline "$work/render-gif")"
encoder="$(instructions pipeline "$ffmpeg")"
alone="$(instructions alone "$ffmpeg")"
echo "instructions (user space): render-gif $own, its ffmpeg $encoder, ffmpeg alone on the same frames $alone"
awk -v o="$own" -v e="$encoder" -v a="$alone" 'BEGIN {
    printf "render-gif / ffmpeg alone: %.4f   its ffmpeg / ffmpeg alone: %.4f   whole tree / ffmpeg alone: %.4f\n", o / a, e / a, (o + e) / a
}'
