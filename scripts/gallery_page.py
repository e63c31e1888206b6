#!/usr/bin/env python3
"""Writes out/gallery/index.html from the media gallery.sh rendered (listed in media/manifest.tsv).

The page is self-contained: inline CSS, relative media paths, no network. A small inline script records
in <body data-…> whether every image decoded, for scripts/screenshot-gallery.sh to read in Chromium.
"""
import html
import json
import os
import shlex
import shutil
import sys

try:
    import yaml  # optional: only to list the parameters of YAML scenes
except ImportError:
    yaml = None

DEFAULTS = {
    "sort": "linear", "corner": "topLeft", "position": "middle", "direction": "topToBottom", "reversed": False,
    "delay": 0.05, "duration": 0.3, "weights": ["medium", "medium"], "seed": 0, "from": "start", "amount": None,
    "axis": None, "ease": None, "animations": ["fade-in", "expand:slightly"], "animation": "standard",
    "animationDuration": 0.3, "damping": 0.5, "velocity": 0.7, "recursiveDepth": 0, "exclude": [], "target": None,
}

SORT_KEYS = {
    "default": ["delay"], "linear": ["direction", "delay"], "cornered": ["corner", "delay"],
    "radial": ["position", "delay"], "random": ["delay", "seed"], "inline": ["corner", "delay"],
    "continuous": ["position", "duration"], "continuous-weighted": ["position", "duration", "weights"],
    "snake": ["corner", "delay"], "stagger": ["from", "amount", "delay", "axis"],
}

SORT_NOTES = {
    "default": "Every view in its subview order, one after another.",
    "linear": "Rows by distance from an edge: a sweep from one side to the other.",
    "cornered": "Diagonals by distance from a corner.",
    "radial": "Rings by distance from a point.",
    "random": "A shuffled order; the seed makes it repeatable.",
    "inline": "Reading order from a corner: row by row, each row left to right.",
    "continuous": "Start times proportional to the distance, spread over a fixed duration.",
    "continuous-weighted": "Like continuous, with the horizontal and vertical distances weighted apart.",
    "snake": "Row by row, every other row reversed, like a snake.",
    "stagger": "GSAP/anime.js-style stagger from an origin (start, center, end, edges, an index or a point).",
}


def load_scene(path):
    with open(path, encoding="utf-8") as f:
        text = f.read()
    if path.endswith(".json"):
        return json.loads(text)
    return yaml.safe_load(text) if yaml else None


def flags_to_dict(flags):
    out, words = {}, shlex.split(flags)
    i = 0
    while i < len(words):
        key = words[i][2:]
        if i + 1 < len(words) and not words[i + 1].startswith("--"):
            out[key] = words[i + 1]
            i += 2
        else:
            out[key] = True
            i += 1
    return out


def fmt(v):
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, float) and v.is_integer():
        return str(int(v))
    if isinstance(v, list):
        return ", ".join(fmt(x) for x in v)
    return str(v)


def parameters(scene_doc, flags):
    """Effective choreography: defaults, then the scene file, then the command-line flags. A scene may hold a
    list of choreographies (one per target, e.g. the three phones); flags override the first, as render-gif does."""
    if scene_doc is None:
        return None
    chosen = scene_doc.get("choreography", {})
    tracks = chosen if isinstance(chosen, list) else [chosen]
    rows = []
    for i, track in enumerate(tracks):
        rows += track_parameters(track, flags if i == 0 else "")
    return rows


def track_parameters(track, flags):
    c = dict(DEFAULTS)
    c.update(track)
    for k, v in flags_to_dict(flags).items():
        c[k] = v.split(",") if k in ("weights", "animations", "exclude") and isinstance(v, str) else v
    if isinstance(c["animations"], str):
        c["animations"] = [a.strip() for a in c["animations"].split(",")]
    sort = c["sort"]
    rows = [("sort", sort)]
    for k in SORT_KEYS.get(sort, []):
        if k == "amount" and c["amount"] is None:
            continue
        if k == "delay" and sort == "stagger" and c["amount"] is not None:
            continue
        if k == "axis" and c["axis"] is None:
            continue
        unit = " s" if k in ("delay", "duration", "amount") else ""
        rows.append(("each" if (k == "delay" and sort == "stagger") else k, fmt(c[k]) + unit))
    for k in ("reversed", "ease", "recursiveDepth", "exclude", "target"):
        if c[k] not in (None, False, 0, []):
            rows.append((k, fmt(c[k])))
    rows.append(("animations", fmt(c["animations"])))
    anim = f'{c["animation"]}, {fmt(c["animationDuration"])} s'
    if c["animation"] == "spring":
        anim += f', damping {fmt(c["damping"])}, velocity {fmt(c["velocity"])}'
    rows.append(("animation", anim))
    return rows


CSS = """
:root { --ink:#1f2329; --muted:#6b7280; --rule:#d5d9df; --paper:#f6f7f9; --accent:#2e7d32; }
* { box-sizing: border-box; }
body { margin: 0; font: 15px/1.5 "DejaVu Sans", system-ui, sans-serif; color: var(--ink); background: var(--paper); }
header { padding: 32px 40px 16px; }
h1 { margin: 0 0 4px; font-size: 28px; }
header p { margin: 4px 0; color: var(--muted); max-width: 70em; }
nav { padding: 0 40px 16px; display: flex; flex-wrap: wrap; gap: 6px 14px; }
nav a { color: var(--accent); text-decoration: none; }
h2.group { margin: 24px 40px 8px; font-size: 20px; }
section.entry { margin: 0 40px 28px; padding: 20px 24px; background: white; border: 1px solid var(--rule); border-radius: 10px; }
section.entry h3 { margin: 0 0 4px; font-size: 20px; }
section.entry p.note { margin: 0 0 14px; color: var(--muted); }
.top { display: grid; grid-template-columns: 232px minmax(200px, 300px) 1fr; gap: 20px; align-items: start; }
.top img.anim { width: 232px; height: auto; border: 1px solid var(--rule); border-radius: 6px; background: white; }
table { border-collapse: collapse; font-size: 13px; width: 100%; }
td { padding: 3px 8px 3px 0; border-bottom: 1px solid #eef0f3; vertical-align: top; }
td:first-child { color: var(--muted); white-space: nowrap; }
pre { margin: 0; padding: 12px; background: #0f172a; color: #e2e8f0; border-radius: 6px; font-size: 12px;
      white-space: pre-wrap; overflow-wrap: anywhere; }
.stills { display: grid; grid-template-columns: 1fr 1fr; gap: 16px; margin-top: 16px; }
.stills figure { margin: 0; }
.stills figure.wide { grid-column: 1 / -1; }
.formats { display: flex; flex-wrap: wrap; gap: 16px; align-items: start; }
.formats img { max-width: 100%; height: auto; border: 1px solid var(--rule); border-radius: 6px;
               background: repeating-conic-gradient(#e5e7eb 0 25%, white 0 50%) 0 0 / 16px 16px; }
.stills img { width: 100%; height: auto; border: 1px solid var(--rule); border-radius: 6px; }
@media (max-width: 900px) { .stills, .top { grid-template-columns: 1fr; } }
figcaption { font-size: 12px; color: var(--muted); }
a.file { font-size: 12px; color: var(--accent); }
.missing { margin: 0 40px 16px; padding: 10px 14px; border-left: 4px solid #f5b97f; background: #fff8ef; }
footer { margin: 24px 40px 40px; color: var(--muted); font-size: 13px; }
"""

CHECK = """
window.addEventListener('load', function () {
  var images = Array.prototype.slice.call(document.images);
  var broken = images.filter(function (i) { return !(i.complete && i.naturalWidth > 0); })
                     .map(function (i) { return i.getAttribute('src'); });
  document.body.setAttribute('data-media-check', broken.length ? broken.join(' ') : 'ok');
  document.body.setAttribute('data-images', String(images.length));
  document.body.setAttribute('data-page-height', String(Math.ceil(document.documentElement.scrollHeight)));
});
"""

GROUPS = [
    ("sort", "Sort functions", "The Spruce README grid (fixtures/scenes/grid.json: 7 × 7 tiles, fade-in and "
                               "expand:0.1 on a spring) with each sort function in turn."),
    ("demo", "Extensibility demos", "The example app's other screens, as built-in scenes."),
    ("example", "Scene-file examples", "Screens described in JSON or YAML (docs/SceneFormat.md), no Swift written."),
]


def review_sections(media):
    """The A/B comparison and the full-colour formats, when gallery.sh rendered them."""
    e, parts = html.escape, []
    if os.path.exists(os.path.join(media, "ab-damping.gif")):
        summary = open(os.path.join(media, "ab-damping.txt"), encoding="utf-8").read()
        parts.append(f"""<h2 class="group">A/B comparison</h2>
<section class="entry" id="ab-damping">
  <h3>Damping 0.5 against 0.8</h3>
  <p class="note">render-gif compare grid --a "--damping 0.5" --b "--damping 0.8" --difference --out ab.gif:
  both films side by side, red where they differ; what compare printed (it exits 1: they differ):</p>
  <div class="formats"><img src="media/ab-damping.gif" alt="A/B comparison of two dampings"></div>
  <pre><code>{e(summary)}</code></pre>
</section>""")
    shown = [(f, label) for f, label in (("grid.apng", "APNG"), ("grid.webp", "animated WebP"))
             if os.path.exists(os.path.join(media, f))]
    if shown:
        figures = "".join(f'<figure><img src="media/{e(f)}" alt="grid as {e(label)}" width="232">'
                          f"<figcaption>{e(label)}, transparent background, "
                          f"{os.path.getsize(os.path.join(media, f)):,} bytes</figcaption></figure>" for f, label in shown)
        parts.append(f"""<h2 class="group">Full colour with alpha</h2>
<section class="entry" id="formats">
  <h3>APNG and animated WebP</h3>
  <p class="note">The grid with a transparent background (the checkerboard shows through), lossless, exact delays.</p>
  <div class="formats">{figures}</div>
</section>""")
    parts += lottie_section(media)
    return parts


def lottie_section(media):
    """Each Lottie export beside ours, from media/lottie.tsv (gallery_lottie.py), with the file to download."""
    path = os.path.join(media, "lottie.tsv")
    rows = [line.rstrip("\n").split("\t") for line in open(path, encoding="utf-8") if line.strip()] if os.path.exists(path) else []
    if not rows:
        return []
    e = html.escape
    parts = ['<h2 class="group">Lottie export</h2><p style="margin:0 40px 12px;color:#6b7280">render-gif --out film.json '
             'writes the film as a Lottie file (docs/Lottie.md). Left: our frame; right: the same frame of the Lottie '
             'file drawn by rlottie, a player we did not write.</p>']
    for ident, scene, frames, psnrs in rows:
        size = os.path.getsize(os.path.join(media, f"{ident}.json"))
        figures = ", ".join(f"frame {f}: {p} dB" for f, p in zip(frames.split(","), psnrs.split(",")))
        parts.append(f"""<section class="entry" id="{e(ident)}">
  <h3>{e(os.path.basename(scene))}</h3>
  <p class="note">PSNR of rlottie's frame against ours: {e(figures)} (inf: identical).
  <a class="file" href="media/{e(ident)}.json" download>Download the Lottie file</a> ({size:,} bytes).</p>
  <div class="formats"><a href="media/{e(ident)}-lottie.png"><img src="media/{e(ident)}-lottie.png" alt="{e(ident)}: ours beside rlottie" width="480"></a></div>
</section>""")
    return parts


def main(out):
    media = os.path.join(out, "media")
    entries = []
    with open(os.path.join(media, "manifest.tsv"), encoding="utf-8") as f:
        for line in f:
            if line.strip():
                ident, group, scene, flags = (line.rstrip("\n").split("\t") + [""])[:4]
                entries.append((ident, group, scene, flags))
    missing_path = os.path.join(media, "missing-demos.txt")
    missing = [m for m in open(missing_path, encoding="utf-8").read().split() if m] if os.path.exists(missing_path) else []

    e = html.escape
    parts = ["<!DOCTYPE html>", '<html lang="en"><head><meta charset="utf-8">',
             '<meta name="viewport" content="width=device-width, initial-scale=1">',
             "<title>Spruce for Linux: gallery</title>", f"<style>{CSS}</style></head><body>",
             "<header><h1>Spruce for Linux: gallery</h1>",
             "<p>Every sort function and demo of the Spruce example app, rendered offline by <code>render-gif</code>: "
             "the animation, its parameters, the Swift that reproduces it, a contact sheet of evenly spaced frames "
             "and a timing chart (bars coloured by start time, beside the layout in the same colours).</p>",
             "<p>Regenerate with <code>make gallery</code>. Every file on this page is next to it in <code>media/</code>.</p>",
             "</header><nav>"]
    parts += [f'<a href="#{e(i)}">{e(i)}</a>' for i, _, _, _ in entries]
    parts.append("</nav>")
    for group, heading, blurb in GROUPS:
        members = [x for x in entries if x[1] == group]
        if not members and not (group == "demo" and missing):
            continue
        parts.append(f'<h2 class="group">{e(heading)}</h2><p style="margin:0 40px 12px;color:#6b7280">{e(blurb)}</p>')
        if group == "demo" and missing:
            parts.append(f'<p class="missing">Not built in yet, so not shown: {e(", ".join(missing))} '
                         f'(fixtures/scenes/&lt;name&gt;.json is missing).</p>')
        for ident, _, scene, flags in members:
            ext = os.path.splitext(scene)[1]
            shutil.copyfile(scene, os.path.join(media, f"{ident}-scene{ext}"))
            doc = load_scene(scene) if (ext == ".json" or yaml) else None
            rows = parameters(doc, flags)
            sort = (rows[0][1] if rows else None)
            title = ident if group == "sort" else (doc or {}).get("name", ident) if doc else ident
            note = SORT_NOTES.get(ident) if group == "sort" else ((doc or {}).get("description") or "")
            with open(os.path.join(media, f"{ident}.swift"), encoding="utf-8") as f:
                swift = f.read()
            command = f"render-gif --scene {scene} {flags}".strip() + f" --out {ident}.gif"
            table = "".join(f"<tr><td>{e(k)}</td><td>{e(v)}</td></tr>" for k, v in (rows or []))
            if rows is None:
                table = "<tr><td colspan=2>see the scene file</td></tr>"
            parts.append(f"""
<section class="entry" id="{e(ident)}">
  <h3>{e(title)}</h3>
  <p class="note">{e(note)}</p>
  <div class="top">
    <img class="anim" src="media/{e(ident)}.gif" alt="{e(ident)} animation">
    <div><table>{table}</table>
      <p><code style="font-size:12px">{e(command)}</code><br>
      <a class="file" href="media/{e(ident)}-scene{e(ext)}">scene file</a> ·
      <a class="file" href="media/{e(ident)}.swift">Swift</a> ·
      <a class="file" href="media/{e(ident)}.gif">GIF</a></p></div>
    <pre><code>{e(swift)}</code></pre>
  </div>
  <div class="stills">
    <figure><a href="media/{e(ident)}-sheet.png"><img src="media/{e(ident)}-sheet.png" alt="{e(ident)} contact sheet"></a>
      <figcaption>Contact sheet (click for full size)</figcaption></figure>
    <figure><a href="media/{e(ident)}-timing.png"><img src="media/{e(ident)}-timing.png" alt="{e(ident)} timing chart"></a>
      <figcaption>Timing chart (click for full size)</figcaption></figure>
    <figure class="wide"><a href="media/{e(ident)}-curves.png"><img src="media/{e(ident)}-curves.png" alt="{e(ident)} motion curves"></a>
      <figcaption>Motion curves: each property from where it starts (0) to where it rests (1); overshoot shows above 1.0</figcaption></figure>
  </div>
</section>""")
            del sort
    parts += review_sections(media)
    version_path = os.path.join(media, "version.txt")
    version = open(version_path, encoding="utf-8").read().strip() if os.path.exists(version_path) else ""
    parts.append(f"<footer>Rendered by render-gif {e(version)} (Spruce for Linux): Spruce's choreography and "
                 "Advance's springs, drawn frame by frame with Cairo.</footer>")
    parts.append(f"<script>{CHECK}</script></body></html>")
    with open(os.path.join(out, "index.html"), "w", encoding="utf-8") as f:
        f.write("\n".join(parts) + "\n")


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "out/gallery")
