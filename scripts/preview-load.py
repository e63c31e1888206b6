#!/usr/bin/env python3
"""The preview server under load (docs/Preview.md): CLIENTS clients scrub random frames at once for SECONDS
seconds on loopback while the scene file is saved with new content every 2 s (each save is a new film, so frames
are drawn, not only read from the cache). Checks: no request fails (a refused 503 counts as an error too); every
(film, frame) pair is served the same bytes every time; sampled frames equal `render-gif --at` of the scene as
it was saved; the server's memory at the end is within 25% of its memory after the first 5 s. Bounded: it stops
after SECONDS (at most 300) and always stops the server.

Usage: scripts/preview-load.py RENDER_GIF [--clients 20] [--seconds 30]   Exit 0 when every check passed."""
import hashlib, json, os, random, subprocess, sys, tempfile, threading, time
sys.path.insert(0, os.path.dirname(__file__))
from preview_client import Server, grid_scene, save


def arg(name, default):
    return type(default)(sys.argv[sys.argv.index(name) + 1]) if name in sys.argv else default


def main():
    render_gif = sys.argv[1]
    clients, seconds = arg("--clients", 20), min(arg("--seconds", 30), 300)
    server = Server(render_gif, grid_scene())
    seen, errors, latencies, lock = {}, [], [], threading.Lock()
    texts = {server.state()["film"]["key"]: grid_scene()}
    stop_at = time.monotonic() + seconds
    wrong = []

    def scrub(n):
        rng = random.Random(n)
        connection = server.connection()
        while time.monotonic() < stop_at:
            try:
                film = server.state()["film"]
                for _ in range(20):
                    i = rng.randrange(film["frameCount"])
                    start = time.monotonic()
                    status, body = server.get("/frame/%s/%d" % (film["key"], i), connection)
                    took = time.monotonic() - start
                    with lock:
                        latencies.append(took)
                        if status == 404:
                            break  # the film was replaced by a save and left the recent list: read the state again
                        if status != 200:
                            errors.append("HTTP %d for %s/%d" % (status, film["key"], i))
                            continue
                        digest = hashlib.sha256(body).hexdigest()
                        previous = seen.setdefault((film["key"], i), digest)
                        if previous != digest:
                            wrong.append((film["key"], i))
            except Exception as e:  # a dropped connection is an error, and the client reconnects
                with lock:
                    errors.append(repr(e))
                connection = server.connection()

    threads = [threading.Thread(target=scrub, args=(n,)) for n in range(clients)]
    for t in threads:
        t.start()
    rss = []
    saves, next_save, sampled_rss_at = 0, time.monotonic() + 2, time.monotonic() + 5
    while time.monotonic() < stop_at:
        time.sleep(0.1)
        if time.monotonic() >= sampled_rss_at:
            rss.append(server.rss_kib())
            sampled_rss_at += 5
        if time.monotonic() >= next_save:
            saves += 1
            text = grid_scene(delay=0.02 + 0.001 * saves, sort=["cornered", "radial", "linear", "inline"][saves % 4])
            before = server.state()["film"]["key"]
            save(server.scene, text)
            deadline = time.monotonic() + 10
            while time.monotonic() < deadline and server.state()["film"]["key"] == before:
                time.sleep(0.02)
            texts[server.state()["film"]["key"]] = text
            next_save += 2
    for t in threads:
        t.join(timeout=120)
    rss.append(server.rss_kib())
    code = server.stop()

    # Spot checks against the command line: 12 served frames, each rendered by render-gif --at from its scene text.
    rng = random.Random(7)
    samples = rng.sample(sorted(k for k in seen if k[0] in texts), min(12, len(seen)))
    mismatched = []
    with tempfile.TemporaryDirectory() as work:
        for key, i in samples:
            scene = os.path.join(work, "s.json")
            with open(scene, "w") as f:
                f.write(texts[key])
            fps = json.loads(texts[key]).get("timeline", {}).get("fps") or 60
            out = os.path.join(work, "at.png")
            subprocess.run([render_gif, "--scene", scene, "--at", repr(i / fps), "--out", out], check=True,
                           stdout=subprocess.DEVNULL, timeout=300)
            with open(out, "rb") as f:
                if hashlib.sha256(f.read()).hexdigest() != seen[(key, i)]:
                    mismatched.append((key, i))

    latencies.sort()
    count = len(latencies)
    p = lambda q: latencies[min(count - 1, int(q * count))] * 1000 if count else 0
    growth = (rss[-1] - rss[0]) / rss[0] * 100 if rss and rss[0] else 0
    print("preview-load: %d clients × %d s, %d saves (new films): %d requests (%.0f/s), latency p50 %.1f ms, p95 %.1f ms, "
          "max %.1f ms; %d distinct frames" % (clients, seconds, saves, count, count / seconds, p(0.5), p(0.95), p(1.0), len(seen)))
    print("preview-load: server RSS every 5 s (MiB): %s; end vs first sample %+.1f%%"
          % (" ".join("%.0f" % (r / 1024) for r in rss), growth))
    print("preview-load: errors %d, frames served two ways %d, frames unlike render-gif --at %d of %d sampled; Ctrl-C exit %r"
          % (len(errors), len(wrong), len(mismatched), len(samples), code))
    for e in errors[:5]:
        print("  error: " + e)
    failed = errors or wrong or mismatched or code != 0 or growth > 25
    print("preview-load: %d passed, %d failed" % (0 if failed else 1, 1 if failed else 0))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
