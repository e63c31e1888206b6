"""What the browser end-to-end checks (scripts/preview-e2e.py, scripts/review-e2e.py) share: the check that
chromium, chromedriver and selenium are here (exit 77 when not), bounded waits, a headless Chromium, and a
server stopped with Ctrl-C whose exit is checked."""
import os, signal, subprocess, sys, time

CHROMIUM, DRIVER = "/usr/bin/chromium", "/usr/bin/chromedriver"

def require(name):
    """Exits 77 (skipped) when selenium, chromium or chromedriver is missing; returns selenium's webdriver."""
    try:
        from selenium import webdriver
    except ImportError:
        print("%s: selenium is not installed (python3-selenium)" % name, file=sys.stderr); sys.exit(77)
    if not (os.access(CHROMIUM, os.X_OK) and os.access(DRIVER, os.X_OK)):
        print("%s: chromium or chromedriver is missing (apt-get install chromium chromium-driver)" % name, file=sys.stderr); sys.exit(77)
    return webdriver

def fail(message):
    raise AssertionError(message)

def wait(what, test, seconds=60):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        value = test()
        if value:
            return value
        time.sleep(0.05)
    fail("timed out after %d s waiting for %s" % (seconds, what))

def chromium(webdriver, profile, height):
    """Headless Chromium with its own profile folder, 1280 × `height`."""
    from selenium.webdriver.chrome.service import Service
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for flag in ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--window-size=1280,%d" % height,
                 "--user-data-dir=" + os.path.join(profile, "profile")]:
        options.add_argument(flag)
    driver = webdriver.Chrome(service=Service(DRIVER), options=options)
    driver.set_script_timeout(60)
    return driver

def stop(server, problems):
    """Ctrl-C to a server still running; a server that does not exit 0 within 30 s is a problem."""
    if server.poll() is not None:
        return
    server.send_signal(signal.SIGINT)
    try:
        code = server.wait(timeout=30)
        if code != 0:
            problems.append("the server exited %d after Ctrl-C" % code)
    except subprocess.TimeoutExpired:
        server.kill(); server.wait()
        problems.append("the server did not stop on Ctrl-C")
