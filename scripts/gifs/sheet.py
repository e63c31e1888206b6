#!/usr/bin/env python3
"""Comparison sheet: our frames (top row) above the original's (bottom row) at the same times, labelled.

Usage: sheet.py OURS.gif ORIGINAL.gif SHEET.png [COUNT]
Times are spread evenly over the original's length (the first at 1/(2·COUNT) of it); each cell shows the
frame on screen at that time, read through ffmpeg's fps filter at 100 frames per second (GIF delays are
centiseconds). Only ffmpeg and ffprobe are needed.
"""
import subprocess
import sys


def length(path):
    out = subprocess.run(["ffprobe", "-v", "error", "-show_entries", "packet=duration", "-of", "csv=p=0", path],
                         capture_output=True, text=True, check=True).stdout.split()
    return sum(int(x) for x in out if x.strip().isdigit()) / 100


def row_filter(label, times, width):
    picks = "+".join(f"eq(n\\,{round(t * 100)})" for t in times)
    labels = ",".join(f"drawtext=text='{label} {t:.2f} s':x={i * (width + 4) + 4}:y=3:fontsize=14:fontcolor=black"
                      for i, t in enumerate(times))
    return (f"fps=100,select='{picks}',scale={width}:-2:flags=bicubic,"
            f"pad=iw+4:ih+22:2:20:white,tile={len(times)}x1,{labels}")


def main():
    ours, original, sheet = sys.argv[1:4]
    count = int(sys.argv[4]) if len(sys.argv) > 4 else 8
    total = length(original)
    times = [total * (i + 0.5) / count for i in range(count)]
    times[-1] = min(times[-1], length(ours) - 0.01)
    width = 200 if "extensibility" not in sheet else 300
    graph = (f"[0:v]{row_filter('ours', times, width)}[a];[1:v]{row_filter('original', times, width)}[b];"
             f"[a][b]vstack=2,pad=iw:ih+26:0:26:#DDDDDD,"
             f"drawtext=text='{sheet.split('/')[-1].replace('-sheet.png', '')} ({total:.2f} s original)':"
             f"x=6:y=5:fontsize=16:fontcolor=black")
    subprocess.run(["ffmpeg", "-v", "error", "-y", "-i", ours, "-i", original, "-filter_complex", graph,
                    "-frames:v", "1", "-update", "1", sheet], check=True)


if __name__ == "__main__":
    main()
