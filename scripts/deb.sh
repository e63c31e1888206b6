#!/usr/bin/env bash
# `make deb`: render-gif as a Debian package, from the tree `make install DESTDIR=… PREFIX=/usr` makes, with the
# few changes Debian's policy asks of it: the man page gzipped, zsh's completion in vendor-completions, no FILES
# list (dpkg keeps it), CHANGELOG.md as changelog.gz, the licences in DEP-5's form (copyright, scripts/notices.py),
# a changelog.Debian.gz.
# Depends: the libraries the program loads (dpkg-shlibdeps reads them from it) and the programs and fonts it runs
# with. Needs dpkg-dev (scripts/bootstrap.sh --test).
#   scripts/deb.sh BINARY EXTRAS SCRATCH OUTDIR      prints the package's path
set -euo pipefail

binary="$1" extras="$2" scratch="$3" outdir="$4"
root="$(cd "$(dirname "$0")/.." && pwd)"
version="$("$binary" --version)-1"
arch="$(dpkg --print-architecture)"
maintainer="${DEB_MAINTAINER:-$(git -C "$root" log -1 --format='%an <%ae>')}"
epoch="$(git -C "$root" log -1 --format=%ct 2>/dev/null || date +%s)"
stage="$(mktemp -d)"
trap 'rm -rf "$stage"' EXIT
tree="$stage/tree" doc="$stage/tree/usr/share/doc/render-gif"

"$root/scripts/install.sh" install "$binary" "$extras" "$tree/usr" >/dev/null
gzip -n -9 "$tree/usr/share/man/man1/render-gif.1"
mkdir -p "$tree/usr/share/zsh/vendor-completions"
mv "$tree/usr/share/zsh/site-functions/_render-gif" "$tree/usr/share/zsh/vendor-completions/"
rmdir "$tree/usr/share/zsh/site-functions"
rm "$doc/FILES"
# Yams compiles libyaml into the program, as Swift packages are linked; copyright names it and its licence.
install -D -m 644 /dev/stdin "$tree/usr/share/lintian/overrides/render-gif" <<<"render-gif: embedded-library libyaml [usr/bin/render-gif]"
gzip -n -9 -c "$doc/CHANGELOG.md" > "$doc/changelog.gz" && rm "$doc/CHANGELOG.md"
"$root/scripts/notices.py" copyright "$scratch" "$binary" > "$doc/copyright"
printf '%s\n' "render-gif ($version) unstable; urgency=medium" "" \
    "  * render-gif $version packaged by make deb; the changes are in CHANGELOG.md." "" \
    " -- $maintainer  $(date -R -u -d "@$epoch")" | gzip -n -9 > "$doc/changelog.Debian.gz"

# dpkg-shlibdeps reads the package's name from a debian/control; a minimal one, in the stage.
mkdir -p "$stage/debian" "$tree/DEBIAN"
printf 'Source: render-gif\n\nPackage: render-gif\nArchitecture: any\n' > "$stage/debian/control"
libraries="$(cd "$stage" && dpkg-shlibdeps -O -e"$tree/usr/bin/render-gif" 2>/dev/null | sed -n 's/^shlibs:Depends=//p')"
[ -n "$libraries" ] || { echo "deb: dpkg-shlibdeps found no libraries in $binary" >&2; exit 1; }
# As dpkg-gencontrol counts: a file its size in KiB rounded up, anything else 1.
size="$(find "$tree/usr" -printf '%y %s\n' | awk '{ n += ($1 == "f") ? int(($2 + 1023) / 1024) : 1 } END { print n }')"
cat > "$tree/DEBIAN/control" <<EOF
Package: render-gif
Version: $version
Architecture: $arch
Maintainer: $maintainer
Installed-Size: $size
Depends: $libraries, ffmpeg, fontconfig, fonts-dejavu-core
Section: graphics
Priority: optional
Description: Spruce choreographies rendered offline to GIF, MP4 and WebM
 render-gif animates a view tree with Spruce iOS's choreography (sort functions,
 stock animations) and Advance's spring physics on a fixed clock, draws every
 frame with Cairo and encodes the film with ffmpeg: GIF, MP4, WebM, APNG, WebP,
 PNG frames, Lottie files, contact sheets and timing charts. Scenes are built in
 or read from JSON and YAML files; render-gif test checks them against goldens.
EOF
(cd "$tree" && find usr -type f | LC_ALL=C sort | xargs md5sum) > "$tree/DEBIAN/md5sums"
chmod 644 "$tree/DEBIAN/control" "$tree/DEBIAN/md5sums"
find "$tree" -type d -exec chmod 755 {} +
find "$tree" -exec touch -h -d "@$epoch" {} +

mkdir -p "$outdir"
package="$(cd "$outdir" && pwd)/render-gif_${version}_$arch.deb"
SOURCE_DATE_EPOCH="$epoch" dpkg-deb --root-owner-group -Zxz --build "$tree" "$package.tmp" >/dev/null
mv "$package.tmp" "$package"
echo "$package"
