#!/usr/bin/env python3
"""The licences of everything linked into render-gif, found from the build instead of typed by hand.

    scripts/notices.py notices SCRATCH BINARY     THIRD-PARTY-NOTICES on standard output
    scripts/notices.py copyright SCRATCH BINARY   /usr/share/doc/render-gif/copyright (Debian's DEP-5 format)

SCRATCH is the build folder of `make release-tool` (.build-dist), BINARY the unstripped program in it. A package
of the resolved graph (`swift package show-dependencies`) counts when an object file the program's link read
(render-gif.product/Objects.LinkFileList) was compiled from its checkout (release.yaml, the build's own plan). Its
texts are the checkout's LICENSE* and NOTICE* files. The Swift runtime and Foundation come from the toolchain's
LICENSE.txt. Code a package carries from another project without that project's licence file (libyaml inside
Yams, ICU inside Foundation) takes the licence as Debian states it for that project's own package. An object of
unknown origin, or a licence the script cannot name, stops it: a new dependency needs a human look.
"""
import glob
import json
import os
import re
import subprocess
import sys
import textwrap

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SOURCE = re.compile(r"\.(swift|c|cc|cpp|S|s|m)$")
# Projects carried inside a package or the toolchain: (what, where its code is, Debian's copyright file).
EMBEDDED = [("libyaml", "Yams/Sources/CYaml/", "/usr/share/doc/libyaml-0-2/copyright"),
            ("ICU", "swift-foundation-icu", "/usr/share/doc/libicu[0-9]*/copyright")]
TOOLCHAIN_HOLDER = "Apple Inc. and the Swift project authors"


def fail(message):
    sys.exit(f"notices: {message}")


def run(*args):
    return subprocess.run(args, check=True, capture_output=True, text=True, cwd=ROOT).stdout


def packages(scratch):
    """Every package of the resolved graph, by checkout folder name: name, url, version, path."""
    tree = json.loads(run("swift", "package", "--scratch-path", scratch, "show-dependencies", "--format", "json"))
    found, stack = {}, list(tree["dependencies"])
    while stack:
        p = stack.pop()
        found[os.path.basename(p["path"])] = p
        stack.extend(p["dependencies"])
    return found


def linked_sources(scratch):
    """The source files of every object file the program was linked from."""
    link = os.path.join(scratch, "release", "render-gif.product", "Objects.LinkFileList")
    objects = {os.path.realpath(line.strip().strip("'\"")) for line in open(link) if line.strip()}
    sources, inputs = {}, []
    for line in open(os.path.join(scratch, "release.yaml")):
        line = line.strip()
        if line.startswith("inputs: "):
            inputs = [i for i in json.loads(line[8:]) if SOURCE.search(i)]
        elif line.startswith("outputs: "):
            for o in json.loads(line[9:]):
                if os.path.realpath(o) in objects:
                    sources[os.path.realpath(o)] = inputs
    missing = objects - set(sources)
    if missing:
        fail(f"no build step made {sorted(missing)[0]}")
    return [s for files in sources.values() for s in files]


def holders(files):
    """The distinct copyright lines of the files' headers, years merged per holder."""
    years = {}
    for f in files:
        with open(f, errors="replace") as text:
            for line in text.readlines()[:25]:
                m = re.search(r"Copyright\s*(?:\(c\)|©)?\s*([0-9][0-9,\s\-–]*[0-9])?\s*(.*?)\s*(?:\*/)?$", line, re.I)
                if m and m.group(2) and "licen" not in m.group(2).lower():
                    ys = [int(y) for y in re.findall(r"[0-9]{4}", m.group(1) or "")]
                    holder = re.sub(r"^[\s\-–,0-9]+", "", m.group(2)).rstrip(".")
                    years.setdefault(holder, set()).update(ys)
    span = lambda y: "" if not y else f"{min(y)} " if min(y) == max(y) else f"{min(y)}-{max(y)} "
    return [f"{span(y)}{h}" for h, y in sorted(years.items())]


def licence_files(path):
    names = sorted(glob.glob(os.path.join(path, "LICENSE*")) + glob.glob(os.path.join(path, "COPYING*")))
    if not names:
        fail(f"{path} has no LICENSE file")
    return names + sorted(glob.glob(os.path.join(path, "NOTICE*")))


def short_name(text, where):
    if "Apache License" in text and "Version 2.0" in text:
        return "Apache-2.0 with Swift exception" if "Runtime Library Exception" in text else "Apache-2.0"
    if "Permission is hereby granted, free of charge" in text:
        return "Expat"
    fail(f"cannot name the licence of {where}")


def debian_stanza(pattern):
    """The `Files: *` paragraph of a Debian copyright file: (copyright lines, licence name, licence text)."""
    found = sorted(glob.glob(pattern))
    if not found:
        fail(f"{pattern} is missing (scripts/bootstrap.sh installs it)")
    paragraph = open(found[-1]).read().split("\nFiles: *\n", 1)[1].split("\n\n", 1)[0]
    fields = re.split(r"\n(?=[A-Za-z-]+:)", paragraph)
    get = {f.split(":", 1)[0]: f.split(":", 1)[1] for f in fields}
    licence = get["License"].split("\n", 1)
    return ([c.strip() for c in get["Copyright"].strip().split("\n")], licence[0].strip(), licence[1], found[-1],
            "Files: *\n" + paragraph)


def components(scratch, binary):
    """Each thing linked in: dict(name, version, url, files (licence texts), holders, licence, where)."""
    deps, sources = packages(scratch), linked_sources(scratch)
    checkouts = os.path.realpath(os.path.join(scratch, "checkouts")) + "/"
    by_package = {}
    for s in sources:
        s = os.path.realpath(s)
        if s.startswith(checkouts):
            by_package.setdefault(s[len(checkouts):].split("/")[0], []).append(s)
        elif not s.startswith(ROOT + "/"):
            fail(f"{s} is neither this repository's nor a checkout's")
    toolchain = os.path.dirname(os.path.dirname(os.path.realpath(run("which", "swiftc").strip())))
    version = re.search(r"Swift version (\S+)", run("swift", "--version")).group(1)
    result = [dict(name="Swift runtime, standard library, Foundation and Dispatch", version=version,
                   url="https://swift.org", files=[os.path.join(toolchain, "share/swift/LICENSE.txt")],
                   holders=[TOOLCHAIN_HOLDER], where="usr/lib/swift_static/*",
                   comment="of the Swift toolchain")]
    for folder in sorted(by_package, key=str.lower):
        p = deps.get(folder) or fail(f"checkout {folder} is not in the resolved graph")
        result.append(dict(name=p["name"], version=p["version"], url=p["url"], files=licence_files(p["path"]),
                           holders=holders(by_package[folder]), where=f".build-dist/checkouts/{folder}/*"))
    symbols = run("nm", "--defined-only", binary)
    for name, marker, debian in EMBEDDED:
        present = any(marker in s for s in sources) if "/" in marker else re.search(r"icu_[0-9]+", symbols)
        if present:
            lines, licence, text, path, paragraph = debian_stanza(debian)
            result.append(dict(name=f"{name} (in {'Yams' if '/' in marker else 'Foundation'})", version="",
                               url=f"as Debian's {path} states it", files=[], text=paragraph, holders=lines,
                               licence=(licence, text),
                               where=f".build-dist/checkouts/{marker}*" if "/" in marker
                               else "usr/lib/swift_static/linux/lib_FoundationICU.a"))
    return result


def system_libraries(binary):
    """(soname, Debian package) of every library the program itself names (its NEEDED entries)."""
    needed = re.findall(r"\(NEEDED\).*\[(.*)\]", run("readelf", "-d", binary))
    paths = dict(re.findall(r"^\s*(\S+) => (\S+)", run("ldd", binary), re.M))
    found = []
    for soname in needed:
        owner = "?"
        for path in (paths.get(soname, soname), os.path.realpath(paths.get(soname, soname))):
            answer = subprocess.run(["dpkg", "-S", path], capture_output=True, text=True)
            if answer.returncode == 0:
                owner = answer.stdout.split(":")[0]
                break
        found.append((soname, owner))
    return found


def notices(scratch, binary):
    parts = components(scratch, binary)
    out = ["Third-party notices for render-gif", "",
           "render-gif is MIT-licensed (LICENSE). Its program file also contains, linked in, the code of the",
           "projects below. Each one's licence and notice files follow as its source ships them.", ""]
    for c in parts:
        out.append(f"  {c['name']} {c['version']}  {c['url']}".replace("   ", " ").rstrip())
    out += ["", "Loaded from the system at run time, not included (each under its own licence, from its Debian package):"]
    out += [f"  {soname} ({package})" for soname, package in system_libraries(binary)]
    out += ["and, run as programs or read as files: ffmpeg (ffmpeg), fontconfig (fontconfig) and the DejaVu fonts",
            "(fonts-dejavu-core)."]
    for c in parts:
        out += ["", "=" * 100, f"{c['name']} {c['version']}".rstrip(), c["url"], "=" * 100]
        for f in c["files"]:
            out += ["", f"--- {os.path.basename(f)} ---", "", open(f).read().rstrip("\n")]
        if "text" in c:
            out += ["", c["text"].rstrip("\n")]
    return "\n".join(out) + "\n"


def paragraph_text(text):
    """A licence text as a DEP-5 field continuation: each line indented, blank lines as ' .'."""
    return "\n".join(f" {l.rstrip()}" if l.strip() else " ." for l in text.strip("\n").split("\n"))


def copyright(scratch, binary):
    ours = open(os.path.join(ROOT, "LICENSE")).read()
    our_holder = re.search(r"Copyright \(c\) (.*)", ours).group(1)
    out = ["Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/",
           "Upstream-Name: render-gif",
           "Comment: The program file is statically linked with the projects below, built from the checkouts",
           " swift build made of the resolved package graph. Their licence and notice files, as each project",
           " ships them, are in /usr/share/doc/render-gif/THIRD-PARTY-NOTICES.", "",
           "Files: *", f"Copyright: {our_holder}", "License: Expat", ""]
    licences = {"Expat": ours.split("\n\n", 2)[2]}
    for c in components(scratch, binary):
        if "licence" in c:
            name, text = c["licence"]
            licences.setdefault(name, "\n".join("" if l.strip() == "." else l.strip() for l in text.split("\n")))
        else:
            text = open(c["files"][0]).read()
            name = short_name(text, c["files"][0])
            if name.endswith("exception"):
                licences.setdefault(name, "On Debian systems, the Apache License 2.0 is in\n"
                                    "/usr/share/common-licenses/Apache-2.0. The exception:\n\n"
                                    + textwrap.dedent(text.split("Runtime Library Exception", 1)[1].split("\n", 1)[1]).strip())
            elif name == "Apache-2.0":
                licences.setdefault(name, "On Debian systems, the full text is in /usr/share/common-licenses/Apache-2.0.")
        holder_lines = c["holders"] or fail(f"no copyright line in the linked sources of {c['name']}")
        out += [f"Files: {c['where']}", "Copyright: " + "\n ".join(holder_lines), f"License: {name}",
                f"Comment: {c['name']} {c['version']} {c['url']} {c.get('comment', '')}".rstrip(), ""]
    for name, text in licences.items():
        out += [f"License: {name}", paragraph_text(text), ""]
    return "\n".join(out).rstrip("\n") + "\n"


if __name__ == "__main__":
    if len(sys.argv) != 4 or sys.argv[1] not in ("notices", "copyright"):
        sys.exit(__doc__.split("\n\n")[1])
    mode, scratch, binary = sys.argv[1:]
    sys.stdout.write((notices if mode == "notices" else copyright)(os.path.abspath(scratch), binary))
