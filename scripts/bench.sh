#!/usr/bin/env bash
# The performance benchmark (docs/Performance.md): builds spruce-bench in release mode with its own scratch
# path and prints Markdown tables. Arguments go to spruce-bench, e.g. `scripts/bench.sh --quick --repeat 3`.
# Timings depend on the machine's load: run it when the machine is quiet (see `uptime`).
set -euo pipefail
cd "$(dirname "$0")/.."
SWIFT="${SWIFT:-swift}"
SCRATCH="${BENCH_SCRATCH:-.build-bench}"
# Static Swift runtime, as `make install` builds render-gif: the process start-up is what users pay.
"$SWIFT" build -c release --static-swift-stdlib --scratch-path "$SCRATCH" --product spruce-bench >&2
echo "command: scripts/bench.sh $*   ($(date -u +%Y-%m-%dT%H:%MZ), $(nproc) cores, $(uname -m))"
BIN="$("$SWIFT" build -c release --static-swift-stdlib --scratch-path "$SCRATCH" --show-bin-path)/spruce-bench"
# `scripts/bench.sh ratios …` (the quick end-to-end ÷ encoder-only table) skips the goldens' timing and the preview;
# `scripts/bench.sh pool LOG…` pools the run logs of `ratios --runs LOG`.
case "${1:-}" in ratios | pool) exec "$BIN" "$@" ;; esac
"$BIN" goldens 100
"$BIN" "$@"
# The live preview: save-to-first-frame and frames served per second (docs/Preview.md), on a release render-gif.
"$SWIFT" build -c release --static-swift-stdlib --scratch-path "$SCRATCH" --product render-gif >&2
python3 scripts/preview-bench.py "$(dirname "$BIN")/render-gif"
# The review page: the start-up and the page's first load for 20 changed scenes (docs/Performance.md).
python3 scripts/review-bench.py "$(dirname "$BIN")/render-gif"
