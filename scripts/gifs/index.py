#!/usr/bin/env python3
"""Writes OUT/index.html: every comparison sheet, with our gif beside the original. Usage: index.py OUT NAME…"""
import html
import os
import sys

out, names = sys.argv[1], sys.argv[2:]
rows = []
for n in names:
    e = html.escape(n)
    rows.append(f'<h2>{e}</h2>\n<p><img src="{e}.gif" alt="ours"> <img src="{e}-original.gif" alt="original"></p>\n'
                f'<p><img src="{e}-sheet.png" alt="{e}: ours above, original below"></p>')
with open(os.path.join(out, "index.html"), "w") as f:
    f.write("<!doctype html>\n<meta charset=utf-8>\n<title>Spruce example gifs: ours and the originals</title>\n"
            "<h1>Spruce example gifs: ours (left / top) and the originals (right / bottom)</h1>\n"
            + "\n".join(rows) + "\n")
