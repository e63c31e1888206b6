#!/usr/bin/python3
"""End-to-end check of `render-gif review` in real headless Chromium (Debian's chromium + chromedriver, driven with
selenium), on a folder of scenes whose goldens were recorded before two of the scenes changed. Opens the page, steps
the films frame by frame to the first differing frame and checks the time marked there, checks the two films agree
before it and differ at it, accepts the first scene with the `a` key and rejects the second with `r`, and stops the
server with Ctrl-C. Afterwards `render-gif test` passes for the accepted scene and still fails for the rejected one,
and no file of the folder changed but the accepted scene's goldens (checksums of every file before and after).

With --artifacts, the failed film goldens of a swift-snapshot-testing artifacts folder (SNAPSHOT_ARTIFACTS) instead:
`render-gif review --artifacts DIR` with no scene, every failure listed, each opened and accepted with `a`, the
server stopped with Ctrl-C; afterwards each failure's `__Snapshots__` file holds its actual, byte for byte
(scripts/example-package.sh then runs the package's tests without record mode).

Usage: /usr/bin/python3 scripts/review-e2e.py RENDER_GIF FOLDER [--shots DIR]
       /usr/bin/python3 scripts/review-e2e.py RENDER_GIF --artifacts DIR [--shots DIR]
Exit 0 when every check passed, 1 on a failed check, 77 when chromium, chromedriver or selenium is missing.
Every wait is bounded; the server and the browser are stopped on every path."""
import base64, hashlib, json, os, re, subprocess, sys, time
from browser_e2e import browse, fail, require, wait

webdriver = require("review-e2e")

def checksums(folder):
    out = {}
    for root, _, names in os.walk(folder):
        for name in names:
            path = os.path.join(root, name)
            with open(path, "rb") as f:
                out[os.path.relpath(path, folder)] = hashlib.sha256(f.read()).hexdigest()
    return out

FETCH = """const done = arguments[arguments.length - 1];
fetch(document.getElementById(arguments[0]).src).then(r => r.arrayBuffer()).then(b => {
  let s = ''; const u = new Uint8Array(b); for (let i = 0; i < u.length; i++) s += String.fromCharCode(u[i]); done(btoa(s)); })
  .catch(e => done('ERROR ' + e));"""

def picture(driver, element):
    data = driver.execute_async_script(FETCH, element)
    if data.startswith("ERROR"):
        fail("the page could not fetch %s: %s" % (element, data))
    return base64.b64decode(data)

def frame(driver):
    return int(driver.execute_script("return document.getElementById('time').dataset.frame || '-1'"))

def state_of(driver, name):
    return driver.execute_script("const i = items.find(i => i.name === arguments[0]); return i ? i.state : null;", name)

STOP_PROBLEMS = []

def manifests(artifacts):
    """The failures of the artifacts folder as its manifests say them, by id (their folder's name)."""
    root = os.path.join(artifacts, "SpruceFilmDiffs")
    out = {}
    for name in sorted(os.listdir(root)) if os.path.isdir(root) else []:
        path = os.path.join(root, name, "manifest.json")
        if os.path.isfile(path):
            with open(path) as f:
                out[name] = dict(json.load(f), folder=os.path.join(root, name))
    return out

def accept_artifacts(render_gif, artifacts, shots):
    failures = manifests(artifacts)
    unacceptable = [id for id, manifest in failures.items() if not manifest.get("snapshot")]
    if not failures or unacceptable:
        print("review-e2e: FAILED: %s holds no film failure, or one that names no __Snapshots__ file: %s" % (artifacts, unacceptable), file=sys.stderr)
        return 1

    def checks(driver, address, _):
        driver.get(address)
        ids = wait("the snapshot failures", lambda: driver.execute_script("return snaps.length ? snaps.map(f => f.id) : null"))
        if sorted(ids) != sorted(failures):
            fail("the page lists %s, the artifacts folder holds %s" % (ids, sorted(failures)))
        body = driver.find_element("tag name", "body")
        for id in ids:
            driver.find_element("css selector", '#snaps li[data-id="%s"]' % id).click()
            wait("%s opened" % id, lambda: driver.execute_script("return snap ? snap.id : null") == id)
            wait("%s's pictures or texts" % id, lambda: driver.execute_script(
                "const b = document.getElementById('snapFiles'); return [...b.querySelectorAll('img')].every(i => i.complete && i.naturalWidth > 0)"
                " && [...b.querySelectorAll('pre')].every(p => p.textContent.length > 0) && b.children.length > 0"))
            if shots and id == ids[0]:
                driver.save_screenshot(os.path.join(shots, "review-snapshot.png"))
            body.send_keys("a")
            wait("%s accepted" % id, lambda: driver.execute_script("return snaps.find(f => f.id === arguments[0]).state", id) == "accepted")
        print("review-e2e: accepted %d snapshot failures on the page (a): %s" % (len(ids), ", ".join(
            "%s %s" % (failures[id].get("test"), failures[id]["kind"]) for id in ids)))
    if browse(webdriver, "review-e2e", [render_gif, "review", "--artifacts", artifacts, "--port", "0"], 2, 1100, shots, checks, STOP_PROBLEMS):
        return 1
    for id, manifest in failures.items():
        with open(os.path.join(manifest["folder"], manifest["files"]["actual"]), "rb") as a, open(manifest["snapshot"], "rb") as s:
            if a.read() != s.read():
                print("review-e2e: FAILED: %s does not hold the actual of %s" % (manifest["snapshot"], id), file=sys.stderr)
                return 1
    print("review-e2e: each failure's __Snapshots__ file holds its actual")
    return 0

def main():
    render_gif = os.path.abspath(sys.argv[1])
    shots = sys.argv[sys.argv.index("--shots") + 1] if "--shots" in sys.argv else None
    if sys.argv[2] == "--artifacts":
        return accept_artifacts(render_gif, os.path.abspath(sys.argv[3]), shots)
    folder = os.path.abspath(sys.argv[2])
    before = checksums(folder)
    decided = {}

    def checks(driver, address, read):
        print("review-e2e: " + read[0].strip())
        started = time.monotonic()
        driver.get(address)
        names = wait("the list", lambda: driver.execute_script("return items.length === 2 ? items.map(i => i.name) : null"))
        print("review-e2e: the list shows %s, worst first (%.2f s)" % (", ".join(names), time.monotonic() - started))
        wait("the first item's frame 0", lambda: frame(driver) == 0)

        # Step frame by frame to the first differing frame and read the time marked on the timeline.
        marked = driver.find_element("id", "firstDifference").text
        first = float(re.search(r"t=([0-9.]+) s", marked).group(1))
        if picture(driver, "expectedFrame") != picture(driver, "actualFrame") and first > 0:
            fail("the films differ at frame 0, before the first difference at %g s" % first)
        steps = 0
        while True:
            shown = driver.find_element("id", "time").text
            t = float(re.search(r"t=([0-9.]+) s", shown).group(1))
            if t >= first - 1e-9:
                break
            index = frame(driver)
            driver.find_element("id", "next").click()
            wait("a step to frame %d" % (index + 1), lambda: frame(driver) == index + 1)
            steps += 1
        if frame(driver) != driver.execute_script("return detail.firstDifferenceFrame"):
            fail("stepping reached t=%g s, not the frame marked as the first difference (%g s)" % (t, first))
        if picture(driver, "expectedFrame") == picture(driver, "actualFrame"):
            fail("the expected and actual frames are the same at the first difference (t=%g s)" % t)
        print("review-e2e: %d steps reach the marked first difference, t=%.3f s, where expected and actual differ" % (steps, first))
        driver.find_element("id", "showDiff").click()
        wait("the difference overlay", lambda: driver.execute_script("return document.getElementById('diffFrame').style.display === 'block'"))
        wait("the filmstrip, timing and curves", lambda: driver.execute_script(
            "return [...document.querySelectorAll('#strips img')].every(i => i.complete && i.naturalWidth > 0) && document.querySelectorAll('#curves polyline').length > 0 && document.querySelectorAll('#timing td.changed').length > 0"))
        if shots:
            driver.save_screenshot(os.path.join(shots, "review-page.png"))

        # Accept the first scene with `a`, move with `j`, reject the second with `r`.
        body = driver.find_element("tag name", "body")
        accepted, rejected = names[0], names[1]
        body.send_keys("a")
        wait("%s accepted" % accepted, lambda: state_of(driver, accepted) == "accepted")
        body.send_keys("j")
        wait("%s opened" % rejected, lambda: driver.execute_script("return document.getElementById('name').textContent") == rejected)
        body.send_keys("r")
        wait("%s rejected" % rejected, lambda: state_of(driver, rejected) == "rejected")
        if shots:
            driver.save_screenshot(os.path.join(shots, "review-decided.png"))
        print("review-e2e: accepted %s (a), rejected %s (r)" % (accepted, rejected))
        decided.update(accepted=accepted, rejected=rejected)
    if browse(webdriver, "review-e2e", [render_gif, "review", folder, "--port", "0"], 2, 1700, shots, checks, STOP_PROBLEMS):
        return 1
    accepted, rejected = decided["accepted"], decided["rejected"]
    try:
        after = checksums(folder)
        changed = sorted(p for p in set(before) | set(after) if before.get(p) != after.get(p))
        strangers = [p for p in changed if not p.startswith("goldens/%s." % accepted)]
        if strangers or not changed:
            fail("files changed other than %s's goldens: %s (all changed: %s)" % (accepted, strangers, changed))
        print("review-e2e: only %s changed (checksums of %d files before and after)" % (", ".join(changed), len(after)))
        test = lambda name: subprocess.run([render_gif, "test", os.path.join(folder, name + ".json")], stdout=subprocess.DEVNULL,
                                           stderr=subprocess.DEVNULL, timeout=300).returncode
        if test(accepted) != 0:
            fail("render-gif test fails for the accepted scene %s" % accepted)
        if test(rejected) != 1:
            fail("render-gif test does not fail for the rejected scene %s" % rejected)
        print("review-e2e: render-gif test passes for %s and still fails for %s" % (accepted, rejected))
    except AssertionError as e:
        print("review-e2e: FAILED: %s" % e, file=sys.stderr)
        return 1
    print("review-e2e: every browser check passed")
    return 0

if __name__ == "__main__":
    status = main()
    for problem in STOP_PROBLEMS:
        print("review-e2e: FAILED: " + problem, file=sys.stderr)
    sys.exit(1 if STOP_PROBLEMS else status)
