#!/usr/bin/env bash
# `make test-install` (the last part of `make test`): render-gif as people install it, run from outside the
# checkout with no environment variables.
#  0. README.md's commands: each run as written, or checked by kind (below).
#  1. The release archive (`make dist`) unpacked into a temporary prefix by the README's tar line: the README's
#     commands, and its first command once more in an empty
#     folder with `env -i` and a clean PATH, the GIF checked with ffprobe; a built-in scene with an image and
#     text with no PATH at all; `render-gif review` on a scene of its own folder, stopped with Ctrl-C; the accept
#     loop (record, change, test fails, review accepts over HTTP, test passes: scripts/accept-loop.sh); --version
#     against the Swift constant; the man page and the completions.
#     LICENSE, CHANGELOG.md and THIRD-PARTY-NOTICES: the notices name what render-gif links, not what only the
#     tests use, and hold each checkout's licence text as it is.
#  2. `make install DESTDIR=… PREFIX=…` then `make uninstall`: exactly the listed files come and go, a file that
#     was there before stays.
#  3. The Debian package (`make deb`): its fields and files, no lintian error; as root, installed with apt-get, the
#     README's first command run with env -i, then purged: none of its files is left.
#   scripts/test_install.sh ARCHIVE DEB
set -euo pipefail

archive="$(cd "$(dirname "$1")" && pwd)/$(basename "$1")"
deb="$(cd "$(dirname "$2")" && pwd)/$(basename "$2")"
root="$(cd "$(dirname "$0")/.." && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
failures=0
fail() { echo "test-install: FAIL: $*" >&2; failures=$((failures + 1)); }
pass() { echo "test-install: ok: $*"; }
check() { local what="$1"; shift; if "$@"; then pass "$what"; else fail "$what"; fi; }

version="$(sed -n 's/.*static let version = "\(.*\)".*/\1/p' "$root/Sources/render-gif/SpruceForLinux.swift")"
[ -n "$version" ] || { fail "no version constant in Sources/render-gif/SpruceForLinux.swift"; exit 1; }
clean_path="/usr/bin:/bin"  # ffmpeg and ffprobe live here; nothing of the checkout or the toolchain does

# --- 0. the README's commands ---------------------------------------------------------------------------------
# scripts/readme_commands.py lists every command of README.md's sh blocks with its kind, and fails on a command of
# a kind not covered here. Each kind is covered so:
#  - tar: the README's line, as written but for its `-C /usr/local`, unpacks this archive into section 1's prefix,
#    run where out/dist/ holds this archive alone;
#  - render-gif: run as written, in the README's order, in one folder that holds only scenes/grid.json (the README's
#    folder of scene files), with PATH holding only the installed program and the system: each exits 0 and writes
#    every file it names with --out, --sheet, --timing-chart, --curves, --report or --timing (section 1);
#  - make: its targets and variables must be the Makefile's (`make -n`); `make dist` and `make deb` made this
#    script's archive and package (test-install depends on both), section 2 runs `make install`, `make test` runs
#    this script, and `make demo` renders the README's first command (scripts/demo.sh);
#  - apt: its file pattern must name this package, which section 3 installs with apt-get (as root).
readme_commands="$work/readme-commands"
"$root/scripts/readme_commands.py" "$root/README.md" >"$readme_commands" || { fail "README.md's commands (above)"; exit 1; }
pass "README.md's commands are all of a kind this script covers ($(wc -l <"$readme_commands") commands)"
readme_of() { sed -n "s/^$1\t//p" "$readme_commands"; }
while read -r command; do
    check "README: $command: the Makefile has it (make -n)" bash -c 'cd "$1" && eval "make -n ${2#make }" >/dev/null 2>&1 </dev/null' _ "$root" "$command"
done < <(readme_of make)
while read -r command; do
    pattern="${command##* ./out/dist/}"
    # shellcheck disable=SC2053  # the README's glob, matched as a glob
    check "README: $command names this package ($(basename "$deb"))" bash -c '[[ "$1" == $2 ]]' _ "$(basename "$deb")" "$pattern"
done < <(readme_of apt)
readme_tar="$(readme_of tar)"
check "README has one tar line, ending in -C /usr/local" test "$(grep -c '' <<<"$readme_tar")" = 1 -a "${readme_tar% -C /usr/local}" != "$readme_tar"

# --- 1. the archive ------------------------------------------------------------------------------------------
prefix="$work/prefix"
# A prefix as people have them: a group-writable bin, and share/man a link to a folder elsewhere. The README's
# command must keep both (plain tar reset bin to the archive's 755 and replaced the link by a folder).
mkdir -p "$prefix/bin" "$prefix/man" "$prefix/share"
chmod 2775 "$prefix/bin"
ln -s ../man "$prefix/share/man"
mkdir -p "$work/unpack/out/dist" && ln -s "$archive" "$work/unpack/out/dist/"
(cd "$work/unpack" && bash -c "${readme_tar% -C /usr/local}"' -C "$1"' _ "$prefix")
check "the prefix's bin keeps its mode" test "$(stat -c %a "$prefix/bin")" = 2775
check "the prefix's share/man stays a link" test -L "$prefix/share/man"
while read -r path; do
    check "archive has $path" test -s "$prefix/$path"
done < <("$root/scripts/install.sh" files)
bin="$prefix/bin/render-gif"
check "the program is stripped" bash -c "! readelf -S '$bin' | grep -q '\.symtab'"
check "no path of the checkout is in the program" bash -c "! grep -qaF '$root/' '$bin'"
check "the program has no run path of its own" bash -c "! readelf -d '$bin' | grep -qE 'RPATH|RUNPATH'"
check "no Swift runtime library is needed at run time" bash -c "! readelf -d '$bin' | grep NEEDED | grep -qiE 'swift|Foundation|dispatch'"

empty="$work/empty"
mkdir -p "$empty"
got="$(cd "$empty" && env -i "$bin" --version)"
check "--version prints $version (got '$got')" test "$got" = "$version"

# The README's first command, from an empty folder, with PATH holding only the installed program and the system.
status=0
(cd "$empty" && env -i PATH="$prefix/bin:$clean_path" render-gif --sort cornered --out demo.gif) >"$work/out" 2>"$work/err" || status=$?
check "render-gif --sort cornered --out demo.gif exits 0 (got $status: $(head -c 300 "$work/err"))" test "$status" = 0
check "... and says nothing on stderr (no terminal, so no progress bar)" test ! -s "$work/err"
if [ -f "$empty/demo.gif" ]; then
    probe="$(ffprobe -v error -count_frames -select_streams v:0 \
        -show_entries stream=codec_name,width,height,nb_read_frames:format=duration -of default=noprint_wrappers=1 "$empty/demo.gif")"
    check "demo.gif is a GIF" grep -qx 'codec_name=gif' <<<"$probe"
    check "demo.gif is 464x464" bash -c "grep -qx 'width=464' <<<'$probe' && grep -qx 'height=464' <<<'$probe'"
    # The same film as a folder of PNG frames says how many frames it has; the grid plays at 25 fps.
    (cd "$work" && env -i PATH="$prefix/bin:$clean_path" render-gif --sort cornered --out frames/ --quiet)
    expected="$(find "$work/frames" -name '*.png' | wc -l)"
    frames="$(sed -n 's/^nb_read_frames=//p' <<<"$probe")"
    check "demo.gif has the film's $expected frames (got $frames)" test "$frames" = "$expected"
    duration="$(sed -n 's/^duration=//p' <<<"$probe")"
    check "demo.gif lasts $expected/25 s (got $duration)" \
        awk -v d="$duration" -v n="$expected" 'BEGIN { x = d - n / 25; exit !(n > 10 && x < 0.005 && x > -0.005) }'
else
    fail "demo.gif was not written"
fi
check "the empty folder holds only demo.gif" test "$(ls -A "$empty")" = "demo.gif"

# The README's render-gif commands, in its order, in one folder holding its folder of scene files.
readme="$work/readme"
mkdir -p "$readme/scenes" && cp "$root/fixtures/scenes/grid.json" "$readme/scenes/"
while read -r command; do
    status=0
    (cd "$readme" && env -i PATH="$prefix/bin:$clean_path" bash -c "$command") >"$work/out" 2>"$work/err" </dev/null || status=$?
    check "README: $command exits 0 (got $status: $(head -c 300 "$work/err"))" test "$status" = 0
    read -ra words <<<"${command%%#*}"
    for ((i = 1; i < ${#words[@]}; i++)); do
        case "${words[i - 1]}" in
        --out | --sheet | --timing-chart | --curves | --report | --timing)
            check "... and writes ${words[i]}" test -s "$readme/${words[i]}" ;;
        esac
    done
done < <(readme_of render-gif)
check "README: the render-gif commands were run" test -n "$(readme_of render-gif)"

# No PATH at all: a built-in scene with an embedded photo and text (fontconfig, no HOME), then a GIF whose
# ffmpeg is found on the default search path.
status=0
(cd "$empty" && env -i "$bin" --scene profile --out profile.png) 2>"$work/err" || status=$?
check "env -i render-gif --scene profile --out profile.png exits 0 (got $status: $(head -c 300 "$work/err"))" test "$status" = 0
check "... and says nothing on stderr" test ! -s "$work/err"
size="$(ffprobe -v error -show_entries stream=width,height -of csv=p=0 "$empty/profile.png" 2>/dev/null || true)"
check "profile.png is 320×400 (got $size)" test "$size" = "320,400"
status=0
(cd "$empty" && env -i "$bin" --scene minimal --out minimal.gif --quiet) 2>"$work/err" || status=$?
check "with no PATH, ffmpeg is still found (got $status: $(head -c 300 "$work/err"))" test "$status" = 0
listing="$(cd "$empty" && env -i "$bin" --list-scenes)"
for name in grid list collection phones cards dense-grid minimal profile stagger; do
    check "--list-scenes names $name" grep -q "^$name " <<<"$listing"
done

# The review page with no PATH, on one scene in a folder of its own (no goldens yet: the scene is listed as
# missing them): its help, its address on a free port, the page served, and Ctrl-C ends it with status 0 leaving
# the folder as it was. It starts as a terminal starts a command: in a process group of its own (job control), with
# SIGINT and SIGQUIT at their defaults (`env --default-signal`), whatever this script inherited: a script run by
# nohup or in the background of another inherits them ignored, and render-gif keeps a signal ignored at start
# ignored.
check "render-gif review --help names --artifacts" bash -c "cd '$empty' && env -i '$bin' review --help | grep -q -- '--artifacts'"
reviewed="$work/reviewed"
mkdir -p "$reviewed" && cp "$root/fixtures/scenes/grid.json" "$reviewed/"
set -m
(cd "$reviewed" && exec env -i --default-signal=INT,QUIT "$bin" review grid.json --port 0) >"$work/review.out" 2>"$work/review.err" &
review_pid=$!
set +m
for _ in $(seq 600); do grep -q 'http://127\.0\.0\.1:[0-9]*/?token=' "$work/review.out" && break; kill -0 "$review_pid" 2>/dev/null || break; sleep 0.1; done
address="$(grep -o 'http://127\.0\.0\.1:[0-9]*/?token=[0-9a-f]*' "$work/review.out" || true)"
check "render-gif review grid.json --port 0 prints its address (got '$address': $(head -c 300 "$work/review.err"))" test -n "$address"
check "... serves the page" python3 -c 'import sys, urllib.request
sys.exit(b"X-Review-Token" not in urllib.request.urlopen(sys.argv[1], timeout=30).read())' "$address"
kill -INT "$review_pid" 2>/dev/null || true
for _ in $(seq 300); do kill -0 "$review_pid" 2>/dev/null || break; sleep 0.1; done
kill -KILL "$review_pid" 2>/dev/null || true  # a hang fails the next check instead of the whole script
status=0
wait "$review_pid" || status=$?
check "... exits 0 on Ctrl-C (got $status)" test "$status" = 0
check "... says nothing on stderr" test ! -s "$work/review.err"
check "... and leaves its folder as it was" test "$(ls -A "$reviewed")" = "grid.json"
# The accept loop in an empty folder with the installed program: record, change, `test` fails, `review` accepts the
# scene through its HTTP API with the page's token, `test` passes; Ctrl-C leaves no file or process behind.
check "the accept loop from an empty folder (scripts/accept-loop.sh)" "$root/scripts/accept-loop.sh" "$bin"

man="$prefix/share/man/man1/render-gif.1"
check "the man page is render-gif(1)" grep -q '^\.Dt RENDER-GIF 1' "$man"
# `render` is the default subcommand, so the synopsis shows the subcommand in brackets (.Oo/.Oc); the page only
# knows that when every command names itself (commandName) instead of argument-parser deriving the name.
check "the man page's synopsis makes the subcommand optional" bash -c "sed -n '/^\.Sh SYNOPSIS/,/^\.Sh DESCRIPTION/p' '$man' | tr '\n' ' ' | grep -q '\.Oo \.Ar subcommand \.Oc'"
for flag in sort out scene list-scenes print-swift timing-chart; do
    check "the man page documents --$flag" grep -qE "^\.It Fl (. , )?-$flag( |$)" "$man"
done
if command -v man >/dev/null; then
    check "man renders the page" bash -c "MANPAGER=cat man -l '$man' >/dev/null 2>&1"
    check "man renders the page without a warning" test -z "$(MANPAGER=cat man -l "$man" 2>&1 >/dev/null)"
    check "man keeps the examples' lines" bash -c "MANPAGER=cat COLUMNS=200 man -l '$man' 2>/dev/null | grep -q -- '--animation standard \\\\\$'"
fi
comp="$prefix/share"
check "bash completion parses" bash -n "$comp/bash-completion/completions/render-gif"
check "bash completion registers render-gif" bash -c "source '$comp/bash-completion/completions/render-gif' && complete -p render-gif >/dev/null"
check "bash completion offers --sort after render-gif" bash -c 'source "$1"; f="$(complete -p render-gif | sed -E "s/.*-F ([^ ]+).*/\1/")"
    COMP_LINE="render-gif --so"; COMP_WORDS=(render-gif --so); COMP_CWORD=1; COMP_POINT=${#COMP_LINE}
    "$f" render-gif --so render-gif; [ "${COMPREPLY[*]}" = "--sort" ]' _ "$comp/bash-completion/completions/render-gif"
check "bash completion knows --list-scenes" grep -q -- '--list-scenes' "$comp/bash-completion/completions/render-gif"
# Values and file names: nothing was completed after --out, --scene, --sort or stitch (no completion kinds).
mkdir -p "$work/names/frames" && touch "$work/names/demo.gif" "$work/names/scene.json"
bash_completes() {  # WORDS... EXPECTED: the last word is completed after the others, in $work/names
    local expected="${*: -1}"; local words=("${@:1:$#-1}")
    check "bash completes '${words[*]}' to '$expected'" bash -c 'cd "$1"; source "$2"; shift 2
        f="$(complete -p render-gif | sed -E "s/.*-F ([^ ]+).*/\1/")"; expected="${*: -1}"; COMP_WORDS=(render-gif "${@:1:$#-1}")
        COMP_CWORD=$(( ${#COMP_WORDS[@]} - 1 )); COMP_LINE="${COMP_WORDS[*]}"; COMP_POINT=${#COMP_LINE}
        "$f" render-gif "${COMP_WORDS[-1]}" "${COMP_WORDS[-2]}"; [ "${COMPREPLY[*]}" = "$expected" ]' \
        _ "$work/names" "$comp/bash-completion/completions/render-gif" "${words[@]}" "$expected"
}
bash_completes --out d demo.gif
bash_completes --scene s scene.json
bash_completes --sort cor cornered
bash_completes stitch fr frames
bash_completes --loop in-hold-r in-hold-reverse
if command -v zsh >/dev/null; then
    check "zsh completion parses" zsh -n "$comp/zsh/site-functions/_render-gif"
else
    fail "zsh is not installed (scripts/bootstrap.sh --test installs it)"
fi
if command -v fish >/dev/null; then
    check "fish completion parses" fish --no-execute "$comp/fish/vendor_completions.d/render-gif.fish"
    # The default subcommand's flags complete straight after the program's name (CompletionShape).
    check "fish completion loads and offers --sort" bash -c "fish --no-config -c 'source $comp/fish/vendor_completions.d/render-gif.fish; complete -C\"render-gif --so\"' | grep -qx -- '--sort.*'"
    check "fish completion offers --sort's values" bash -c "fish --no-config -c 'source $comp/fish/vendor_completions.d/render-gif.fish; complete -C\"render-gif --sort cor\"' | grep -qx -- 'cornered.*'"
    check "fish completion offers file names after --out" bash -c "cd '$work/names' && fish --no-config -c 'source $comp/fish/vendor_completions.d/render-gif.fish; complete -C\"render-gif --out d\"' | grep -qx -- 'demo.gif.*'"
else
    fail "fish is not installed (scripts/bootstrap.sh --test installs it)"
fi

doc="$prefix/share/doc/render-gif"
check "LICENSE is the repository's" cmp -s "$doc/LICENSE" "$root/LICENSE"
check "CHANGELOG.md has a section for $version" grep -q "^## \[$version\]" "$doc/CHANGELOG.md"
notices="$doc/THIRD-PARTY-NOTICES"
for name in "Swift runtime" swift-argument-parser Yams libyaml swift-nio hummingbird swift-log swift-service-lifecycle; do
    check "the notices name $name" grep -q "^  $name" "$notices"
done
for name in swift-snapshot-testing xctest-dynamic-overlay swift-syntax; do
    check "the notices leave out $name (the tests' only)" bash -c "! grep -q '^  $name ' '$notices'"
done
for library in "libcairo.so.2 (libcairo2)" "libcrypto.so.3 (libssl3)"; do
    check "the notices list $library as loaded from the system" grep -qF "  $library" "$notices"
done
for text in "$root"/.build-dist/checkouts/{swift-nio/LICENSE.txt,swift-nio/NOTICE.txt,Yams/LICENSE,hummingbird/LICENSE.txt}; do
    check "the notices hold ${text#"$root"/} as it is" python3 -c 'import sys
sys.exit(open(sys.argv[1]).read().rstrip("\n") not in open(sys.argv[2]).read())' "$text" "$notices"
done

# The archive's own list removes it without a checkout, and nothing else.
echo "mine" > "$prefix/bin/other-tool"
(cd "$prefix" && xargs rm -f < share/doc/render-gif/FILES)
check "the archive's FILES list removes every file it installed" \
    test "$(cd "$prefix" && find . \( -type f -o -type l \) | sort | tr '\n' ' ')" = "./bin/other-tool ./share/man "

# --- 2. make install / make uninstall with DESTDIR -----------------------------------------------------------
dest="$work/dest"
mkdir -p "$dest/opt/spruce/bin"
echo "not ours" > "$dest/opt/spruce/bin/other-tool"
make -s -C "$root" install DESTDIR="$dest" PREFIX=/opt/spruce >"$work/install.log"
while read -r path; do
    check "make install wrote $path" test -s "$dest/opt/spruce/$path"
done < <("$root/scripts/install.sh" files)
check "make install wrote nothing else" test "$(cd "$dest" && find . -type f | sort | tr '\n' ' ')" = \
    "$( (echo ./opt/spruce/bin/other-tool; "$root/scripts/install.sh" files | sed 's|^|./opt/spruce/|') | sort | tr '\n' ' ')"
got="$(cd "$empty" && env -i "$dest/opt/spruce/bin/render-gif" --version)"
check "the installed program runs (--version: $got)" test "$got" = "$version"
check "the installed program is stripped, as in the archive" bash -c "! readelf -S '$dest/opt/spruce/bin/render-gif' | grep -q '\.debug_info'"
# As root under sudo, whose PATH has no Swift: the build is installed, nothing is built or set up.
dest2="$work/dest2"
env PATH=/usr/sbin:/usr/bin:/sbin:/bin make -s -C "$root" install DESTDIR="$dest2" PREFIX=/opt/spruce >"$work/install2.log" 2>&1
check "make install without Swift on PATH installs the build" test -x "$dest2/opt/spruce/bin/render-gif"
make -s -C "$root" uninstall DESTDIR="$dest" PREFIX=/opt/spruce >"$work/uninstall.log"
check "make uninstall leaves only the file that was there before" \
    test "$(cd "$dest" && find . \( -type f -o -type l \) | sort)" = "./opt/spruce/bin/other-tool"
check "... unchanged" test "$(cat "$dest/opt/spruce/bin/other-tool")" = "not ours"

# --- 3. the Debian package ----------------------------------------------------------------------------------
field() { dpkg-deb --field "$deb" "$1"; }
check "the package is render-gif $version-1" test "$(field Package) $(field Version)" = "render-gif $version-1"
check "its architecture is dpkg's ($(dpkg --print-architecture))" test "$(field Architecture)" = "$(dpkg --print-architecture)"
for dep in libc6 libcairo2 libssl3 ffmpeg fontconfig fonts-dejavu-core; do
    check "it depends on $dep" grep -qE "(^|, )$dep( |,|$)" <<<"$(field Depends)"
done
mkdir -p "$work/deb" && dpkg-deb --extract "$deb" "$work/deb"
for path in usr/bin/render-gif usr/share/man/man1/render-gif.1.gz usr/share/bash-completion/completions/render-gif \
    usr/share/zsh/vendor-completions/_render-gif usr/share/fish/vendor_completions.d/render-gif.fish \
    usr/share/doc/render-gif/{copyright,changelog.Debian.gz,changelog.gz,LICENSE,THIRD-PARTY-NOTICES,README.md}; do
    check "the package has /$path" test -s "$work/deb/$path"
done
# At least every file's bytes, at most one KiB more for each entry (dpkg's count rounds each file up).
bytes="$(find "$work/deb/usr" -type f -printf '%s\n' | awk '{ n += $1 } END { print int((n + 1023) / 1024) }')"
entries="$(find "$work/deb/usr" | wc -l)"
check "Installed-Size $(field Installed-Size) KiB is between $bytes and $((bytes + entries))" \
    test "$(field Installed-Size)" -ge "$bytes" -a "$(field Installed-Size)" -le "$((bytes + entries))"
lintian --tag-display-limit 0 "$deb" >"$work/lintian" 2>&1 || true
check "lintian reports no error ($(grep -c '^E:' "$work/lintian") errors, $(grep -c '^W:' "$work/lintian") warnings)" \
    bash -c "! grep -q '^E:' '$work/lintian'"
sed 's/^/test-install: lintian: /' "$work/lintian"
if [ "$(id -u)" -eq 0 ]; then
    apt=(apt-get -o DPkg::Lock::Timeout=300 -y -qq)
    DEBIAN_FRONTEND=noninteractive "${apt[@]}" install "$deb" >"$work/apt" 2>&1 || fail "apt-get install $deb: $(tail -3 "$work/apt")"
    dpkg -L render-gif > "$work/listed"
    mkdir -p "$work/from-deb"
    status=0
    (cd "$work/from-deb" && env -i PATH="$clean_path" render-gif --sort cornered --out demo.gif) 2>"$work/err" || status=$?
    check "installed from the package, render-gif --sort cornered --out demo.gif exits 0 (got $status: $(head -c 300 "$work/err"))" test "$status" = 0
    size="$(ffprobe -v error -show_entries stream=codec_name,width,height -of csv=p=0 "$work/from-deb/demo.gif" 2>/dev/null || true)"
    check "... and writes a 464x464 GIF (got $size)" test "$size" = "gif,464,464"
    check "man finds the installed page" bash -c "man -w render-gif | grep -qx /usr/share/man/man1/render-gif.1.gz"
    DEBIAN_FRONTEND=noninteractive "${apt[@]}" purge render-gif >"$work/apt" 2>&1 || fail "apt-get purge render-gif: $(tail -3 "$work/apt")"
    check "the purge leaves no file of the package" bash -c 'while read -r p; do [ -d "$p" ] || [ ! -e "$p" ] || exit 1; done < "$1"' _ "$work/listed"
    check "... and /usr/share/doc/render-gif is gone" test ! -e /usr/share/doc/render-gif
    check "dpkg no longer knows render-gif" bash -c "! dpkg -s render-gif >/dev/null 2>&1"
else
    echo "test-install: not root: the package is not installed (CI runs as root)"
fi

if [ "$failures" -gt 0 ]; then echo "test-install: $failures failed" >&2; exit 1; fi
echo "test-install: all passed"
