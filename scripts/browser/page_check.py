#!/usr/bin/env python3
"""Drives the web page in headless Chromium (Selenium) against a running Boomerang.

    page_check.py PORT ARTIFACT_DIR

Opens the page with its live feed held back, sends a request before the feed connects and sees
it listed once the feed connects (the feed resumes from the list's newest id), sends a multipart
request with curl and waits for it to appear in the list without a reload, opens it and checks
the parts' names, sizes, hashes and text, cuts a streamed response short and reads how its row and diagnostics tell it, leaves a large echo after its head
and sees its row change to say so, sends a JSON request
with the builder and reads the echo, checks that a header carrying markup is shown as text and
runs nothing, reads posted bodies (text, binary, cut) in the Raw tab, and checks that the
Scenarios tab's own fetch stays out of the history while a curl of the same route does not. Saves screenshots of the list and the detail view. Exits non-zero on any failure.
"""
import hashlib
import json
import os
import socket
import subprocess
import sys
import tempfile
import time

from selenium import webdriver
from selenium.common.exceptions import StaleElementReferenceException
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as conditions
from selenium.webdriver.support.ui import WebDriverWait

port, artifacts = int(sys.argv[1]), sys.argv[2]
base = f"http://127.0.0.1:{port}"
os.makedirs(artifacts, exist_ok=True)

options = webdriver.ChromeOptions()
options.binary_location = os.environ.get("CHROMIUM", "/usr/bin/chromium")
for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--window-size=1400,1000"):
    options.add_argument(flag)
options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
driver = webdriver.Chrome(service=Service(os.environ.get("CHROMEDRIVER", "/usr/bin/chromedriver")), options=options)
# The list re-renders as the live feed reports: an element read a moment ago can be gone, and is
# read again rather than failing the check.
wait = WebDriverWait(driver, 10, ignored_exceptions=[StaleElementReferenceException])
failures = []


def check(condition, message):
    if not condition:
        failures.append(message)
        print("FAIL:", message, flush=True)


def open_newest():
    """Clicks the newest row, again if the list re-rendered under the click."""
    wait.until(lambda d: rows()[0].click() is None)


def rows():
    return driver.find_elements(By.CSS_SELECTOR, "#requests tbody tr")


# Holds the page's live feed back until the check lets it go: the page's EventSource is made at
# once, but its connection opens only on window.__feed.release(); the URL it was given is kept.
HELD_FEED = """
(() => {
  const RealEventSource = window.EventSource;
  let release;
  const released = new Promise((resolve) => { release = resolve; });
  window.__feed = { url: null, release: () => release() };
  function HeldEventSource(url, options) {
    if (window.__feed.url === null) window.__feed.url = String(url);
    const held = { listeners: [], real: null, closed: false };
    released.then(() => {
      if (held.closed) return;
      held.real = new RealEventSource(url, options);
      for (const [type, listener] of held.listeners) held.real.addEventListener(type, listener);
    });
    return {
      get readyState() { return held.real ? held.real.readyState : 0; },
      addEventListener(type, listener) {
        held.listeners.push([type, listener]);
        if (held.real) held.real.addEventListener(type, listener);
      },
      close() { held.closed = true; if (held.real) held.real.close(); },
    };
  }
  HeldEventSource.CONNECTING = 0;
  HeldEventSource.OPEN = 1;
  HeldEventSource.CLOSED = 2;
  window.EventSource = HeldEventSource;
})();
"""

# Holds the answers of the page's list requests (/__admin/requests?…) until the check lets them
# go: the request is made and answered at once, but the page gets the answer only on
# window.__list.release().
HELD_LIST = """
(() => {
  const realFetch = window.fetch;
  let release;
  const released = new Promise((resolve) => { release = resolve; });
  window.__list = { fetched: 0, delivered: 0, release: () => release(), restore: () => { window.fetch = realFetch; } };
  window.fetch = (input, init) => {
    if (!String(input).includes("/__admin/requests?")) return realFetch(input, init);
    const answer = realFetch(input, init).then((response) => { window.__list.fetched += 1; return response; });
    return released.then(() => answer).then((response) => { window.__list.delivered += 1; return response; });
  };
})();
"""

try:
    # 0. A request that arrives after the page read the list and before its live feed connected
    # is listed once the feed connects: the feed resumes from the list's newest id.
    driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": HELD_FEED})
    driver.get(base + "/")
    wait.until(lambda d: d.execute_script("return window.__feed && window.__feed.url"))
    feed_url = driver.execute_script("return window.__feed.url")
    subprocess.run(["curl", "-s", "-o", "/dev/null", base + "/get?while=starting"], check=True)
    driver.execute_script("window.__feed.release()")
    wait.until(lambda d: d.find_element(By.ID, "status").text == "live")
    try:
        WebDriverWait(driver, 10, poll_frequency=0.05).until(lambda d: any("/get?while=starting" in row.text for row in rows()))
    except Exception:  # noqa: BLE001 - a timeout here is the failure being checked
        pass
    check(any("/get?while=starting" in row.text for row in rows()),
          f"a request made while the page was starting is listed (feed {feed_url})")
    check("lastEventId=" in feed_url, f"the live feed resumes from the list's newest id: {feed_url}")

    # 1. A multipart request from curl appears without a reload.
    with tempfile.TemporaryDirectory() as scratch:
        photo = os.path.join(scratch, "photo.bin")
        payload = bytes((i * 7 + 3) % 256 for i in range(3000))
        with open(photo, "wb") as handle:
            handle.write(payload)
        before = len(rows())
        sent = time.monotonic()
        subprocess.run(["curl", "-s", "-o", "/dev/null", "-F", "note=hello page", "-F", f"photo=@{photo};type=application/octet-stream",
                        base + "/post"], check=True)
        # How soon it appears is printed, not asserted: under a sanitizer on a loaded machine a
        # second is not enough, and a timed assertion would fail for the machine, not the page.
        WebDriverWait(driver, 10, poll_frequency=0.05).until(lambda d: len(rows()) > before)
        appeared = time.monotonic() - sent
        print(f"the multipart request appeared in {appeared * 1000:.0f} ms", flush=True)
    first = rows()[0]
    check("/post" in first.text and "POST" in first.text, f"the newest row is the POST: {first.text!r}")
    driver.save_screenshot(os.path.join(artifacts, "list.png"))

    # 1b. A request the feed reports while a filter's reload waits for its list, which was read
    # before the request came, stays listed when the list arrives.
    driver.execute_script(HELD_LIST)
    # A loaded machine (the whole suite at once) is slow here, and a row read while the list is
    # drawn again is stale: asked again.
    held_wait = WebDriverWait(driver, 30, ignored_exceptions=[StaleElementReferenceException])
    driver.execute_script(
        "const box = document.getElementById('filter-text'); box.value = 'while-reload';"
        " box.dispatchEvent(new Event('change'));")
    held_wait.until(lambda d: d.execute_script("return window.__list.fetched") >= 1)
    subprocess.run(["curl", "-s", "-o", "/dev/null", base + "/get?while-reload=1"], check=True)
    held_wait.until(lambda d: any("while-reload" in row.text for row in rows()))
    driver.execute_script("window.__list.release()")
    held_wait.until(lambda d: d.execute_script("return window.__list.delivered") >= 1)
    time.sleep(0.2)  # the reload's own rendering, after its list was handed over
    listed = held_wait.until(lambda d: [row.text for row in rows()])
    check(any("while-reload" in text for text in listed),
          "a request the feed reported while a reload waited for its list is still listed")
    driver.execute_script(
        "window.__list.restore(); const box = document.getElementById('filter-text'); box.value = '';"
        " box.dispatchEvent(new Event('change'));")
    held_wait.until(lambda d: any("/post" in row.text for row in rows()))
    first = next(row for row in rows() if "/post" in row.text)

    # 2. Its parts: names, sizes and hashes.
    first.click()
    wait.until(lambda d: "#" in d.find_element(By.ID, "detail-title").text)
    tab = [b for b in driver.find_elements(By.CSS_SELECTOR, "#tabs button") if b.text == "Parts"]
    check(len(tab) == 1, "a Parts tab is offered for a multipart request")
    if tab:
        tab[0].click()
        text = driver.find_element(By.ID, "tab-body").text
        check("note" in text and "photo" in text, "both part names are shown")
        check("3000 bytes" in text, "the file part's size is shown")
        check(hashlib.sha256(payload).hexdigest() in text, "the file part's SHA-256 is shown")
        check(hashlib.sha256(b"hello page").hexdigest() in text, "the field part's SHA-256 is shown")
        check("hello page" in text, "the text part's content is shown")
    driver.save_screenshot(os.path.join(artifacts, "detail.png"))

    # A client that leaves a streamed response makes one row, aborted while the response was sent.
    subprocess.run(["curl", "-s", "-o", "/dev/null", "--max-time", "1.5", base + "/drip?duration=4&numbytes=8&delay=0"])
    wait.until(lambda d: "/drip" in rows()[0].text and "client left" in rows()[0].text)
    time.sleep(0.6)
    check(sum("/drip" in row.text for row in rows()) == 1, "the cut stream is listed once")
    open_newest()
    wait.until(lambda d: "/drip" in d.find_element(By.ID, "detail-title").text)
    [b for b in driver.find_elements(By.CSS_SELECTOR, "#tabs button") if b.text == "Overview"][0].click()
    check("clientAborted" in driver.find_element(By.ID, "tab-body").text, "the cut stream's outcome is clientAborted")
    [b for b in driver.find_elements(By.CSS_SELECTOR, "#tabs button") if b.text.startswith("Diagnostics")][0].click()
    text = driver.find_element(By.ID, "tab-body").text
    check("went away while the response was sent" in text and "of 8 body bytes were sent" in text,
          f"the diagnostics say how much of the stream was sent: {text!r}")
    driver.save_screenshot(os.path.join(artifacts, "aborted.png"))

    # A 4 MiB echo whose client leaves after its head: listed as answered when it was made, its row
    # then says, without a reload, that the client left.
    host, port = base.split("//")[1].split(":")
    body = b"b" * (4 << 20)
    with socket.socket() as raw:
        raw.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
        raw.connect((host, int(port)))
        raw.sendall(b"POST /post HTTP/1.1\r\nHost: x\r\nContent-Type: text/plain\r\nContent-Length: %d\r\n\r\n" % len(body) + body)
        raw.recv(1024)
        raw.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, b"\x01\x00\x00\x00\x00\x00\x00\x00")
    wait.until(lambda d: "/post" in rows()[0].text and "client left" in rows()[0].text)
    check(sum("POST" in row.text and "client left" in row.text for row in rows()) == 1, "the cut echo is listed once, as cut")

    # A request the framing rules refuse: its Response tab says what the server answered.
    with socket.create_connection((host, int(port)), timeout=5) as raw:
        raw.sendall(b"POST /post HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\nabc\r\n0\r\n\r\n")
        raw.recv(65536)
    wait.until(lambda d: "400" in rows()[0].text and "/post" in rows()[0].text)
    open_newest()
    wait.until(lambda d: "/post" in d.find_element(By.ID, "detail-title").text)
    [b for b in driver.find_elements(By.CSS_SELECTOR, "#tabs button") if b.text == "Response"][0].click()
    text = driver.find_element(By.ID, "tab-body").text
    check("refused the request with 400" in text and "invalidChunkSize" in text,
          f"the Response tab of a refusal says what was answered: {text!r}")

    # 3. Markup in a header is text and runs nothing.
    marker = '<img src=x onerror="window.__pwned=1"><script>window.__pwned=2</script>'
    subprocess.run(["curl", "-s", "-o", "/dev/null", "-H", f"X-Evil: {marker}", base + "/get?q=%3Cb%3Ebold%3C/b%3E"], check=True)
    wait.until(lambda d: "/get?q=" in rows()[0].text)
    open_newest()
    wait.until(lambda d: "/get" in d.find_element(By.ID, "detail-title").text)
    [b for b in driver.find_elements(By.CSS_SELECTOR, "#tabs button") if b.text == "Headers"][0].click()
    body = driver.find_element(By.ID, "tab-body")
    check(marker in body.text, "the header value is shown as the text that was sent")
    check(not driver.find_elements(By.CSS_SELECTOR, "#tab-body img, #tab-body script, #tab-body b"), "no element was made from captured text")
    time.sleep(0.3)
    check(driver.execute_script("return window.__pwned") is None, "nothing captured ran")
    driver.save_screenshot(os.path.join(artifacts, "headers.png"))

    # The response tab shows the head as it was written, with the fields Boomerang added.
    [b for b in driver.find_elements(By.CSS_SELECTOR, "#tabs button") if b.text == "Response"][0].click()
    wait.until(lambda d: "Head as sent" in d.find_element(By.ID, "tab-body").text)
    text = driver.find_element(By.ID, "tab-body").text
    check("HTTP/1.1 200 OK" in text, "the response head starts with its status line")
    check("Content-Length: " in text and "Date: " in text, "the response head shows the fields added when it was written")
    driver.save_screenshot(os.path.join(artifacts, "response.png"))

    # The Raw tab shows the body the history kept after the head: text as text, other bytes in hex,
    # and says when the body was cut.
    def open_raw(path_fragment):
        wait.until(lambda d: path_fragment in rows()[0].text)
        open_newest()
        wait.until(lambda d: path_fragment in d.find_element(By.ID, "detail-title").text)
        [b for b in driver.find_elements(By.CSS_SELECTOR, "#tabs button") if b.text == "Raw"][0].click()
        return driver.find_element(By.ID, "tab-body").text

    posted = "first line of the posted body\nsecond <b>line</b> é"
    subprocess.run(["curl", "-s", "-o", "/dev/null", "-H", "Content-Type: text/plain; charset=utf-8", "--data-binary", posted,
                    base + "/post?raw=text"], check=True)
    text = open_raw("/post?raw=text")
    check("POST /post?raw=text HTTP/1.1" in text, f"the Raw tab starts with the request line: {text[:80]!r}")
    check(posted in text, f"the Raw tab shows the posted body as text: {text!r}")
    size = len(posted.encode())
    check(f"all {size} bytes" in text, f"the Raw tab says the body is whole: {text!r}")
    check(not driver.find_elements(By.CSS_SELECTOR, "#tab-body b"), "the body's markup is text")
    driver.save_screenshot(os.path.join(artifacts, "raw.png"))
    with tempfile.TemporaryDirectory() as scratch:
        binary = os.path.join(scratch, "body.bin")
        with open(binary, "wb") as handle:
            handle.write(bytes([0x00, 0x01, 0xFF, 0xFE]) + b"tail")
        subprocess.run(["curl", "-s", "-o", "/dev/null", "-H", "Content-Type: application/octet-stream", "--data-binary", f"@{binary}",
                        base + "/post?raw=binary"], check=True)
        text = open_raw("/post?raw=binary")
        check("00 01 ff fe 74 61 69 6c" in text, f"the Raw tab shows a binary body in hex: {text!r}")
        check("shown in hex" in text, "the Raw tab says the binary body is shown in hex")
        # Over max_history_body_bytes (1 MiB by default): only the first KiB is kept.
        large_size = (1 << 20) + 200 * 1024
        large = os.path.join(scratch, "large.txt")
        with open(large, "wb") as handle:
            handle.write(b"x" * large_size)
        subprocess.run(["curl", "-s", "-o", "/dev/null", "-H", "Content-Type: text/plain", "--data-binary", f"@{large}",
                        base + "/post?raw=large"], check=True)
        text = open_raw("/post?raw=large")
        check(f"of {large_size} bytes are shown" in text and "truncated" in text, f"the Raw tab says a large body was cut: {text[-300:]!r}")

    # 4. The builder sends JSON and shows the echo.
    driver.find_element(By.CSS_SELECTOR, "header nav button[data-view=builder]").click()
    url = driver.find_element(By.ID, "b-url")
    url.clear()
    url.send_keys("/post")
    driver.find_element(By.CSS_SELECTOR, "input[name=b-kind][value=json]").click()
    area = driver.find_element(By.ID, "b-json")
    area.clear()
    area.send_keys('{"from": "builder", "n": 3}')
    driver.find_element(By.CSS_SELECTOR, "#builder button[type=submit]").click()
    wait.until(lambda d: d.find_element(By.ID, "b-echo").text.strip().startswith("{"))
    echo = json.loads(driver.find_element(By.ID, "b-echo").text)
    check(echo.get("json") == {"from": "builder", "n": 3}, f"the echo shows the JSON body: {echo.get('json')!r}")
    check(driver.find_element(By.ID, "b-outcome").text.startswith("200"), "the builder shows the status")
    driver.save_screenshot(os.path.join(artifacts, "builder.png"))

    # 5. The scenario catalogue is browsable, and the page's own fetch of it is not in the history.
    driver.find_element(By.CSS_SELECTOR, "header nav button[data-view=scenarios]").click()
    wait.until(lambda d: len(d.find_elements(By.CSS_SELECTOR, "#scenarios tbody tr")) > 100)
    subprocess.run(["curl", "-s", "-o", "/dev/null", base + "/get?after=scenarios"], check=True)
    driver.find_element(By.CSS_SELECTOR, "header nav button[data-view=history]").click()
    wait.until(lambda d: "/get?after=scenarios" in rows()[0].text)
    listed = json.loads(subprocess.run(["curl", "-s", base + "/__admin/requests?limit=1000"], check=True,
                                       capture_output=True).stdout)["requests"]
    check(not [r for r in listed if r["path"] == "/scenarios"], "the Scenarios tab's fetch is not recorded")
    check(not [row for row in rows() if "/scenarios" in row.text], "the list shows no /scenarios row")
    subprocess.run(["curl", "-s", "-o", "/dev/null", base + "/scenarios"], check=True)
    wait.until(lambda d: "/scenarios" in rows()[0].text)

    errors = [entry for entry in driver.get_log("browser") if entry["level"] == "SEVERE"]
    check(not errors, f"no console errors: {errors}")
except Exception as error:  # noqa: BLE001 - any failure of the drive is a test failure
    failures.append(f"{type(error).__name__}: {error}")
    driver.save_screenshot(os.path.join(artifacts, "failure.png"))
    print("FAIL:", failures[-1], flush=True)
finally:
    driver.quit()

print("page check:", "ok" if not failures else f"{len(failures)} failures")
sys.exit(1 if failures else 0)
