#!/usr/bin/env bash
# `timed.sh NAME COMMAND…`: runs COMMAND, then prints "make test: NAME took N s" on stderr (also when it fails),
# and exits with COMMAND's status. make test wraps each phase in it, so a log says where the time went.
set -uo pipefail
name="$1"
shift
start=$(date +%s)
"$@"
status=$?
echo "make test: $name took $(( $(date +%s) - start )) s$([ "$status" -eq 0 ] || echo " (exit $status)")" >&2
exit "$status"
