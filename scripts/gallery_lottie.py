#!/usr/bin/env python3
"""The gallery's Lottie section: each scene's Lottie export, rlottie's frames beside ours, PSNR per frame.

  .build-venv/bin/python scripts/gallery_lottie.py RENDER_GIF MEDIA_DIR ID SCENE [render-gif flags...]

Writes MEDIA_DIR/ID.json (the Lottie file, via render-gif --out ID.json), MEDIA_DIR/ID-lottie.png (our frame |
rlottie's frame, one row per sampled frame) and appends "ID<TAB>SCENE<TAB>frames<TAB>psnr,psnr,..." to
MEDIA_DIR/lottie.tsv. Run with the venv of scripts/python-env.sh (rlottie, Pillow).
"""
import importlib.util
import json
import math
import os
import subprocess
import sys
import tempfile

from PIL import Image, ImageChops

here = os.path.dirname(os.path.abspath(__file__))
spec = importlib.util.spec_from_file_location("lottie_check", os.path.join(here, "lottie-check.py"))
lottie_check = importlib.util.module_from_spec(spec)
spec.loader.exec_module(lottie_check)


def psnr(a, b):
    a, b = Image.open(a).convert("RGB"), Image.open(b).convert("RGB")
    hist = ImageChops.difference(a, b).histogram()
    squared = sum(((i % 256) ** 2) * n for i, n in enumerate(hist))
    mse = squared / (a.size[0] * a.size[1] * 3)
    return math.inf if mse == 0 else 10 * math.log10(255 * 255 / mse)


def main(render_gif, media, ident, scene, flags):
    lottie = os.path.join(media, f"{ident}.json")
    subprocess.run([render_gif, "--scene", scene, *flags, "--quiet", "--out", lottie], check=True)
    with open(lottie) as fp:
        doc = json.load(fp)
    fps, count = doc["fr"], int(doc["op"])
    frames = sorted({0, count // 4, count // 2, 3 * count // 4, count - 1})
    with tempfile.TemporaryDirectory() as work:
        width = height = None
        for n in frames:
            ours = os.path.join(work, f"ours-{n:04d}.png")
            subprocess.run([render_gif, "--scene", scene, *flags, "--quiet", "--out", ours, "--at", repr(n / fps)], check=True)
            width, height = Image.open(ours).size
        if lottie_check.render(lottie, work, width, height, frames) != 0:
            sys.exit(f"gallery: rlottie could not draw {lottie}")
        lottie_check.pairs(work, os.path.join(media, f"{ident}-lottie.png"), frames)
        values = [psnr(os.path.join(work, f"ours-{n:04d}.png"), os.path.join(work, f"rlottie-{n:04d}.png")) for n in frames]
    with open(os.path.join(media, "lottie.tsv"), "a", encoding="utf-8") as fp:
        fp.write("\t".join([ident, scene, ",".join(map(str, frames)),
                            ",".join("inf" if math.isinf(v) else f"{v:.1f}" for v in values)]) + "\n")


if __name__ == "__main__":
    if len(sys.argv) < 5:
        sys.exit(__doc__.strip())
    main(sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4], sys.argv[5:])
