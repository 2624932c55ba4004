#!/usr/bin/env python3
"""Drives the web page over HTTPS in headless Chromium (Selenium) against a running Boomerang.

    https_check.py HTTPS_PORT CA_FOLDER ARTIFACT_DIR

Trusts the CA's root in a fresh NSS database (the one Chromium reads on Linux, under $HOME/.pki),
opens the page at https://localhost:PORT/ and reads the echo's tls object with the page's own
fetch (over HTTP/2); opens a WebSocket from the page (over HTTP/2, RFC 8441); posts a body and
reads its row's stream and connection and its download; makes curl fail a handshake (no trust in the root) and sees the failure listed as
"TLS failed" and explained in the TLS tab; then serves a leaf for example.com signed by the
intermediate on purpose (outside the CA's name constraints) and checks that Chromium refuses it
while it accepts the same intermediate's leaf for a permitted name. Exits non-zero on any failure.
"""
import json
import os
import ssl
import subprocess
import sys
import tempfile
import threading
import time

from selenium import webdriver
from selenium.common.exceptions import StaleElementReferenceException
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

port, ca, artifacts = int(sys.argv[1]), sys.argv[2], sys.argv[3]
base = f"https://localhost:{port}"
os.makedirs(artifacts, exist_ok=True)
failures = []


def check(condition, message):
    if not condition:
        failures.append(message)
        print("FAIL:", message, flush=True)


def run(*arguments, **options):
    return subprocess.run(arguments, check=True, capture_output=True, text=True, **options)


work = tempfile.mkdtemp(prefix="boomerang-https-check-")
home = os.path.join(work, "home")
nss = os.path.join(home, ".pki", "nssdb")
os.makedirs(nss)
run("certutil", "-N", "-d", f"sql:{nss}", "--empty-password")
run("certutil", "-A", "-d", f"sql:{nss}", "-n", "Boomerang root", "-t", "C,,", "-i", os.path.join(ca, "root.pem"))


def forged_leaf(name):
    """A key and a certificate for `name`, signed with the CA's intermediate key by openssl."""
    key, csr, certificate = (os.path.join(work, f"{name}.{ext}") for ext in ("key", "csr", "pem"))
    extensions = os.path.join(work, f"{name}.ext")
    with open(extensions, "w") as file:
        file.write(f"subjectAltName=DNS:{name}\nextendedKeyUsage=serverAuth\nbasicConstraints=CA:FALSE\n")
    run("openssl", "req", "-new", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes", "-keyout", key,
        "-out", csr, "-subj", f"/CN={name}")
    run("openssl", "x509", "-req", "-in", csr, "-CA", os.path.join(ca, "intermediate.pem"),
        "-CAkey", os.path.join(ca, "intermediate-key.pem"), "-CAcreateserial", "-days", "30", "-out", certificate,
        "-extfile", extensions)
    with open(certificate, "a") as chain, open(os.path.join(ca, "intermediate.pem")) as intermediate:
        chain.write(intermediate.read())
    return certificate, key


def serve(certificate, key):
    """A one-page HTTPS server with that certificate, in a thread; returns its port."""
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.load_cert_chain(certificate, key)
    import http.server

    class Handler(http.server.BaseHTTPRequestHandler):
        def do_GET(self):
            body = b"<title>forged</title>served"
            self.send_response(200)
            self.send_header("Content-Type", "text/html")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *arguments):
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.socket = context.wrap_socket(server.socket, server_side=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server.server_address[1]


forged_port = serve(*forged_leaf("example.com"))
permitted_port = serve(*forged_leaf("forged-but-permitted.localhost"))

options = webdriver.ChromeOptions()
options.binary_location = os.environ.get("CHROMIUM", "/usr/bin/chromium")
for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--window-size=1400,1000",
             "--host-resolver-rules=MAP example.com 127.0.0.1"):
    options.add_argument(flag)
service = Service(os.environ.get("CHROMEDRIVER", "/usr/bin/chromedriver"), env={**os.environ, "HOME": home})
driver = webdriver.Chrome(service=service, options=options)
# The page redraws its list and tabs as the feed brings entries: an element found may go stale.
wait = WebDriverWait(driver, 15, ignored_exceptions=(StaleElementReferenceException,))


def rows():
    return driver.find_elements(By.CSS_SELECTOR, "#requests tbody tr")


def row_containing(text):
    """The first row of the request list whose text contains `text`, or None."""
    return next((row for row in rows() if text in row.text), None)


try:
    # 1. The page over HTTPS, trusted through the NSS database: no interstitial, the list is there.
    driver.get(base + "/")
    wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, "#requests"))
    check(driver.current_url.startswith(base), f"the page opened at {driver.current_url}")
    echo = driver.execute_async_script(
        "const done = arguments[0]; fetch('/get').then((r) => r.json()).then(done, (e) => done(String(e)));")
    check(isinstance(echo, dict) and echo.get("tls", {}).get("version") in ("TLSv1.3", "TLSv1.2"), f"the echo's tls: {echo}")
    check(isinstance(echo, dict) and echo.get("url", "").startswith("https://localhost:"), f"the echo's url: {echo}")
    if isinstance(echo, dict):
        # Chromium offers h2 first, and the HTTPS port takes it: the page and its feed run over HTTP/2.
        check(echo["tls"].get("alpn") == "h2", f"Chromium spoke h2: {echo['tls']}")
        check(echo.get("httpVersion") == "2", f"the echo's httpVersion: {echo.get('httpVersion')}")

    # 1b. A WebSocket from the page: Chromium opens it on the page's HTTP/2 connection with an
    # extended CONNECT (RFC 8441), which the history keeps with its pseudo-header fields.
    reply = driver.execute_async_script(
        "const done = arguments[0]; const ws = new WebSocket(`wss://${location.host}/websocket/echo`);"
        "ws.onopen = () => ws.send('hello from chromium');"
        "ws.onmessage = (e) => { ws.close(); done(String(e.data)); }; ws.onerror = () => done('error');")
    check(reply == "hello from chromium", f"the WebSocket echo: {reply}")
    listing = json.loads(run("curl", "-sS", "--cacert", os.path.join(ca, "root.pem"), f"{base}/__admin/requests?path=/websocket/echo").stdout)
    socket_id = next((entry["id"] for entry in listing.get("requests", [])), None)
    check(socket_id is not None, f"the WebSocket's request is in the history: {listing}")
    if socket_id is not None:
        entry = json.loads(run("curl", "-sS", "--cacert", os.path.join(ca, "root.pem"), f"{base}/__admin/requests/{socket_id}").stdout)
        pseudo = dict((entry["request"].get("http2") or {}).get("pseudoHeaders", []))
        check(pseudo.get(":method") == "CONNECT" and pseudo.get(":protocol") == "websocket",
              f"Chromium used WebSocket over HTTP/2: {entry['request'].get('http2')}")
        check(entry.get("status") == 200, f"the extended CONNECT was answered 200: {entry.get('status')}")

    # 1c. An upload from the page over HTTP/2: its row's detail names the stream and the
    # connection, and its "Download the body" link gives the bytes back over the same protocol.
    sent = "download me over h2"
    driver.execute_async_script(
        "const done = arguments[1]; fetch('/post', {method: 'POST', body: arguments[0], headers: {'Content-Type': 'text/plain'}})"
        ".then(() => done(), () => done());", sent)

    row = None
    try:
        row = wait.until(lambda d: row_containing("/post"))
    except Exception:
        check(False, "the page's POST was listed")
    if row is not None:
        row.click()
        try:
            wait.until(lambda d: "on connection" in d.find_element(By.ID, "tab-body").text)
        except Exception:
            pass
        overview = driver.find_element(By.ID, "tab-body").text
        check("HTTP/2" in overview and "on connection" in overview, f"the overview names the stream and the connection: {overview[:400]}")
        wait.until(lambda d: [b for b in d.find_elements(By.CSS_SELECTOR, "#tabs button") if b.text == "Body"])[0].click()
        links = wait.until(lambda d: [a for a in d.find_elements(By.CSS_SELECTOR, "#tab-body a") if a.text == "Download the body"])
        href = links[0].get_attribute("href") if links else None
        check(href is not None, "the detail offers the body's download")
        if href:
            fetched = driver.execute_async_script(
                "const done = arguments[1]; fetch(arguments[0]).then((r) => r.text()).then(done, (e) => done(String(e)));", href)
            check(fetched == sent, f"the download gave the body back: {fetched!r}")

    # 2. A handshake that fails (curl does not trust the root) is listed, and explained.
    subprocess.run(["curl", "-s", "--max-time", "5", f"https://localhost:{port}/get"], capture_output=True)

    row = None
    try:
        row = wait.until(lambda d: row_containing("TLS failed"))
    except Exception:
        check(False, "a failed handshake was listed as TLS failed")
    if row is not None:
        check("localhost" in row.text, f"the row names the server name: {row.text}")
        row.click()
        wait.until(lambda d: any(tab.text == "TLS" for tab in d.find_elements(By.CSS_SELECTOR, "#tabs button")))
        next(tab for tab in driver.find_elements(By.CSS_SELECTOR, "#tabs button") if tab.text == "TLS").click()
        text = wait.until(lambda d: d.find_element(By.ID, "tab-body").text)
        check("certificate_rejected" in text, f"the TLS tab says why: {text[:300]}")
        check("unknown_ca" in text, f"the TLS tab names the alert: {text[:300]}")
        check(not driver.find_element(By.CSS_SELECTOR, "#detail .copy").is_displayed(), "no request to copy for a failed handshake")
        driver.save_screenshot(os.path.join(artifacts, "handshake-failure.png"))

    # 3. Name constraints in Chromium: the intermediate's leaf for a permitted name is accepted,
    # the same intermediate's leaf for example.com is refused.
    driver.get(f"https://forged-but-permitted.localhost:{permitted_port}/")
    check(driver.title == "forged", f"a leaf inside the constraints loads: title {driver.title!r}")
    driver.get(f"https://example.com:{forged_port}/")
    time.sleep(0.5)
    check(driver.title != "forged", "Chromium refused the leaf outside the name constraints")
    source = driver.page_source
    check("ERR_CERT" in source or "Privacy error" in driver.title or "not private" in source,
          f"Chromium showed its certificate error: {driver.title!r}")
    driver.save_screenshot(os.path.join(artifacts, "name-constraints.png"))
finally:
    driver.quit()

if failures:
    print(f"https check: {len(failures)} failure(s)")
    sys.exit(1)
print("https check: ok")
