"""Shared by scripts/preview-bench.py and scripts/preview-load.py: start `render-gif preview` on a free loopback
port, talk HTTP and server-sent events to it, read its memory. Standard library only; every wait is bounded."""
import http.client, json, os, re, signal, subprocess, tempfile, threading, time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
GRID = os.path.join(ROOT, "fixtures", "scenes", "grid.json")


def grid_scene(width=464, height=464, delay=None, sort=None):
    """The README grid (fixtures/scenes/grid.json), optionally on a bigger canvas (the grid fills it) or with
    another delay or sort: each variant is new content, so nothing of it is cached yet."""
    with open(GRID) as f:
        scene = json.load(f)
    if (width, height) != (464, 464):
        scene["canvas"]["width"], scene["canvas"]["height"] = width, height
        scene["views"][0]["frame"] = [0, 0, width, height]
        scene["views"][0]["grid"].pop("tileSize", None)
    if delay is not None:
        scene["choreography"]["delay"] = delay
    if sort is not None:
        scene["choreography"]["sort"] = sort
    return json.dumps(scene, indent=2)


def save(path, text):
    """As editors save: a new file renamed over the old one."""
    with open(path + ".swp", "w") as f:
        f.write(text)
    os.rename(path + ".swp", path)


class Server:
    def __init__(self, render_gif, scene_text):
        self.folder = tempfile.mkdtemp(prefix="preview-bench-")
        self.scene = os.path.join(self.folder, "scene.json")
        with open(self.scene, "w") as f:
            f.write(scene_text)
        self.process = subprocess.Popen([render_gif, "preview", self.scene, "--port", "0"],
                                        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        line = self.process.stdout.readline()
        # The printed address carries the launch's token; every request sends it.
        match = re.search(r"127\.0\.0\.1:(\d+)/\?token=([0-9a-f]+)", line)
        if not match:
            self.process.kill()
            raise RuntimeError("render-gif preview printed no address: %r" % line)
        self.port, self.token = int(match.group(1)), match.group(2)
        self.headers = {"X-Review-Token": self.token}

    def connection(self):
        return http.client.HTTPConnection("127.0.0.1", self.port, timeout=60)

    def get(self, path, connection=None):
        c = connection or self.connection()
        c.request("GET", path, headers=self.headers)
        r = c.getresponse()
        body = r.read()
        if connection is None:
            c.close()
        return r.status, body

    def state(self):
        status, body = self.get("/state")
        return json.loads(body)

    def rss_kib(self):
        with open("/proc/%d/status" % self.process.pid) as f:
            for line in f:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1])
        return 0

    def stop(self):
        """Ctrl-C; returns the exit status (None if it had to be killed)."""
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGINT)
            try:
                return self.process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
                return None
        return self.process.returncode


class Events(threading.Thread):
    """Reads /events in the background; `wait_for(test, seconds)` returns the first new state passing `test`."""
    def __init__(self, server):
        super().__init__(daemon=True)
        self.connection = server.connection()
        self.connection.request("GET", "/events", headers=server.headers)
        self.response = self.connection.getresponse()
        self.states = []
        self.lock = threading.Condition()
        self.start()

    def run(self):
        try:
            for raw in self.response:
                line = raw.decode().rstrip("\r\n")
                if line.startswith("data: "):
                    state = json.loads(line[6:])
                    with self.lock:
                        self.states.append((time.monotonic(), state))
                        self.lock.notify_all()
        except Exception:
            pass

    def mark(self):
        with self.lock:
            return len(self.states)

    def wait_for(self, since, test, seconds=30):
        deadline = time.monotonic() + seconds
        with self.lock:
            while True:
                for at, state in self.states[since:]:
                    if test(state):
                        return at, state
                left = deadline - time.monotonic()
                if left <= 0:
                    raise RuntimeError("no matching event within %d s" % seconds)
                self.lock.wait(left)
