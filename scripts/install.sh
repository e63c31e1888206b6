#!/usr/bin/env bash
# Installs render-gif the way `make install`, `make uninstall` and `make dist` do; one list of files for all three.
#   scripts/install.sh extras BINARY DIR SCRATCH   writes the completions, the man page and the documents of
#                                               BINARY into DIR (SCRATCH: its build folder, for the notices)
#   scripts/install.sh install BINARY EXTRAS ROOT   copies BINARY and EXTRAS' files under ROOT (= $DESTDIR$PREFIX)
#   scripts/install.sh uninstall ROOT           removes exactly those files from ROOT (folders stay)
#   scripts/install.sh files                    prints the installed paths, relative to ROOT
# The completions come from the program itself (swift-argument-parser's --generate-completion-script) and the
# man page from argument-parser's generate-manual tool reading the program's own help (--experimental-dump-help),
# so neither can drift from the flags.
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"

# relative path under ROOT <TAB> file name in EXTRAS (empty: the binary)
files() {
    printf '%s\t%s\n' \
        bin/render-gif "" \
        share/man/man1/render-gif.1 render-gif.1 \
        share/bash-completion/completions/render-gif render-gif.bash \
        share/zsh/site-functions/_render-gif _render-gif \
        share/fish/vendor_completions.d/render-gif.fish render-gif.fish \
        share/doc/render-gif/README.md README.md \
        share/doc/render-gif/LICENSE LICENSE \
        share/doc/render-gif/THIRD-PARTY-NOTICES THIRD-PARTY-NOTICES \
        share/doc/render-gif/CHANGELOG.md CHANGELOG.md \
        share/doc/render-gif/FILES FILES
    # The documents the help and the error lines point at (docs/Errors.md, docs/SceneFormat.md, ...), where the
    # README's links find them.
    local doc
    for doc in "$repo"/docs/*.md; do printf '%s\t%s\n' "share/doc/render-gif/docs/${doc##*/}" "docs/${doc##*/}"; done
}

extras() {
    local binary="$1" dir="$2" scratch="$3" manual="${MANUAL_TOOL:-}"
    mkdir -p "$dir"
    # Sourced, not run: no #! line (Debian's lintian warns of one in a bash completion).
    "$binary" --generate-completion-script bash | sed '1{/^#!/d}' > "$dir/render-gif.bash"
    "$binary" --generate-completion-script zsh > "$dir/_render-gif"
    "$binary" --generate-completion-script fish > "$dir/render-gif.fish"
    [ -n "$manual" ] || { echo "install.sh: MANUAL_TOOL (argument-parser's generate-manual) is not set" >&2; exit 1; }
    local pages
    pages="$(mktemp -d)"
    # generate-manual drops every non-ASCII character (7×7 became 77), so it reads the program's help through
    # iconv's transliteration (×: x, …: ..., –: -). The date of the last commit keeps the page reproducible.
    printf '#!/bin/sh\nset -e\n"%s" "$@" | iconv -f UTF-8 -t ASCII//TRANSLIT\n' "$binary" > "$pages/render-gif"
    chmod +x "$pages/render-gif"
    "$manual" "$pages/render-gif" --output-directory "$pages" \
        --date "${MANUAL_DATE:-$(git log -1 --format=%cs 2>/dev/null || date +%F)}" \
        --authors "Spruce for Linux contributors" >/dev/null
    # One page: render-gif(1) covers the default `render` command; its SUBCOMMANDS section lists stitch.
    # The help's blank lines become paragraphs (mdoc warned "Empty input line" twenty times) and its indented
    # blocks (EXAMPLES, EXIT STATUS) literal blocks, which man would otherwise refill mid-command.
    awk '/^$/ { if (lit) { print ".Ed"; lit = 0 } print ".Pp"; next }
         /^  / { if (!lit) { print ".Bd -literal -offset indent"; lit = 1 } print; next }
         { if (lit) { print ".Ed"; lit = 0 } print }
         END { if (lit) print ".Ed" }' "$pages/render-gif.1" > "$dir/render-gif.1"
    rm -rf "$pages"
    mkdir -p "$dir/docs"
    # Every installed path, for removing an unpacked archive without a checkout: cd PREFIX && xargs rm -f < …/FILES
    files | cut -f1 > "$dir/FILES"
    cp "$repo/README.md" "$repo/LICENSE" "$repo/CHANGELOG.md" "$dir/"
    # The licences of everything linked into the program, from the build that made it.
    "$repo/scripts/notices.py" notices "$scratch" "$binary" > "$dir/THIRD-PARTY-NOTICES"
    cp "$repo"/docs/*.md "$dir/docs/"
    for f in render-gif.bash _render-gif render-gif.fish render-gif.1 FILES THIRD-PARTY-NOTICES; do
        [ -s "$dir/$f" ] || { echo "install.sh: $dir/$f is empty" >&2; exit 1; }
    done
}

install_files() {
    local binary="$1" extras="$2" root="$3" path name mode
    while IFS=$'\t' read -r path name; do
        mode=644 strip=()
        # The binary stripped, as in the archive (make dist): 78 MB instead of 140, and no build paths in it.
        if [ -z "$name" ]; then src="$binary"; mode=755; strip=(-s); else src="$extras/$name"; fi
        install -D -m "$mode" "${strip[@]}" "$src" "$root/$path"
        echo "installed $root/$path"
    done < <(files)
}

uninstall_files() {
    local root="$1" path name
    while IFS=$'\t' read -r path name; do
        if [ -e "$root/$path" ] || [ -L "$root/$path" ]; then rm -f "$root/$path"; echo "removed $root/$path"; fi
    done < <(files)
}

case "${1:-}" in
    files) files | cut -f1 ;;
    extras) extras "$2" "$3" "$4" ;;
    install) install_files "$2" "$3" "$4" ;;
    uninstall) uninstall_files "$2" ;;
    *) sed -n '2,7p' "$0" >&2; exit 64 ;;
esac
