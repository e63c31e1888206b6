#!/usr/bin/env bash
# Installs what Spruce for Linux needs from the system: Cairo's, libpng's (with Cairo's) and libcrypto's headers, ffmpeg, fonts, pkg-config.
# Idempotent and quiet when everything is there; uses sudo when not root. Debian and Ubuntu (apt).
set -euo pipefail

need=()
have_pkg() { dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q "install ok installed"; }
packages=(libcairo2-dev libssl-dev pkg-config ffmpeg webp gifsicle fonts-dejavu-core fontconfig)
# `--test` (make test): also the shells whose completion scripts make test-install loads.
[ "${1:-}" = "--test" ] && packages+=(zsh fish)
# `--test`: headless Chromium, its driver and selenium (for /usr/bin/python3) for the preview page's browser test;
# python3-venv for the Lottie tests' tools (scripts/python-env.sh).
[ "${1:-}" = "--test" ] && packages+=(chromium chromium-driver python3-selenium python3-venv)
# `--test`: GNU parallel, sshd, rsync and ip netns for the distributed render test (scripts/distributed/netns-test.sh).
[ "${1:-}" = "--test" ] && packages+=(parallel openssh-server openssh-client rsync iproute2)
# `--test`: make deb's tools (dpkg-shlibdeps) and lintian, which make test-install runs on the package; the Debian
# copyright files scripts/notices.py reads the licences of libyaml and ICU from.
[ "${1:-}" = "--test" ] && packages+=(dpkg-dev lintian libyaml-0-2 libicu-dev)
for pkg in "${packages[@]}"; do
    have_pkg "$pkg" || need+=("$pkg")
done

if ((${#need[@]})); then
    if ! command -v apt-get >/dev/null; then
        echo "bootstrap: apt-get not found; install these by hand: ${need[*]}" >&2
        exit 1
    fi
    sudo=""
    if [ "$(id -u)" -ne 0 ]; then
        command -v sudo >/dev/null || { echo "bootstrap: not root and no sudo; install: ${need[*]}" >&2; exit 1; }
        sudo="sudo"
    fi
    echo "bootstrap: installing ${need[*]}" >&2
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
fi

command -v swift >/dev/null || { echo "bootstrap: the Swift toolchain (6.0 or later) is not on PATH" >&2; exit 1; }
pkg-config --exists cairo || { echo "bootstrap: pkg-config cannot find cairo after installing libcairo2-dev" >&2; exit 1; }
pkg-config --exists libpng || { echo "bootstrap: pkg-config cannot find libpng after installing libcairo2-dev" >&2; exit 1; }
pkg-config --exists libcrypto || { echo "bootstrap: pkg-config cannot find libcrypto after installing libssl-dev" >&2; exit 1; }
command -v ffmpeg >/dev/null || { echo "bootstrap: ffmpeg is not on PATH after installing it" >&2; exit 1; }
# `--test`: the Python tools the Lottie tests run (lottie-specs schema, jsonschema-rs, rlottie) in .build-venv/.
if [ "${1:-}" = "--test" ]; then "$(dirname "$0")/python-env.sh"; fi
