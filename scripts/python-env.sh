#!/usr/bin/env bash
# Creates .build-venv/ (ignored by git) with the pinned Python packages of scripts/python-requirements.txt, which
# the tests run as other people's code: the lottie-specs schema with jsonschema-rs, rlottie, check-jsonschema. Idempotent:
# a stamp of the requirements file skips the work when nothing changed. `make test` calls it (bootstrap --test).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
venv="$root/.build-venv"
req="$root/scripts/python-requirements.txt"
python="${PYTHON:-python3}"
command -v "$python" >/dev/null || { echo "python-env: $python is not on PATH" >&2; exit 1; }
stamp="$venv/.requirements"
if [ -x "$venv/bin/python" ] && cmp -s "$req" "$stamp"; then exit 0; fi
echo "python-env: creating $venv" >&2
rm -rf "$venv"
"$python" -m venv "$venv"
"$venv/bin/pip" install --quiet --disable-pip-version-check -r "$req"
"$venv/bin/python" -c "import lottie_specs, jsonschema_rs, rlottie_python, PIL, check_jsonschema" \
    || { echo "python-env: the Lottie tools, Pillow or check-jsonschema do not import" >&2; exit 1; }
cp "$req" "$stamp"
