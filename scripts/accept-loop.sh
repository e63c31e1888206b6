#!/usr/bin/env bash
# The accept loop as a user runs it, in an empty folder with only RENDER_GIF and the system on PATH: a scene's
# goldens recorded (`render-gif test --record`), the scene changed so that `render-gif test` fails (1),
# `render-gif review` started, the scene accepted through its HTTP API with the token of its printed address (curl), then
# `render-gif test` passes (0). Ctrl-C ends the server with status 0; afterwards the folder holds the scene and
# its goldens only and no process is left in it. scripts/test_install.sh runs it with the installed program.
#   scripts/accept-loop.sh RENDER_GIF     prints "accept-loop: ok: …" per check, exits 1 when one failed
set -uo pipefail
bin="$(cd "$(dirname "$1")" && pwd)/$(basename "$1")"
root="$(cd "$(dirname "$0")/.." && pwd)"
work="$(mktemp -d "${TMPDIR:-/tmp}/spruce-accept-loop.XXXXXX")"
trap 'rm -rf "$work"' EXIT
failures=0
fail() { echo "accept-loop: FAIL: $*" >&2; failures=$((failures + 1)); }
check() { local what="$1"; shift; if "$@"; then echo "accept-loop: ok: $what"; else fail "$what"; fi; }

folder="$work/empty"
mkdir -p "$folder"
run() { (cd "$folder" && env -i PATH="$(dirname "$bin"):/usr/bin:/bin" render-gif "$@") >"$work/out" 2>"$work/err"; }
cp "$root/fixtures/scenes/grid.json" "$folder/scene.json"
status=0; run test --record scene.json || status=$?
check "render-gif test --record scene.json exits 0 (got $status: $(head -c 300 "$work/err"))" test "$status" = 0
recorded="$(cd "$folder" && find . -type f | sort | tr '\n' ' ')"
check "... and writes the scene's three goldens (got $recorded)" \
    test "$recorded" = "./goldens/scene.filmstrip.png ./goldens/scene.motion.txt ./goldens/scene.timing.txt ./scene.json "
sed -i 's/"sort": "cornered"/"sort": "radial"/' "$folder/scene.json"
status=0; run test scene.json || status=$?
check "after a change of its sort, render-gif test scene.json exits 1 (got $status)" test "$status" = 1

# The server starts as a terminal starts a command: its own process group (job control), SIGINT and SIGQUIT at their
# defaults whatever this script inherited (render-gif keeps a signal ignored at start ignored).
set -m
(cd "$folder" && exec env -i --default-signal=INT,QUIT PATH="$(dirname "$bin"):/usr/bin:/bin" render-gif review scene.json --port 0) >"$work/review.out" 2>"$work/review.err" &
pid=$!
set +m
for _ in $(seq 600); do grep -q 'http://127\.0\.0\.1:[0-9]*/?token=' "$work/review.out" && break; kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
page="$(grep -o 'http://127\.0\.0\.1:[0-9]*/?token=[0-9a-f]*' "$work/review.out" || true)"
address="${page%%\?*}" token="${page#*token=}"
check "render-gif review scene.json prints its address with its token (got '$page': $(head -c 300 "$work/review.err"))" test -n "$page"
status="$(curl -s -o /dev/null -w '%{http_code}' --max-time 30 "$address")"
check "... the page without the token is refused with 403 (got $status)" test "$status" = 403
check "... the page at the printed address carries the token" bash -c "curl -sf --max-time 30 '$page' | grep -q '$token'"
status="$(curl -s -o /dev/null -w '%{http_code}' --max-time 30 -X POST -d '{}' "${address}api/accept")"
check "... an accept without the token is refused with 403 (got $status)" test "$status" = 403
id="$(curl -sf --max-time 30 -H "X-Review-Token: $token" "${address}api/items" |
    python3 -c 'import json, sys; print(*[i["id"] for i in json.load(sys.stdin)["items"] if i["name"] == "scene"])')"
check "... lists the changed scene (id '$id')" test -n "$id"
state="$(curl -sf --max-time 120 -X POST -H "X-Review-Token: $token" -H 'Content-Type: application/json' -d '{}' \
    "${address}api/items/$id/accept" | python3 -c 'import json, sys; print(json.load(sys.stdin)["state"])')"
check "... POST /api/items/ID/accept with the token accepts it (state '$state')" test "$state" = accepted
children="$(ps -o pid= --ppid "$pid" | tr -d ' ' | tr '\n' ' ')"
kill -INT "$pid" 2>/dev/null || true
for _ in $(seq 300); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
kill -KILL "$pid" 2>/dev/null || true  # a hang fails the next check instead of the whole script
status=0; wait "$pid" || status=$?
check "... exits 0 on Ctrl-C (got $status)" test "$status" = 0
check "... says nothing on stderr" test ! -s "$work/review.err"
left=""
for p in $children; do kill -0 "$p" 2>/dev/null && left="$left $p"; done
for p in /proc/[0-9]*; do [ "$(readlink "$p/cwd" 2>/dev/null)" = "$folder" ] && left="$left ${p#/proc/}"; done
check "... and leaves no process behind (left:$left)" test -z "$left"

status=0; run test scene.json || status=$?
check "render-gif test scene.json passes after the accept (got $status: $(head -c 300 "$work/err"))" test "$status" = 0
check "the folder holds the scene and its goldens only (got $(cd "$folder" && find . | sort | tr '\n' ' '))" \
    test "$(cd "$folder" && find . | sort | tr '\n' ' ')" = ". ./goldens ./goldens/scene.filmstrip.png ./goldens/scene.motion.txt ./goldens/scene.timing.txt ./scene.json "

[ "$failures" = 0 ] || { echo "accept-loop: $failures failed" >&2; exit 1; }
echo "accept-loop: all passed"
