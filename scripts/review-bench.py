#!/usr/bin/env python3
"""`make bench`'s review figures (docs/Performance.md): a scratch folder of 20 variants of the README grid
(464×464) whose goldens were recorded before every scene changed, reviewed with `render-gif review --port 0`.
Prints the start-up (from starting the program to its address printed: every scene played against its goldens
first) and the page's load: from the request of the page to having the list, the first item's panel and its first
frame pair (the expected, actual and difference pictures, asked for at once as a browser does), with the token
read from the page as its script reads it. Each load opens another item first, so no frame comes from the cache.

Usage: scripts/review-bench.py RENDER_GIF [--scenes N]   (a release build of render-gif; default 20 scenes)"""
import http.client, json, os, re, shutil, signal, statistics, subprocess, sys, tempfile, threading, time
sys.path.insert(0, os.path.dirname(__file__))
from preview_client import grid_scene


def make_folder(render_gif, scenes):
    """Scenes recorded with `render-gif test --record`, then each one's delay changed: every scene differs."""
    folder = tempfile.mkdtemp(prefix="review-bench-")
    for n in range(scenes):
        with open(os.path.join(folder, "scene%02d.json" % n), "w") as f:
            f.write(grid_scene(delay=0.02 + 0.001 * n))
    subprocess.run([render_gif, "test", folder, "--record"], check=True, stdout=subprocess.DEVNULL)
    for n in range(scenes):
        with open(os.path.join(folder, "scene%02d.json" % n), "w") as f:
            f.write(grid_scene(delay=0.05 + 0.001 * n))
    return folder


def get(port, path, headers=None):
    c = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    try:
        c.request("GET", path, headers=headers or {})
        r = c.getresponse()
        body = r.read()
        if r.status != 200:
            raise RuntimeError("GET %s: HTTP %d %r" % (path, r.status, body[:200]))
        return body
    finally:
        c.close()


def load(port, token, index):
    """The page's own requests for its first item, with item `index` in that place; milliseconds."""
    start = time.monotonic()
    get(port, "/?token=" + token)
    header = {"X-Review-Token": token}
    items = json.loads(get(port, "/api/items", header))["items"]
    item = items[index % len(items)]
    get(port, "/api/items/" + item["id"], header)
    pictures, errors = [], []

    def picture(which):
        try:
            body = get(port, "/api/items/%s/frame/%s/0?token=%s" % (item["id"], which, token))
            if not body.startswith(b"\x89PNG"):
                raise RuntimeError("frame 0 %s: not a PNG" % which)
            pictures.append(body)
        except Exception as e:
            errors.append(e)
    threads = [threading.Thread(target=picture, args=(w,)) for w in ("expected", "actual", "difference")]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    if errors:
        raise errors[0]
    return (time.monotonic() - start) * 1000, len(items)


def main():
    render_gif = os.path.abspath(sys.argv[1])
    scenes = int(sys.argv[sys.argv.index("--scenes") + 1]) if "--scenes" in sys.argv else 20
    folder = make_folder(render_gif, scenes)
    process = None
    try:
        start = time.monotonic()
        process = subprocess.Popen([render_gif, "review", folder, "--port", "0"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        found, line = process.stdout.readline(), process.stdout.readline()
        started = time.monotonic() - start
        match = re.search(r"127\.0\.0\.1:(\d+)/\?token=([0-9a-f]+)", line)
        if not match:
            raise RuntimeError("render-gif review printed no address: %r %r" % (found, line))
        port, token = int(match.group(1)), match.group(2)
        times = []
        for n in range(scenes):
            ms, listed = load(port, token, n)
            if listed != scenes:
                raise RuntimeError("the list holds %d scenes, not %d" % (listed, scenes))
            times.append(ms)
        print("review start-up, %d changed scenes of 464×464 checked: %.2f s" % (scenes, started))
        print("review page load, %d scenes (page, list, first panel, first frame pair; median of %d, none cached): %.0f ms (max %.0f ms)"
              % (scenes, len(times), statistics.median(times), max(times)))
    finally:
        if process is not None and process.poll() is None:
            process.send_signal(signal.SIGINT)
            try:
                process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
