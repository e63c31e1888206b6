#!/usr/bin/env bash
# `make dist`: the release archive, a prefix tree to unpack where programs live:
#   render-gif-VERSION-linux-ARCH/bin/render-gif              release build, Swift runtime linked in, stripped
#   render-gif-VERSION-linux-ARCH/share/man/man1/render-gif.1, bash/zsh/fish completions (as `make install`)
#   render-gif-VERSION-linux-ARCH/share/doc/render-gif/: README.md, docs/*.md, LICENSE, THIRD-PARTY-NOTICES and
#   CHANGELOG.md (as `make install`)
# Install: tar -xzf render-gif-….tar.gz --strip-components=1 --no-overwrite-dir --keep-directory-symlink -C /usr/local
# The packing adds nothing of its own: names sorted, owner root, times from the last commit, no gzip timestamp.
#   scripts/dist.sh BINARY EXTRAS OUTDIR     prints the archive's path
set -euo pipefail

binary="$1" extras="$2" outdir="$3"
root="$(cd "$(dirname "$0")/.." && pwd)"
version="$("$binary" --version)"
name="render-gif-$version-linux-$(uname -m)"
stage="$(mktemp -d)"
trap 'rm -rf "$stage"' EXIT

tree="$stage/$name"
"$root/scripts/install.sh" install "$binary" "$extras" "$tree" >/dev/null
strip "$tree/bin/render-gif"

mkdir -p "$outdir"
archive="$(cd "$outdir" && pwd)/$name.tar.gz"
epoch="$(git -C "$root" log -1 --format=%ct 2>/dev/null || date +%s)"
tar --sort=name --owner=0 --group=0 --numeric-owner --mtime="@$epoch" -C "$stage" -cf - "$name" \
    | gzip -n -9 > "$archive.tmp"
mv "$archive.tmp" "$archive"
echo "$archive"
