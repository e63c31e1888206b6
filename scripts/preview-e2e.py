#!/usr/bin/python3
"""End-to-end check of `render-gif preview` in real headless Chromium (Debian's chromium + chromedriver, driven
with selenium). Plays, pauses, scrubs to a frame and checks that the frame the page shows is byte for byte the
still `render-gif --at T` writes; then saves a changed scene file and checks that the page swaps in the new film
(again against `render-gif --at`), and that a broken save shows the error with its line while the film stays.

Usage: /usr/bin/python3 scripts/preview-e2e.py RENDER_GIF SCENE_FILE [--shots DIR]
Exit 0 when every check passed, 1 on a failed check, 77 when chromium, chromedriver or selenium is missing.
Every wait is bounded; the server and the browser are stopped on every path."""
import base64, json, os, re, shutil, subprocess, sys, tempfile, time
from browser_e2e import browse, fail, require, wait

webdriver = require("preview-e2e")

def still(render_gif, scene, seconds, out):
    subprocess.run([render_gif, "--scene", scene, "--at", repr(seconds), "--out", out], check=True,
                   stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, timeout=300)
    with open(out, "rb") as f:
        return f.read()

FETCH = """const done = arguments[arguments.length - 1];
fetch(document.getElementById('frame').src).then(r => r.arrayBuffer()).then(b => {
  let s = ''; const u = new Uint8Array(b); for (let i = 0; i < u.length; i++) s += String.fromCharCode(u[i]); done(btoa(s)); })
  .catch(e => done('ERROR ' + e));"""

def shown(driver):
    return driver.execute_script("return document.getElementById('frame').dataset.shown || ''")

def page_frame(driver):
    data = driver.execute_async_script(FETCH)
    if data.startswith("ERROR"):
        fail("the page could not fetch its frame: " + data)
    return base64.b64decode(data)

def scrub_to(driver, index):
    driver.execute_script("const s = document.getElementById('scrub'); s.value = arguments[0]; s.dispatchEvent(new Event('input'));", index)
    key = driver.execute_script("return document.body.dataset.key")
    wait("frame %d on the page" % index, lambda: shown(driver) == "%s/%d" % (key, index))
    # The <img> holds the frame it says: its pixels are decoded and sized as the film's.
    size = driver.execute_script("const i = document.getElementById('frame'); return [i.complete, i.naturalWidth, i.naturalHeight];")
    if not size[0] or size[1] == 0:
        fail("the frame image is not loaded: %r" % size)
    return key, size

STOP_PROBLEMS = []

def main():
    render_gif, source = os.path.abspath(sys.argv[1]), sys.argv[2]
    shots = sys.argv[sys.argv.index("--shots") + 1] if "--shots" in sys.argv else None
    work = tempfile.mkdtemp(prefix="preview-e2e-")
    scene = os.path.join(work, "grid.json")
    shutil.copy(source, scene)
    def checks(driver, address, _):
        driver.get(address)
        wait("the film", lambda: driver.execute_script("return document.body.dataset.key"))
        film = json.loads(driver.execute_script("return JSON.stringify(film)"))
        fps, count = film["fps"], film["frameCount"]
        print("preview-e2e: page loaded, film %s: %d frames at %g fps" % (film["key"], count, fps))

        # Play: the frames advance by themselves; pause: they stop.
        before = wait("the first frame", lambda: shown(driver))
        driver.find_element("id", "play").click()
        wait("playback to advance", lambda: shown(driver) not in ("", before))
        driver.find_element("id", "play").click()
        # A frame already requested when pause was pressed may still arrive: the film has stopped once two reads
        # half a second apart agree, and then it must stay where it stopped for another second.
        def settled():
            first = shown(driver); time.sleep(0.5)
            return first if shown(driver) == first else None
        paused = wait("playback to stop after pause", settled, seconds=10)
        time.sleep(1)
        if shown(driver) != paused:
            fail("the film kept playing after pause")
        print("preview-e2e: play and pause work (%s → %s)" % (before, paused))

        # Scrub to a time in the middle of the entrance and compare with render-gif --at.
        index = max(1, min(count - 1, int(round(film["inEnd"] * fps * 0.3))))
        key, size = scrub_to(driver, index)
        expected = still(render_gif, scene, index / fps, os.path.join(work, "at.png"))
        got = page_frame(driver)
        if got != expected:
            fail("frame %d on the page (%d bytes) differs from render-gif --at %r (%d bytes)" % (index, len(got), index / fps, len(expected)))
        print("preview-e2e: frame %d (%.4f s, %dx%d) on the page is byte for byte render-gif --at" % (index, index / fps, size[1], size[2]))
        driver.find_element("id", "next").click()
        wait("a step forward", lambda: shown(driver) == "%s/%d" % (key, index + 1))
        driver.find_element("id", "prev").click()
        wait("a step back", lambda: shown(driver) == "%s/%d" % (key, index))
        if shots:
            wait("the timing chart", lambda: driver.execute_script("return document.getElementById('chart').naturalWidth > 0 && document.getElementById('curves').naturalWidth > 0"))
            driver.save_screenshot(os.path.join(shots, "preview-page.png"))

        # Save a changed scene: the page swaps in the new film by itself, at the same frame.
        with open(scene) as f:
            text = f.read()
        changed = re.sub(r'"sort":\s*"[^"]*"', '"sort": "radial"', text, count=1)
        if changed == text:
            fail("the scene has no sort to change")
        with open(scene + ".tmp", "w") as f:
            f.write(changed)
        os.rename(scene + ".tmp", scene)
        new_key = wait("the page to load the saved film", lambda: (lambda k: k if k and k != key else None)(driver.execute_script("return document.body.dataset.key")))
        wait("the new film's frame", lambda: shown(driver).startswith(new_key + "/"))
        now = int(shown(driver).split("/")[1])
        expected = still(render_gif, scene, now / fps, os.path.join(work, "at2.png"))
        if page_frame(driver) != expected:
            fail("after the save, frame %d on the page differs from render-gif --at of the saved file" % now)
        print("preview-e2e: the save reloaded the page's film (%s → %s); frame %d matches render-gif --at" % (key, new_key, now))

        # Export under the name of a file already there: the page asks first, and only Replace writes over it.
        keep = os.path.join(work, "keep.png")
        with open(keep, "wb") as f:
            f.write(b"mine")
        driver.execute_script("document.getElementById('format').value = 'png'; document.getElementById('exportName').value = 'keep.png';")
        driver.find_element("id", "export").click()
        wait("the page to say keep.png exists", lambda: driver.execute_script("const e = document.getElementById('exported'); return e.textContent.includes('already exists') && !!document.getElementById('replace');"))
        with open(keep, "rb") as f:
            if f.read() != b"mine":
                fail("the export wrote over keep.png before anyone said Replace")
        driver.find_element("id", "replace").click()
        wait("the export to be written", lambda: driver.execute_script("return document.getElementById('exported').textContent.startsWith('wrote ');"))
        with open(keep, "rb") as f:
            if f.read() != expected:
                fail("after Replace, keep.png is not frame %d as render-gif --at draws it" % now)
        print("preview-e2e: an export over an existing file asks first; Replace writes frame %d, byte for byte render-gif --at" % now)

        # A broken save: the error with its line; the film stays playable.
        with open(scene + ".tmp", "w") as f:
            f.write(changed.replace('"radial"', '"sideways"'))
        os.rename(scene + ".tmp", scene)
        wait("the error on the page", lambda: driver.execute_script("const e = document.getElementById('error'); return e.style.display === 'block' && e.textContent.includes('sideways') && !!document.getElementById('source');"))
        scrub_to(driver, index)
        if shots:
            driver.save_screenshot(os.path.join(shots, "preview-error.png"))
        print("preview-e2e: a broken save shows its error with the line; the last good film still plays")
        print("preview-e2e: every browser check passed")
    try:
        return browse(webdriver, "preview-e2e", [render_gif, "preview", scene, "--port", "0"], 1, 1500, shots, checks, STOP_PROBLEMS)
    finally:
        shutil.rmtree(work, ignore_errors=True)

if __name__ == "__main__":
    status = main()
    for problem in STOP_PROBLEMS:
        print("preview-e2e: FAILED: " + problem, file=sys.stderr)
    sys.exit(1 if STOP_PROBLEMS else status)
