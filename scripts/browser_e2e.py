"""What the browser end-to-end checks (scripts/preview-e2e.py, scripts/review-e2e.py) share: the check that
chromium, chromedriver and selenium are here (exit 77 when not), bounded waits, a headless Chromium, and a
server started on a free port whose address is read from its output, stopped with Ctrl-C and its exit checked."""
import os, re, shutil, signal, subprocess, sys, tempfile, time

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

def serve(command, lines):
    """Starts `command` (a render-gif server with `--port 0`) and reads `lines` lines of its output, the last one
    holding its address. Returns the process, the address and the lines read; fails when no address came. The server
    starts with SIGINT and SIGQUIT at their defaults, as a terminal starts a command, whatever this script inherited
    (run by nohup or in the background of a script, it inherits them ignored, and render-gif keeps them so)."""
    server = subprocess.Popen(["env", "--default-signal=INT,QUIT"] + command, stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE, text=True)
    read = [server.stdout.readline() for _ in range(lines)]
    match = re.search(r"http://127\.0\.0\.1:(\d+)/\S*", read[-1])
    if not match:
        stderr = server.stderr.read() if server.poll() is not None else ""
        stop(server, [])
        fail("%s printed no address: %r %r" % (" ".join(command[:2]), read, stderr))
    return server, match.group(0), read

def browse(webdriver, name, command, lines, height, shots, checks, problems):
    """Starts the server of `command` (`serve`), opens headless Chromium `height` pixels high and runs
    `checks(driver, address, lines_read)`. Returns 0, or 1 when a check failed: said as `NAME: FAILED: …` on stderr,
    with a screenshot SHOTS/PAGE-failure.png (PAGE: NAME without `-e2e`) when SHOTS is given. On every path the
    browser quits, the server is stopped (`stop`, its problems added to `problems`) and the profile removed."""
    profile = tempfile.mkdtemp(prefix=name + "-")
    server = driver = None
    try:
        server, address, read = serve(command, lines)
        driver = chromium(webdriver, profile, height)
        checks(driver, address, read)
        return 0
    except AssertionError as e:
        print("%s: FAILED: %s" % (name, e), file=sys.stderr)
        if driver and shots:
            driver.save_screenshot(os.path.join(shots, name.replace("-e2e", "") + "-failure.png"))
        return 1
    finally:
        if driver:
            driver.quit()
        if server:
            stop(server, problems)
        shutil.rmtree(profile, ignore_errors=True)

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
