#!/usr/bin/env python3
"""Times two commands as whole processes, in turn (A B A B ...), and prints their medians and the median of the
ratios A/B taken pair by pair, for the figures in docs/Performance.md:

    scripts/bench/paired.py [-n RUNS] [--warmup N] --vs 'COMMAND B' -- COMMAND A ...
    scripts/bench/paired.py -n 11 -- COMMAND ...            # one command alone

Each run's CPU seconds are the operating system's account of the finished child and every descendant it waited
for (user + system, from wait4); wall seconds are a monotonic clock around start and reap. Pairing keeps a ratio
meaningful when the machine's speed drifts during the call; min and max show how noisy the machine was. A command
runs without a shell (write `sh -c '...'` for redirections), with an empty standard input and its output discarded.
"""
import argparse
import os
import shlex
import statistics
import subprocess
import sys
import time


def run_once(argv):
    """(wall s, CPU s, exit status) of one whole run of argv."""
    start = time.monotonic()
    child = subprocess.Popen(argv, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(child.pid, 0)
    wall = time.monotonic() - start
    child.returncode = os.waitstatus_to_exitcode(status)
    return wall, usage.ru_utime + usage.ru_stime, child.returncode


def row(name, values):
    return f"{name:<12} {min(values):10.3f} {statistics.median(values):10.3f} {max(values):10.3f}"


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("-n", "--runs", type=int, default=7, help="counted runs of each command (1-100)")
    parser.add_argument("--warmup", type=int, default=1, help="uncounted runs of each command first (0-10)")
    parser.add_argument("--vs", help="the second command (B), one string split as a shell splits words")
    parser.add_argument("command", nargs=argparse.REMAINDER, help="-- then command A and its arguments")
    options = parser.parse_args()
    command_a = options.command[1:] if options.command[:1] == ["--"] else options.command
    if not command_a or not 1 <= options.runs <= 100 or not 0 <= options.warmup <= 10:
        parser.error("give a command after --, 1-100 runs and 0-10 warm-up runs")
    commands = [("A", command_a)] + ([("B", shlex.split(options.vs))] if options.vs else [])
    results = {name: [] for name, _ in commands}
    try:
        for round in range(options.warmup + options.runs):
            for name, argv in commands:
                run = run_once(argv)
                if round >= options.warmup:
                    results[name].append(run)
    except KeyboardInterrupt:
        sys.exit(130)
    print(f"{'':<12} {'min':>10} {'median':>10} {'max':>10}   ({options.runs} runs each, in turn)")
    for name, argv in commands:
        failed = sum(1 for *_, status in results[name] if status != 0)
        print(f"{name} = {shlex.join(argv)}" + (f"   ({failed} runs exited non-zero)" if failed else ""))
        print(row(f"{name} wall s", [w for w, _, _ in results[name]]))
        print(row(f"{name} CPU s", [c for _, c, _ in results[name]]))
    if options.vs:
        pairs = list(zip(results["A"], results["B"]))
        print(row("A/B wall", [a[0] / b[0] for a, b in pairs]))
        print(row("A/B CPU", [a[1] / b[1] for a, b in pairs]))


if __name__ == "__main__":
    main()
