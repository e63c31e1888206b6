#!/usr/bin/env python3
"""Writes the built-in mock-up scenes fixtures/scenes/{list,collection,phones}.json.

The phone mock-ups repeat one cell many times with a cycling pastel palette, which a scene file's `grid`
cannot express (every tile copies one template); this script spells every view out instead, so the
scene files stay plain data. Geometry and colours were measured on the reference extensibility-tests.gif
(800×427): see docs/ExampleGifs.md. Run it again after editing; the output is deterministic.
"""
import json
import os
import sys

PASTELS = ["#D1F5E9", "#D7E9F5", "#F6D1D0", "#F4DFDC", "#F8EACF", "#D7F7E1"]
BODY, DETAIL_GREY, SCREEN_GREY = "#DCDFE6", "#9EA2B1", "#EDEDED"
TITLE, LINE = "#D6D7D7", "#F1F0F0"


def rect(x, y, w, h, color, radius=0, **extra):
    v = {"frame": [round(n, 2) for n in (x, y, w, h)], "backgroundColor": color}
    if radius:
        v["cornerRadius"] = round(radius, 2)
    v.update(extra)
    return v


def list_cell(i, x, y, w, h, k=1.0, ident=None):
    """A table row: thumbnail, a darker title bar and two grey text lines."""
    cell = rect(x, y, w, h, "#FFFFFF", 1 * k, id=ident or f"row-{i}")
    cell["subviews"] = [
        rect(9 * k, 9 * k, 25 * k, 25 * k, PASTELS[i % len(PASTELS)], 1 * k),
        rect(44 * k, 11 * k, 60 * k, 3 * k, TITLE, 1.5 * k),
        rect(44 * k, 20 * k, 100 * k, 3 * k, LINE, 1.5 * k),
        rect(44 * k, 28 * k, 75 * k, 3 * k, LINE, 1.5 * k),
    ]
    return cell


def grid_card(i, r, c, x, y, w, h, k=1.0):
    """A collection card: pastel thumbnail and one grey caption line."""
    inset = (w - 25 * k) / 2
    card = rect(x, y, w, h, "#FFFFFF", 1 * k, id=f"card-{r}-{c}")
    card["subviews"] = [
        rect(inset, 5 * k, 25 * k, 25 * k, PASTELS[i % len(PASTELS)], 1 * k),
        rect(inset, 35 * k, 25 * k, 3 * k, LINE, 1.5 * k),
    ]
    return card


def list_rows(k=1.0, rows=6):
    return [list_cell(i, 5 * k, (5 + 48 * i) * k, 154 * k, 42 * k, k) for i in range(rows)]


def grid_cards(k=1.0, rows=6, columns=4):
    return [grid_card(r * columns + c, r, c, (5 + 40 * c) * k, (5 + 48 * r) * k, 34 * k, 42 * k, k)
            for r in range(rows) for c in range(columns)]


def detail_views():
    """A detail screen: hero image area, title bar, text lines, three cards in a row, more text."""
    views = [rect(0, 0, 164, 95, "#C6E3F3", id="hero"), rect(6, 105, 136, 8, "#C9C9C9", 1, id="headline")]
    for n, (y, w) in enumerate(zip([127, 136, 144, 153], [149, 145, 150, 140])):
        views.append(rect(6, y, w, 3, LINE, 1.5, id=f"text-{n}"))
    for n, (x, w, color) in enumerate(zip([6, 68, 129], [52, 51, 52], ["#F6D1D0", "#BFF1E3", "#F5D8C0"])):
        views.append(rect(x, 170, w, 42, color, 1, id=f"tile-{n}"))
    for n, (y, w) in enumerate(zip([226, 234, 243, 252], [150, 146, 150, 120])):
        views.append(rect(6, y, w, 3, LINE, 1.5, id=f"more-{n}"))
    return views


def phone(ident, x, y, screen_color, screen_views):
    """An iPhone 6-style body: light grey, rounded, camera dot, speaker slit, sensor dot and home button."""
    body = rect(x, y, 178, 373, BODY, 25, id=ident)
    body["subviews"] = [
        rect(87, 7, 4, 4, DETAIL_GREY, 2),
        rect(57.5, 18.5, 5, 5, DETAIL_GREY, 2.5),
        rect(76, 19, 27, 3, DETAIL_GREY, 1.5),
        {"frame": [76, 339, 26, 26], "cornerRadius": 13, "borderWidth": 1.2, "borderColor": "#B9BDC9"},
        rect(7, 42, 164, 289, screen_color, id=f"{ident}-screen", clipsToBounds=True, subviews=screen_views),
    ]
    return body


def spring(**kw):
    c = {"animation": "spring", "animationDuration": 0.6, "damping": 0.5, "velocity": 0.7, "delay": 0.05}
    c.update(kw)
    return c


def phone_screen_scene(name, description, container, subviews, choreography):
    """A scene of one phone screen (375 x 661 points, grey) whose container view's subviews animate in and out."""
    return {
        "name": name,
        "description": description,
        "canvas": {"width": 375, "height": 661, "scale": 1, "background": SCREEN_GREY},
        "views": [{"id": container, "frame": [0, 0, 375, 661], "subviews": subviews}],
        "choreography": choreography,
        "timeline": {"fps": 25, "loop": "in-hold-out", "hold": 0.5, "lead": 0.1},
    }


def scenes():
    list_scene = phone_screen_scene(
        "list", "A phone-sized table like the Spruce example app's: rows with a pastel thumbnail, a title bar and "
                "grey text lines slide in from the right, top to bottom, then leave in reverse order.",
        "table", list_rows(k=375 / 164),
        spring(target="table", sort="linear", direction="topToBottom", animations=["slide:left:severely", "fade-in"]))
    collection_scene = phone_screen_scene(
        "collection", "A phone-sized grid of pastel cards, 4 × 6, sliding up and fading in from the top-left corner "
                      "(Manhattan distance), then leaving in reverse order.",
        "collection", grid_cards(k=375 / 164),
        spring(target="collection", sort="cornered", corner="topLeft", animations=["slide:up:moderately", "fade-in"]))
    phones_scene = {
        "name": "phones",
        "description": "Spruce's extensibility-tests.gif: three phones (a list, a detail screen, a card grid) whose "
                       "cells slide and fade in, each screen with its own choreography, then all fade out together.",
        "canvas": {"width": 800, "height": 427, "scale": 1, "background": "#FFFFFF"},
        "views": [
            phone("list-phone", 71, 27, SCREEN_GREY, list_rows()),
            phone("detail-phone", 311, 27, "#FFFFFF", detail_views()),
            phone("grid-phone", 551, 27, SCREEN_GREY, grid_cards()),
        ],
        "choreography": [
            spring(target="list-phone-screen", sort="linear", direction="topToBottom",
                   animations=["slide:left:severely", "fade-in"]),
            {"target": "detail-phone-screen", "sort": "linear", "direction": "topToBottom", "delay": 0.05,
             "animations": ["slide:up:moderately", "fade-in"], "animation": "standard", "animationDuration": 0.5},
            spring(target="grid-phone-screen", sort="cornered", corner="topLeft",
                   animations=["slide:up:moderately", "fade-in"]),
        ],
        # The original's first frame stays 10 cs, the others 4-5: times read as frame index x average delay
        # came out 0.04-0.05 s early. Fitted on the real delays (docs/ExampleGifs.md), at 25 fps frames.
        "timeline": {"fps": 25, "loop": "in-hold-fade", "lead": 0.36, "hold": -0.36, "fade": 0.25},
    }
    return {"list": list_scene, "collection": collection_scene, "phones": phones_scene}


# The seven README sort-function gifs: the built-in grid with each gif's sort and timeline, fitted to the
# reference frames (first and last visible time of every tile; see docs/ExampleGifs.md). The originals are
# boomerangs: the entrance, then the same frames backwards, mirrored at half the gif's length (frame 0.60 s
# of cornered equals frame 1.31 s); `in-hold-reverse` with the original's duration does exactly that.
SORT_GIFS = {
    "cornered": ({"sort": "cornered", "corner": "topLeft", "delay": 0.05},
                 {"lead": 0.08, "loop": "in-hold-reverse", "duration": 1.91}),
    "continuous": ({"sort": "continuous", "position": "middle", "duration": 0.52},
                   {"lead": 0.1, "loop": "in-hold-reverse", "duration": 1.91}),
    "radial": ({"sort": "radial", "position": "middle", "delay": 0.058},
               {"lead": 0.08, "loop": "in-hold-reverse", "duration": 1.91}),
    "linear": ({"sort": "linear", "direction": "topToBottom", "delay": 0.058},
               {"lead": 0.2, "loop": "in-hold-reverse", "duration": 2.53}),
    "inline": ({"sort": "inline", "corner": "topLeft", "delay": 0.045},
               {"lead": 0.08, "loop": "in-hold-reverse", "duration": 5.47}),
    "random": ({"sort": "random", "delay": 0.039, "seed": 7},
               {"lead": 0.1, "loop": "in-hold-reverse", "duration": 4.69}),
    "weighted-continuous": ({"sort": "continuous-weighted", "position": "topMiddle", "duration": 0.57,
                             "weights": ["light", "medium"]},
                            {"lead": 0.0, "loop": "in-hold-reverse", "duration": 1.82}),
}


def sort_gif_scenes(grid):
    out = {}
    for name, (sort, timeline) in SORT_GIFS.items():
        scene = json.loads(json.dumps(grid))
        scene["name"] = f"{name}-sort-function"
        scene["description"] = f"Spruce's {name}-sort-function.gif: {grid['description']}"
        c = {k: v for k, v in grid["choreography"].items() if k not in ("sort", "corner", "delay", "duration")}
        c.update(sort)
        scene["choreography"] = c
        scene["timeline"] = dict(grid["timeline"], **timeline)
        out[name] = scene
    return out


def compact(obj, indent=0):
    """JSON with one view per line, so diffs of the scene files stay readable."""
    pad = "  " * indent
    if isinstance(obj, dict) and "subviews" not in obj and "views" not in obj and indent > 1:
        return json.dumps(obj, ensure_ascii=False)
    if isinstance(obj, dict):
        items = [f'{pad}  {json.dumps(k)}: {compact(v, indent + 1)}' for k, v in obj.items()]
        return "{\n" + ",\n".join(items) + f"\n{pad}}}"
    if isinstance(obj, list) and obj and isinstance(obj[0], dict):
        items = [f"{pad}  {compact(v, indent + 1)}" for v in obj]
        return "[\n" + ",\n".join(items) + f"\n{pad}]"
    return json.dumps(obj, ensure_ascii=False)


def main():
    root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "fixtures", "scenes")
    out = sys.argv[1] if len(sys.argv) > 1 else root
    for name, scene in scenes().items():
        with open(os.path.join(out, f"{name}.json"), "w") as f:
            f.write(compact(scene) + "\n")
    with open(os.path.join(root, "grid.json")) as f:
        grid = json.load(f)
    os.makedirs(os.path.join(out, "gifs"), exist_ok=True)
    for name, scene in sort_gif_scenes(grid).items():
        with open(os.path.join(out, "gifs", f"{name}-sort-function.json"), "w") as f:
            f.write(compact(scene) + "\n")


if __name__ == "__main__":
    main()
