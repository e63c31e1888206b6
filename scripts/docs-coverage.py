#!/usr/bin/env python3
"""Every public symbol of a documented module has a summary.

`docs-coverage.py ARCHIVE…` reads the `documentation-coverage.json` that `docc convert
--experimental-documentation-coverage` writes into each documentation archive (`make docs`) and lists every symbol
without an abstract (a summary), by its path in the reference; the pages of other modules' types that a module
extends are not symbols of its own and are left out. Exit 0 when every symbol has one, 1 with one line per symbol
otherwise (and 1 when an archive has no coverage file: the build did not ask for it).
"""
import json
import os
import sys


def undocumented(archive):
    path = os.path.join(archive, "documentation-coverage.json")
    with open(path, encoding="utf-8") as f:
        entries = json.load(f)
    # Symbols only (not articles or topic groups), and not the pages of other modules' types that this module
    # extends (`extendedStructure`, `unknownExtendedType` …).
    symbols = [e for e in entries if e["kind"].get("isSymbol") and "extended" not in e["kind"]["id"].lower()]
    return sorted(e["referencePath"].split("/documentation/", 1)[-1] for e in symbols if not e.get("hasAbstract"))


def main(archives):
    missing = []
    for archive in archives:
        try:
            missing += undocumented(archive)
        except OSError as error:
            print(f"docs-coverage: {archive}: no coverage file ({error.strerror})", file=sys.stderr)
            return 1
    for symbol in missing:
        print(f"docs-coverage: undocumented: {symbol}", file=sys.stderr)
    return 1 if missing else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
