#!/usr/bin/env python3
"""Checks a gallery page: every src/href it references is a relative path inside the gallery folder
(no network, no data outside), the file exists, and each image/animation decodes with ffprobe.
Exits 1 naming every problem.   scripts/check_gallery.py [out/gallery]
"""
import html.parser
import json
import os
import re
import subprocess
import sys


class References(html.parser.HTMLParser):
    def __init__(self):
        super().__init__()
        self.refs = []

    def handle_starttag(self, tag, attrs):
        for name, value in attrs:
            if name in ("src", "href") and value is not None:
                self.refs.append((tag, name, value))


def probe(path):
    """Width, height and frame count of an image or animation, or an error text."""
    r = subprocess.run(["ffprobe", "-v", "error", "-count_frames", "-select_streams", "v:0",
                        "-show_entries", "stream=width,height,nb_read_frames", "-of", "json", path],
                       capture_output=True, text=True)
    if r.returncode != 0:
        return None, r.stderr.strip().splitlines()[-1] if r.stderr.strip() else f"ffprobe exit {r.returncode}"
    streams = json.loads(r.stdout).get("streams", [])
    if not streams or not streams[0].get("width"):
        return None, "no picture in it"
    return streams[0], None


def animated_webp(path):
    """RIFF WebP with an ANIM chunk: ffmpeg 5 cannot decode these, libwebp's webpmux reads them."""
    with open(path, "rb") as f:
        head = f.read(4096)
    return head[:4] == b"RIFF" and head[8:12] == b"WEBP" and b"ANIM" in head


def webp_frames(path):
    """Frames stored in an animated WebP, from `webpmux -info` (None when webpmux is missing)."""
    try:
        r = subprocess.run(["webpmux", "-info", path], capture_output=True, text=True)
    except FileNotFoundError:
        return None
    m = re.search(r"Number of frames: (\d+)", r.stdout)
    return int(m.group(1)) if r.returncode == 0 and m else 0


def main(out):
    page = os.path.join(out, "index.html")
    text = open(page, encoding="utf-8").read()
    parser = References()
    parser.feed(text)
    problems, checked = [], 0
    for pattern in (r"https?://", r"url\(\s*['\"]?(?!data:)[a-z]+:"):
        for m in re.finditer(pattern, text):
            problems.append(f"network reference in the page: {text[m.start():m.start() + 60]!r}")
    for tag, attr, ref in parser.refs:
        if ref.startswith("#"):
            target = ref[1:]
            if f'id="{target}"' not in text:
                problems.append(f"<{tag} {attr}={ref}>: no element with that id")
            continue
        if ref.startswith("data:"):
            continue
        if re.match(r"^[a-z][a-z0-9+.-]*:", ref) or ref.startswith("/") or ".." in ref.split("/"):
            problems.append(f"<{tag} {attr}={ref}>: not a relative path inside the gallery")
            continue
        path = os.path.join(out, ref)
        if not os.path.isfile(path) or os.path.getsize(path) == 0:
            problems.append(f"<{tag} {attr}={ref}>: file missing or empty")
            continue
        if ref.lower().endswith(".webp") and animated_webp(path):
            frames = webp_frames(path)
            if frames is not None and frames < 2:
                problems.append(f"{ref}: an animated WebP with {frames} frame(s)")
            checked += 1
            continue
        if ref.lower().endswith((".gif", ".png", ".apng", ".jpg", ".jpeg", ".webp", ".mp4", ".webm")):
            info, error = probe(path)
            if error:
                problems.append(f"{ref}: does not decode: {error}")
                continue
            if ref.lower().endswith(".gif") and int(info.get("nb_read_frames", "0") or 0) < 2:
                problems.append(f"{ref}: an animation with {info.get('nb_read_frames')} frame(s)")
        checked += 1
    images = sum(1 for t, a, _ in parser.refs if t == "img")
    if images == 0:
        problems.append("the page shows no images")
    for p in problems:
        print(f"check-gallery: {p}", file=sys.stderr)
    if problems:
        sys.exit(1)
    print(f"check-gallery: {checked} referenced files exist and decode ({images} images)", file=sys.stderr)


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "out/gallery")
