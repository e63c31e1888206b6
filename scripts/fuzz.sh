#!/usr/bin/env bash
# The scene parser's coverage-guided fuzzer (libFuzzer, address sanitizer): `make fuzz`, and a short run in
# `make test`. Builds Fuzz/ (a package of its own, so users see no fuzzer product) into .build-fuzz, replays
# the regression inputs in Fuzz/regressions, then fuzzes from fixtures/scenes (JSON and YAML) for FUZZ_RUNS
# inputs or FUZZ_SECONDS seconds, whichever ends first. Exits non-zero on any crash, sanitizer report, leak,
# timeout or out-of-memory; the input is then in .build-fuzz/crashes/ (add it to Fuzz/regressions).
set -euo pipefail
cd "$(dirname "$0")/.."
SWIFT="${SWIFT:-swift}"
SCRATCH="$PWD/.build-fuzz"
RUNS="${FUZZ_RUNS:-100000}"
SECONDS_LIMIT="${FUZZ_SECONDS:-900}"
RT="$(dirname "$(dirname "$(command -v "$SWIFT")")")/lib/swift/clang/lib/linux"
NO_MAIN="$RT/libclang_rt.fuzzer_no_main-$(uname -m).a"
[ -f "$NO_MAIN" ] || { echo "fuzz: libFuzzer not found at $NO_MAIN (needs the Swift toolchain's compiler-rt)" >&2; exit 69; }

# Swift code: address sanitizer plus libFuzzer's coverage (what -sanitize=fuzzer adds); C code (libyaml
# inside Yams) the same through clang. libFuzzer is linked without its main: the target's main.swift calls
# LLVMFuzzerRunDriver, since SwiftPM gives every executable a Swift main.
# The main package is a path dependency here, whose new source files SwiftPM's cached build plan would miss.
(cd Fuzz && "$SWIFT" build -c debug --scratch-path "$SCRATCH" --product scene-fuzzer --disable-build-manifest-caching \
    -Xswiftc -sanitize=address -Xswiftc -sanitize-coverage=edge,trace-cmp,inline-8bit-counters,pc-table \
    -Xcc -fsanitize=fuzzer-no-link,address -Xlinker "$NO_MAIN" -Xlinker -lstdc++ >&2)
FUZZER="$SCRATCH/debug/scene-fuzzer"
mkdir -p "$SCRATCH/corpus" "$SCRATCH/crashes"
COMMON=(-timeout=30 -rss_limit_mb=2048 -max_len=16384 -artifact_prefix="$SCRATCH/crashes/")

echo "fuzz: replaying $(ls Fuzz/regressions | wc -l) regression inputs" >&2
"$FUZZER" "${COMMON[@]}" Fuzz/regressions/* 2>&1 | tail -n 1 >&2

echo "fuzz: up to $RUNS inputs or $SECONDS_LIMIT s, seeded from fixtures/scenes" >&2
log="$SCRATCH/last-run.log"
status=0
"$FUZZER" "${COMMON[@]}" -dict=Fuzz/scene.dict -runs="$RUNS" -max_total_time="$SECONDS_LIMIT" -print_final_stats=1 \
    "$SCRATCH/corpus" fixtures/scenes >"$log" 2>&1 || status=$?
grep -E "^(stat::number_of_executed_units|stat::new_units_added|stat::peak_rss_mb)|^Done|ERROR|SUMMARY|Test unit written" "$log" >&2 || true
if [ "$status" -ne 0 ]; then
    echo "fuzz: FAILED (exit $status); the log is $log" >&2
    exit 1
fi
echo "fuzz: no crash" >&2
