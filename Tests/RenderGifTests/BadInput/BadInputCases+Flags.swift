import Foundation

/// Flag mistakes: refused with exit 64 before anything is drawn or written.
extension BadInputCases {
    static let flags: [BadInputCase] = {
        let gif = ["--out", "$S/out.gif"]
        func usage(_ name: String, _ args: [String], _ message: String) -> BadInputCase {
            BadInputCase(name, args, status: 64, message: message)
        }
        return [
            usage("unknown sort", ["--sort", "conered"] + gif, #"--sort: unknown value "conered", did you mean "cornered""#),
            // A flag before the subcommand made the default render read "stitch" and the folder as 2 unexpected arguments.
            usage("subcommand after a flag", ["-q", "stitch", "$S/frames", "--out", "$S/x.gif"],
                  #"'stitch' is a subcommand: it comes first, as in render-gif stitch -q .*/frames --out .*/x\.gif\)$"#),
            usage("unknown corner", ["--corner", "topleft-ish"] + gif, "--corner: unknown value"),
            usage("unknown position", ["--sort", "radial", "--position", "centre"] + gif, "--position: unknown value"),
            usage("unknown direction", ["--sort", "linear", "--direction", "up"] + gif, "--direction: unknown value"),
            usage("unknown animation type", ["--animation", "bouncy"] + gif, "--animation: unknown value"),
            usage("unknown stock animation", ["--animations", "fade-in,exapnd"] + gif, "--animations: .*expand"),
            usage("unknown ease", ["--ease", "easeOutCubik"] + gif, "--ease: unknown value"),
            usage("unknown loop", ["--loop", "in-hold-ot"] + gif, #"--loop: .*did you mean "in-hold-out""#),
            usage("unknown quality", ["--quality", "ultra"] + gif, "--quality: unknown value"),
            usage("unknown format", ["--format", "avi", "--out", "$S/x"], "--format: unknown value"),
            usage("format conflicts with extension", ["--format", "mp4"] + gif, "--format mp4 conflicts with --out"),
            usage("unknown extension", ["--out", "$S/x.avi"], "--out: cannot tell the format"),
            // The list of formats left out the animated PNG and WebP the program writes.
            usage("unknown extension lists every format", ["--out", "$S/x.avi"],
                  "; use \\.mp4, \\.gif, \\.webm, \\.png, \\.apng, \\.webp, a folder path ending in /, or --format mp4\\|gif\\|webm\\|png\\|frames\\|apng\\|webp$"),
            usage("crf on gif", ["--crf", "20"] + gif, "--crf has no effect on gif"),
            usage("crf too high for mp4", ["--crf", "52", "--out", "$S/x.mp4"], "--crf: must be 0…51"),
            usage("crf too high for webm", ["--crf", "64", "--out", "$S/x.webm"], "--crf: must be 0…63"),
            usage("crf negative", ["--crf", "-1", "--out", "$S/x.mp4"], "--crf"),
            usage("preset on gif", ["--preset", "slow"] + gif, "--preset has no effect on gif"),
            usage("unknown preset", ["--preset", "turbo", "--out", "$S/x.mp4"], "--preset: unknown value"),
            usage("zero threads", ["--threads", "0"] + gif, "--threads: must be 1…1024"),
            usage("too many threads", ["--threads", "5000"] + gif, "--threads: must be 1…1024"),
            usage("at without png", ["--at", "0.5"] + gif, "--at draws one frame"),
            usage("at after the end", ["--at", "99", "--out", "$S/x.png"], "--at 99 is after the end"),
            usage("at negative", ["--at=-1", "--out", "$S/x.png"], "--at: must be 0…3600 seconds, got -1"),
            // Of two problems the first in render's order is reported: the output before the part's numbers, the scene
            // before the quality preset.
            usage("keyint and no output", ["--keyint", "5"], "^--out is required"),
            usage("part numbers without a video", ["--frames", "abc", "--timing", "$S/t.json"], "^--frames renders a part of a video"),
            usage("part numbers on a png", ["--frames", "abc", "--out", "$S/x.png"], "^--frames: only .mp4 and .gif parts can be joined"),
            BadInputCase("missing scene and unknown quality", ["--scene", "$S/none.json", "--quality", "ultra"] + gif, status: 66,
                         message: "^--scene: no such scene file"),
            BadInputCase("scene file named as a folder", ["--scene", "$S/s.json/"] + gif, status: 66,
                         message: "^--scene: '$S/s.json/': a name ending in '/' is a folder's, and this is a file \\(drop the '/'\\)$",
                         setup: { try $0.write("s.json", "{}") }),
            usage("gif fps not 100/k", ["--fps", "60"] + gif, "--fps: GIF needs 100/k fps.*use --fps 50"),
            usage("fps zero", ["--fps", "0"] + gif, "--fps: must be 0.1…1000 frames per second, got 0"),
            usage("fps nan", ["--fps", "nan"] + gif, "--fps"),
            usage("malformed size", ["--size", "10by10"] + gif, "--size: expected WIDTHxHEIGHT"),
            usage("negative size", ["--size", "-10x10"] + gif, "--size"),
            usage("bad background", ["--background", "#12"] + gif, "--background: \"#12\" is not a colour"),
            usage("corner with radial", ["--sort", "radial", "--corner", "topLeft"] + gif, "--corner has no effect with --sort radial"),
            usage("damping with standard", ["--animation", "standard", "--damping", "0.3"] + gif, "--damping has no effect"),
            usage("velocity with standard", ["--animation", "standard", "--velocity", "1"] + gif, "--velocity has no effect"),
            usage("seed without random", ["--sort", "linear", "--seed", "3"] + gif, "--seed has no effect"),
            usage("stagger from beyond the views", ["--sort", "stagger", "--from", "999"] + gif,
                  "from: view 999 is beyond the 49 views the stagger runs over \\(0…48\\)"),
            usage("stagger from the largest index", ["--sort", "stagger", "--from", "9223372036854775807"] + gif, "is beyond the 49 views"),
            usage("hold with in-out", ["--loop", "in-out", "--hold", "3"] + gif,
                  "--hold has no effect with --loop in-out; it applies to in-hold, in-hold-out, in-hold-fade, in-hold-reverse"),
            BadInputCase("hold with a scene's loop in", ["--scene", "$S/in.json", "--hold", "1"] + gif, status: 64,
                         message: "--hold has no effect with --loop in;",
                         setup: { try $0.write("in.json", #"{"views": [{"frame": [0, 0, 10, 10]}], "timeline": {"loop": "in"}}"#) }),
            usage("weights malformed", ["--sort", "continuous-weighted", "--weights", "heavy"] + gif, "--weights: expected horizontal,vertical"),
            usage("unknown exclude id", ["--exclude", "tile-9-9"] + gif, #"--exclude: unknown value "tile-9-9""#),
            usage("unknown scene name", ["--scene", "gird"] + gif, #"--scene: .*did you mean "grid""#),
            usage("no output", ["--sort", "cornered"], "--out is required"),
            usage("non-number delay", ["--delay", "soon"] + gif, "soon"),
            usage("unknown flag", ["--sortt", "cornered"] + gif, "--sortt"),
            usage("flag without value", ["--out"], "--out"),
            usage("stitch without folder", ["stitch"], "folder"),
            // argument-parser showed the root help and exited 0.
            usage("help for no such command", ["help", "no-such-command"],
                  "^help: unknown value \"no-such-command\" \\(allowed: render, stitch, test, compare, preview, review, join, batch\\)$"),
            usage("help for a misspelt command", ["help", "stich"], "^help: unknown value \"stich\", did you mean \"stitch\"\\?"),
            usage("rows on a scene without grid", ["--scene", "$S/scene.json", "--rows", "3"] + gif, "--rows/--columns: .* has no grid"),
            usage("sheet-frames without sheet", ["--sheet-frames", "5"] + gif, "--sheet-frames, --sheet-every, --sheet-times, --sheet-columns and --sheet-width need --sheet"),
            usage("sheet-frames out of range", ["--sheet-frames", "500", "--sheet", "$S/s.png"] + gif, "--sheet-frames: must be a whole number 2…200, got 500"),
            usage("sheet not png", ["--sheet", "$S/s.jpg"] + gif, "--sheet: writes a PNG"),
            usage("timing chart not png", ["--timing-chart", "$S/c.gif"] + gif, "--timing-chart: writes a PNG"),
            usage("transparent mp4 stitch", ["stitch", "$S/folder", "--transparent", "--out", "$S/x.mp4"], "--transparent needs an output with alpha \\(gif, webm, png, frames, apng, webp\\); MP4 has none$"),
            usage("format and crf without out", ["--print-swift", "--crf", "20"], "--format, --crf and --preset need an --out"),
            // A compare side's flags are refused as a batch item's are: `--scene list` in --b was taken, and B played list.
            usage("compare side repeating --scene", ["compare", "grid", "--b", "--scene list"],
                  #"^--b: must not repeat --scene; compare's scenes \(A, B\) and its --out give it$"#),
            usage("compare side repeating --scene=", ["compare", "grid", "--a", "--delay 0.1 --scene=list", "--b", ""], "^--a: must not repeat --scene;"),
            usage("compare side naming its out as -o", ["compare", "grid", "--a", "", "--b", "-o$S/x.gif"], "^--b: must not repeat -o;"),
            // compare's scenes are its arguments A and B: their refusals named --scene, a flag compare does not take.
            usage("compare of an unknown scene B", ["compare", "grid", "gird"], #"^B: unknown value "gird", did you mean "grid"\?"#),
            BadInputCase("compare of a missing scene A", ["compare", "$S/none.json", "grid"], status: 66,
                         message: "^A: no such scene file '$S/none.json'$"),
            BadInputCase("compare with flags of a missing scene", ["compare", "$S/none.json", "--a", "", "--b", "--delay 0.1"], status: 66,
                         message: "^A: no such scene file '$S/none.json'$"),
        ]
    }()
}
