#!/usr/bin/env python3
"""The module graph is what Package.swift says, and README's map lists every module.

Reads the manifest through `swift package dump-package` (SWIFT names the toolchain's driver), then every Swift
file of every target (and of the package's plugins): an `import X` of a module that is neither declared as the
target's dependency (a target or a product of the same name) nor part of the toolchain is an error. A dependency
the target declares but never imports is reported too: it is a wrong edge in the module graph. Every target that
is not a test target must appear in README.md's module table by its folder (`Sources/NAME`), one row each, after
the rows of the targets it depends on (dependency order), and the picture of
the module graph in docs/images (scripts/module_graph.py) must show exactly the manifest's graph. Exit 0 when all
agree, 1 with one line per problem otherwise. `--write-graph` writes that picture again (with Graphviz's `dot`).
"""
import json
import os
import re
import subprocess
import sys

import module_graph

# Modules that come with the toolchain or the operating system, not from a package.
TOOLCHAIN = {
    "Foundation", "FoundationEssentials", "FoundationNetworking", "Dispatch", "Glibc", "Darwin", "Musl", "XCTest",
    "Testing", "PackagePlugin", "FoundationXML", "Synchronization", "_Concurrency", "Swift", "os", "CoreFoundation",
}
# Products a target links for what they register at load time, not for an API it imports: swift-issue-reporting's
# test support routes reported issues to XCTest or Swift Testing, whichever runs.
LINKED_ONLY = {"IssueReportingTestSupport"}
IMPORT = re.compile(r"^\s*(?:@[\w(: ,)]+\s+)*import\s+(?:(?:struct|class|enum|protocol|func|var|let|typealias)\s+)?([A-Za-z_]\w*)",
                    re.MULTILINE)


def target_path(target):
    if target.get("path"):
        return target["path"]
    folder = {"test": "Tests", "plugin": "Plugins"}.get(target["type"], "Sources")
    return os.path.join(folder, target["name"])


def declared(target):
    names = set()
    for dependency in target["dependencies"]:
        for kind in ("byName", "target", "product"):
            if kind in dependency:
                # An executable's module name has "_" where its name has "-".
                names.add(dependency[kind][0].replace("-", "_"))
    return names


def imports(folder):
    found = set()
    for base, _, files in os.walk(folder):
        for name in files:
            if name.endswith(".swift"):
                with open(os.path.join(base, name), encoding="utf-8") as source:
                    found.update(IMPORT.findall(source.read()))
    return found


def main():
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    swift = os.environ.get("SWIFT", "swift")
    manifest = json.loads(subprocess.run([swift, "package", "dump-package"], cwd=root, check=True,
                                         capture_output=True, text=True).stdout)
    if sys.argv[1:] == ["--write-graph"]:
        return write_graph(root, manifest)
    modules = {t["name"].replace("-", "_") for t in manifest["targets"]}
    problems = []
    for target in manifest["targets"]:
        if target["type"] == "system":
            continue
        folder = os.path.join(root, target_path(target))
        used = imports(folder) - TOOLCHAIN - {target["name"].replace("-", "_")}
        wanted = declared(target)
        for module in sorted(used - wanted):
            where = "a module of this package" if module in modules else "a module"
            problems.append(f"{target['name']} imports {module} ({where}) without declaring it in Package.swift")
        # A plugin's tool is declared without an import in Swift code.
        for module in sorted(wanted - used):
            if target["type"] == "plugin" or module in LINKED_ONLY:
                continue
            problems.append(f"{target['name']} declares {module} in Package.swift but never imports it")
    with open(os.path.join(root, "README.md"), encoding="utf-8") as readme:
        problems += module_table_problems(manifest, readme.read())
    problems += committed_graph_problems(root, manifest)
    for line in problems:
        print(f"check-modules: {line}", file=sys.stderr)
    if not problems:
        print(f"check-modules: {len(manifest['targets'])} targets import exactly what Package.swift declares; README lists every module in dependency order; the picture of the graph is current")
    return 1 if problems else 0


# A row of README's module table: | `FOLDER` | what it is |
TABLE_ROW = re.compile(r"^\| `([^`]+)` \|[^|]+\|$", re.MULTILINE)


def module_table_problems(manifest, text):
    """README's module table lists every target but the test targets, one row each, in dependency order: a row
    comes after the rows of every target it depends on or whose build plugin it uses."""
    by_path = {target_path(t): t for t in manifest["targets"]}
    rows = TABLE_ROW.findall(text)
    problems, seen = [], set()
    for path in rows:
        target = by_path.get(path)
        if target is None or target["type"] == "test":
            problems.append(f"README.md's module table lists `{path}`, which is not a module of Package.swift")
            continue
        if target["name"] in seen:
            problems.append(f"README.md's module table lists {target['name']} (`{path}`) twice")
            continue
        later = sorted(name for name in internal_dependencies(target, by_path) if name not in seen)
        if later:
            problems.append(f"README.md's module table lists {target['name']} (`{path}`) before what it depends on: {', '.join(later)}")
        seen.add(target["name"])
    for target in manifest["targets"]:
        if target["type"] != "test" and target["name"] not in seen:
            problems.append(f"README.md's module table does not list {target['name']} (`{target_path(target)}`)")
    return problems


def internal_dependencies(target, by_path):
    """The targets of this package a target depends on, its build plugins included."""
    names = {t["name"] for t in by_path.values()}
    found = set()
    for dependency in target["dependencies"] + target.get("pluginUsages", []):
        for value in dependency.values():
            if isinstance(value, list) and value and value[0] in names:
                found.add(value[0])
    return found


def committed_graph_problems(root, manifest):
    texts = []
    for name in (module_graph.DOT, module_graph.SVG):
        try:
            with open(os.path.join(root, name), encoding="utf-8") as file:
                texts.append(file.read())
        except OSError as error:
            return [f"{name}: {error.strerror} (run scripts/check-modules.py --write-graph)"]
    return module_graph.differences(manifest, *texts)


def write_graph(root, manifest):
    dot = os.path.join(root, module_graph.DOT)
    with open(dot, "w", encoding="utf-8") as file:
        file.write(module_graph.dot_source(manifest))
    subprocess.run(["dot", "-Tsvg", "-o", os.path.join(root, module_graph.SVG), dot], check=True)
    print(f"check-modules: wrote {module_graph.DOT} and {module_graph.SVG}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
