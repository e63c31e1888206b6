#!/usr/bin/env python3
"""Checks a Lottie file with other people's code (run with .build-venv/bin/python, see scripts/python-env.sh).

  lottie-check.py validate FILE               the official schema (lottie-specs) with jsonschema-rs; errors listed
  lottie-check.py render FILE DIR W H N...    rlottie draws frames N... at W x H into DIR/rlottie-N.png
  lottie-check.py pairs DIR OUT.png N...      DIR/ours-N.png beside DIR/rlottie-N.png, one row per frame

Exit 0 when valid / drawn, 1 with one line per problem otherwise.
"""
import json
import sys


def validate(path):
    import jsonschema_rs
    import lottie_specs
    schema = lottie_specs.load_specs()
    with open(path) as fp:
        document = json.load(fp)
    validator = jsonschema_rs.Draft202012Validator(schema)
    errors = sorted(validator.iter_errors(document), key=lambda e: [str(p) for p in e.instance_path])
    for e in errors[:20]:
        where = "/".join(str(p) for p in e.instance_path) or "(root)"
        print(f"{path}: {where}: {e.message[:300]}")
    if errors:
        print(f"{path}: {len(errors)} schema error(s) against lottie-specs {schema.get('$version')}")
        return 1
    print(f"{path}: valid against the lottie-specs schema (version {schema.get('$version')})")
    return 0


def render(path, folder, width, height, frames):
    from rlottie_python import LottieAnimation
    anim = LottieAnimation.from_file(path)
    total = anim.lottie_animation_get_totalframe()
    for n in frames:
        if n >= total:
            print(f"{path}: frame {n} is past rlottie's {total} frames")
            return 1
        image = anim.render_pillow_frame(frame_num=n, width=width, height=height)
        image.save(f"{folder}/rlottie-{n:04d}.png")
    print(f"{path}: rlottie drew {len(frames)} of {total} frames at {width}x{height}")
    return 0


def pairs(folder, out, frames):
    from PIL import Image, ImageDraw
    rows = [(Image.open(f"{folder}/ours-{n:04d}.png").convert("RGBA"),
             Image.open(f"{folder}/rlottie-{n:04d}.png").convert("RGBA")) for n in frames]
    w, h = rows[0][0].size
    gap, label = 8, 16
    sheet = Image.new("RGBA", (2 * w + 3 * gap, len(rows) * (h + label + gap) + gap), (255, 255, 255, 255))
    draw = ImageDraw.Draw(sheet)
    for i, (ours, theirs) in enumerate(rows):
        y = gap + i * (h + label + gap)
        draw.text((gap, y), f"frame {frames[i]}: Spruce (Cairo)", fill=(0, 0, 0, 255))
        draw.text((2 * gap + w, y), "rlottie, from the Lottie export", fill=(0, 0, 0, 255))
        sheet.alpha_composite(ours, (gap, y + label))
        sheet.alpha_composite(theirs, (2 * gap + w, y + label))
    sheet.convert("RGB").save(out)
    return 0


def main(argv):
    if len(argv) >= 3 and argv[1] == "validate":
        return max(validate(p) for p in argv[2:])
    if len(argv) >= 7 and argv[1] == "render":
        return render(argv[2], argv[3], int(argv[4]), int(argv[5]), [int(n) for n in argv[6:]])
    if len(argv) >= 5 and argv[1] == "pairs":
        return pairs(argv[2], argv[3], [int(n) for n in argv[4:]])
    print(__doc__.strip(), file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv))
