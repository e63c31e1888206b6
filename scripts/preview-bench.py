#!/usr/bin/env python3
"""`make bench`'s live-preview figures (docs/Preview.md): for the README grid (464×464) and the grid on a
1920×1080 canvas, the time from saving the scene file to the first frame of the new film arriving over HTTP
(the watcher's poll, the parse, the film, the event, the frame drawn and encoded as PNG), and the frames per second
one client is served while playing a new film (drawn on demand and ahead) and an already drawn one (cache).

Usage: scripts/preview-bench.py RENDER_GIF [--saves N]   (a release build of render-gif; N saves per size, default 10)"""
import statistics, sys, time
sys.path.insert(0, __import__("os").path.dirname(__file__))
from preview_client import Server, Events, grid_scene, save


def measure(render_gif, width, height, saves):
    server = Server(render_gif, grid_scene(width, height))
    try:
        events = Events(server)
        first = events.wait_for(0, lambda s: "film" in s)[1]
        fps, count = first["film"]["fps"], first["film"]["frameCount"]
        index = int(first["film"]["inEnd"] * fps * 0.6)  # the playhead mid-entrance, where a designer looks
        connection = server.connection()
        times = []
        key = first["film"]["key"]
        for n in range(saves):
            mark = events.mark()
            text = grid_scene(width, height, delay=0.02 + 0.001 * (n + 1))
            start = time.monotonic()
            save(server.scene, text)
            _, state = events.wait_for(mark, lambda s: s.get("film", {}).get("key") not in (None, key))
            key = state["film"]["key"]
            status, body = server.get("/frame/%s/%d" % (key, index), connection)
            end = time.monotonic()
            if status != 200 or not body.startswith(b"\x89PNG"):
                raise RuntimeError("frame %d of %s: HTTP %d" % (index, key, status))
            times.append((end - start) * 1000)
            time.sleep(0.3)  # let the frames drawn ahead finish, as between two saves of a person
        # Frames served per second to one player: a new film (drawn on demand and ahead), then the same again (cached).
        mark = events.mark()
        save(server.scene, grid_scene(width, height, delay=0.0123))
        _, state = events.wait_for(mark, lambda s: s.get("film", {}).get("key") not in (None, key))
        key, count = state["film"]["key"], state["film"]["frameCount"]
        rates = []
        for _ in range(2):
            start = time.monotonic()
            for i in range(count):
                status, _ = server.get("/frame/%s/%d" % (key, i), connection)
                if status != 200:
                    raise RuntimeError("HTTP %d" % status)
            rates.append(count / (time.monotonic() - start))
        return times, rates, count, server.rss_kib()
    finally:
        code = server.stop()
        if code != 0:
            print("preview-bench: the server exited %r after Ctrl-C" % code, file=sys.stderr)


def main():
    render_gif = sys.argv[1]
    saves = int(sys.argv[sys.argv.index("--saves") + 1]) if "--saves" in sys.argv else 10
    print("\n### Live preview (`render-gif preview`, %d saves per size)\n" % saves)
    print("| canvas | save → first frame: median | max | frames served/s, new film | cached | frames | server RSS |")
    print("|---|---|---|---|---|---|---|")
    for width, height in [(464, 464), (1920, 1080)]:
        times, rates, count, rss = measure(render_gif, width, height, saves)
        print("| %d×%d | %.0f ms | %.0f ms | %.0f | %.0f | %d | %.0f MiB |"
              % (width, height, statistics.median(times), max(times), rates[0], rates[1], count, rss / 1024))


if __name__ == "__main__":
    main()
