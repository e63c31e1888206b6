#!/usr/bin/env python3
"""Reads an image file with Pillow, a decoder independent of render-gif's (Cairo, ffmpeg, libwebp's muxer), and
prints what it found as one JSON object: format, canvas size, frame count, every frame's delay in milliseconds and
the loop count (0 = forever; null when the file has none). Every frame is decoded, so a frame Pillow cannot
decode fails here. Used by the tests (Tests/MediaTestSupport/ImageProbe.swift) in the venv scripts/python-env.sh makes.

usage: image-probe.py FILE
"""
import json
import sys

from PIL import Image, ImageSequence


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    with Image.open(sys.argv[1]) as image:
        durations = []
        for frame in ImageSequence.Iterator(image):
            frame.load()
            durations.append(frame.info.get("duration"))
        print(json.dumps({
            "format": image.format,
            "width": image.size[0],
            "height": image.size[1],
            "frames": len(durations),
            "durations": durations,
            "loop": image.info.get("loop"),
        }))


if __name__ == "__main__":
    main()
