#!/usr/bin/env bash
# The coverage-guided fuzzers (libFuzzer, address sanitizer) of every parser of outside bytes: `make fuzz`, and a
# short run in `make test`. Builds Fuzz/ (a package of its own, so users see no fuzzer product) into .build-fuzz as
# one executable, spruce-fuzzer, whose FUZZ_TARGET picks the parser (Fuzz/Targets/FuzzTarget.swift lists them).
# For each target in FUZZ_TARGETS (default: all): replays the regression inputs in Fuzz/regressions/TARGET, then
# fuzzes from the seeds in Fuzz/corpus/TARGET (the scene target also from fixtures/scenes), with
# Fuzz/dictionaries/TARGET.dict when there is one, for FUZZ_RUNS inputs or FUZZ_SECONDS seconds, whichever ends
# first. The inputs found are kept in .build-fuzz/corpus/TARGET for the next run. Exits non-zero when any target
# crashes, reports a sanitizer error, leaks, times out or runs out of memory; the input is then in
# .build-fuzz/crashes/TARGET/ (add it to Fuzz/regressions/TARGET, with a test of the fix).
# `fuzz.sh --build` only builds the fuzzer (make test builds it beside other work, then fuzzes on a quiet machine).
set -euo pipefail
cd "$(dirname "$0")/.."
SWIFT="${SWIFT:-swift}"
[ "$#" -eq 0 ] || [ "$*" = --build ] || { echo "fuzz: unknown argument '$1' (the only one is --build)" >&2; exit 64; }
SCRATCH="$PWD/.build-fuzz"
RUNS="${FUZZ_RUNS:-100000}"
SECONDS_LIMIT="${FUZZ_SECONDS:-900}"
jobs_limit="${FUZZ_JOBS:-$(nproc)}"
[[ "$jobs_limit" =~ ^[1-9][0-9]?$ ]] || { echo "fuzz: FUZZ_JOBS must be 1-99, got '$jobs_limit'" >&2; exit 64; }
RT="$(dirname "$(dirname "$(command -v "$SWIFT")")")/lib/swift/clang/lib/linux"
NO_MAIN="$RT/libclang_rt.fuzzer_no_main-$(uname -m).a"
[ -f "$NO_MAIN" ] || { echo "fuzz: libFuzzer not found at $NO_MAIN (needs the Swift toolchain's compiler-rt)" >&2; exit 69; }

# Swift code: address sanitizer plus libFuzzer's coverage (what -sanitize=fuzzer adds); C code (libyaml
# inside Yams, NIO's C parts) the same through clang. libFuzzer is linked without its main: the
# fuzzer's main.swift calls LLVMFuzzerRunDriver, since SwiftPM gives every executable a Swift main.
# The main package is a path dependency here, whose new source files SwiftPM's cached build plan would miss.
(cd Fuzz && "$SWIFT" build -c debug --scratch-path "$SCRATCH" --product spruce-fuzzer --disable-build-manifest-caching \
    -Xswiftc -sanitize=address -Xswiftc -sanitize-coverage=edge,trace-cmp,inline-8bit-counters,pc-table \
    -Xcc -fsanitize=fuzzer-no-link,address -Xlinker "$NO_MAIN" -Xlinker -lstdc++ >&2)
FUZZER="$SCRATCH/debug/spruce-fuzzer"
if [ "${1:-}" = --build ]; then exit 0; fi
TARGETS="${FUZZ_TARGETS:-scene batch golden images mp4 part-label frames-manifest preview}"
COMMON=(-timeout=30 -rss_limit_mb=2048 -max_len=16384)

# One target: its regressions replayed, then fuzzed; its lines on stderr, and exit 1 when it failed.
fuzz_target() {
    local target="$1" crashes="$SCRATCH/crashes/$1" corpus="$SCRATCH/corpus/$1" status=0
    mkdir -p "$corpus" "$crashes"
    local regressions=(Fuzz/regressions/"$target"/*)
    if [ -e "${regressions[0]}" ]; then
        echo "fuzz: $target: replaying ${#regressions[@]} regression inputs" >&2
        if ! FUZZ_TARGET="$target" "$FUZZER" "${COMMON[@]}" -artifact_prefix="$crashes/" "${regressions[@]}" \
            >"$SCRATCH/$target-regressions.log" 2>&1; then
            echo "fuzz: $target: a regression input FAILED; the log is $SCRATCH/$target-regressions.log" >&2
            return 1
        fi
    fi
    local seeds=() dict=()
    [ -d "Fuzz/corpus/$target" ] && seeds+=("Fuzz/corpus/$target")
    [ "$target" = scene ] && seeds+=(fixtures/scenes)
    [ -f "Fuzz/dictionaries/$target.dict" ] && dict=(-dict="Fuzz/dictionaries/$target.dict")
    echo "fuzz: $target: up to $RUNS inputs or $SECONDS_LIMIT s" >&2
    local log="$SCRATCH/$target-last-run.log"
    FUZZ_TARGET="$target" "$FUZZER" "${COMMON[@]}" "${dict[@]}" -artifact_prefix="$crashes/" -runs="$RUNS" \
        -max_total_time="$SECONDS_LIMIT" -print_final_stats=1 "$corpus" "${seeds[@]}" >"$log" 2>&1 || status=$?
    grep -E "^(stat::number_of_executed_units|stat::new_units_added|stat::peak_rss_mb)|^Done|DONE|ERROR|SUMMARY|Test unit written|fuzz invariant" "$log" \
        | sed "s/^/fuzz: $target: /" >&2 || true
    if [ "$status" -ne 0 ]; then
        echo "fuzz: $target: FAILED (exit $status); the log is $log" >&2
        return 1
    fi
}

# The targets run FUZZ_JOBS at a time (default one per processor; each fuzzer is one thread), each still for its own
# FUZZ_SECONDS; a target's lines come out together, when it ends.
declare -A running=()   # pid -> target
failed=()
children() {  # stops the running targets' shells and their fuzzers (already gone after a Ctrl-C at the terminal)
    local pid
    for pid in "${!running[@]}"; do
        pkill -P "$pid" 2>/dev/null || true
        kill "$pid" 2>/dev/null || true
    done
}
trap 'children; exit 130' INT
trap 'children; exit 143' TERM
reap() {  # waits for one target to end and records its outcome
    local pid status=0
    wait -n -p pid "${!running[@]}" || status=$?
    cat "$SCRATCH/${running[$pid]}.lines" >&2
    [ "$status" -eq 0 ] || failed+=("${running[$pid]}")
    unset "running[$pid]"
}
for target in $TARGETS; do
    while [ "${#running[@]}" -ge "$jobs_limit" ]; do reap; done
    fuzz_target "$target" 2>"$SCRATCH/$target.lines" &
    running[$!]="$target"
done
while [ "${#running[@]}" -gt 0 ]; do reap; done
if [ "${#failed[@]}" -ne 0 ]; then
    echo "fuzz: FAILED: ${failed[*]}" >&2
    exit 1
fi
echo "fuzz: no crash in $TARGETS" >&2
