#!/usr/bin/env python3
"""Every shell command of README.md's fenced ```sh blocks, one a line as `KIND<TAB>COMMAND`, in the README's order.

scripts/test_install.sh runs or checks each by its kind:
  render-gif  a render-gif command line, run as written
  make        `make TARGET [NAME=VALUE]…`
  tar         unpacking the release archive: `tar -xzf out/dist/render-gif-*.tar.gz … -C PREFIX`
  apt         installing the Debian package: `sudo apt install ./out/dist/render-gif_*.deb`
A command of any other kind, a fenced block in another language than sh or swift (the Swift is
Tests/SpruceFilmTests/ReadmeSwiftTests.swift's), or a fence left open is an error: exit 1 with one line on
stderr, so that a new kind of command in the README gets a test before it is published.
  scripts/readme_commands.py [README]
"""
import os
import re
import shlex
import sys

FENCE = re.compile(r"^```(\S*)\s*$")
MAKE_WORD = re.compile(r"^(?:[a-z][a-z-]*|[A-Z_]+=\S+)$")


def kind(words):
    if words[0] == "render-gif":
        return "render-gif"
    if words[0] == "make" and len(words) > 1 and all(MAKE_WORD.match(word) for word in words[1:]):
        return "make"
    if words[:2] == ["tar", "-xzf"] and re.fullmatch(r"out/dist/render-gif-\*\.tar\.gz", words[2]) and words[-2] == "-C":
        return "tar"
    if words[:3] == ["sudo", "apt", "install"] and len(words) == 4 and re.fullmatch(r"\./out/dist/render-gif_\*\.deb", words[3]):
        return "apt"
    return None


def commands(text):
    """(kind, command) for every command of the sh blocks; raises ValueError naming the first problem."""
    found, language, pending = [], None, ""
    for number, line in enumerate(text.split("\n"), 1):
        fence = FENCE.match(line)
        if fence and language is None:
            language = fence.group(1)
            if language not in ("sh", "swift"):
                raise ValueError(f"README.md:{number}: a fenced block in {language or 'no language'}: label shell commands sh")
            continue
        if fence:
            language = None
            continue
        if language != "sh":
            continue
        pending += line
        if pending.endswith("\\"):
            pending = pending[:-1]
            continue
        command, pending = pending.strip(), ""
        words = shlex.split(command, comments=True)
        if not words:
            continue
        what = kind(words)
        if what is None:
            raise ValueError(f"README.md:{number}: no test knows this command: {command}")
        found.append((what, command))
    if language is not None:
        raise ValueError("README.md: a fenced block is never closed")
    return found


def main():
    path = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "README.md")
    with open(path, encoding="utf-8") as readme:
        try:
            found = commands(readme.read())
        except ValueError as error:
            print(f"readme_commands: {error}", file=sys.stderr)
            return 1
    for what, command in found:
        print(f"{what}\t{command}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
