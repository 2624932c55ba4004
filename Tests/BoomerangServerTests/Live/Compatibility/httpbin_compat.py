"""Sends the same requests to a real httpbin and to Boomerang and compares them route by route.

Usage: httpbin_compat.py --boomerang http://127.0.0.1:PORT --venv DIR [--report FILE]

The virtual environment holds the PyPI httpbin (created on first use, reused after). httpbin is
started on a loopback ephemeral port with Werkzeug's threaded server, and stopped at the end.
Each case compares the status, the headers that matter for it, and the body (JSON key sets and
value types, or exact bytes). A difference listed in DELIBERATE (and in docs/endpoints.md's table) is
reported, not failed. Exit status 0 when nothing else differs.
"""
import argparse, hashlib, http.client, json, os, re, subprocess, sys, time, urllib.parse, zlib

HTTPBIN_VERSION = "0.10.4"
# Pinned with the versions it was checked with (Python 3.11): no gunicorn, Werkzeug's own server.
REQUIREMENTS = ["httpbin==" + HTTPBIN_VERSION, "flask==3.1.3", "werkzeug==3.1.9"]

DELIBERATE = {
    "etag quoted": "Boomerang sends ETag as a quoted entity tag (RFC 9110 §8.8.3); httpbin sends the bare text",
    "bytes content": "the same seed gives the same bytes in every Boomerang, not Python's Mersenne Twister bytes",
    "multiple ranges": "Boomerang answers several ranges with 206 multipart/byteranges; httpbin reads only the first number pair and answers 200",
    "base64 type": "/base64 answers text/plain (never text/html: the text is the client's), 400 for text that is not base64",
    "error format": "a refused request gets Boomerang's error document ({\"error\": {status, code, message, value}}) in the negotiated format; httpbin answers with a line of text",
    "malformed authorization": "a malformed Authorization is a 401 with a fresh challenge; httpbin fails with 500",
    "cors credentials": "Boomerang answers Access-Control-Allow-Origin: * without Access-Control-Allow-Credentials (cors: \"*\"); "
    "httpbin reflects any Origin with credentials, which lets every web page read, with the user's cookies, what the echo shows",
}


def venv_python(venv):
    python = os.path.join(venv, "bin", "python")
    marker = os.path.join(venv, "installed-" + "-".join(REQUIREMENTS).replace("==", "_"))
    if not os.path.exists(marker):
        subprocess.run([sys.executable, "-m", "venv", "--clear", venv], check=True)
        subprocess.run([python, "-m", "pip", "install", "-q", "--disable-pip-version-check"] + REQUIREMENTS, check=True)
        open(marker, "w").close()
    return python


SERVER = r"""
import sys
from werkzeug.serving import make_server
from httpbin import app
server = make_server("127.0.0.1", 0, app, threaded=True)
print(server.port, flush=True)
server.serve_forever()
"""


def start_httpbin(python):
    process = subprocess.Popen([python, "-c", SERVER], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    line = process.stdout.readline()
    if not line.strip().isdigit():
        process.kill()
        raise SystemExit("httpbin did not start")
    port = int(line)
    deadline = time.time() + 15
    while time.time() < deadline:
        try:
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=2)
            connection.request("GET", "/get")
            connection.getresponse().read()
            return process, "http://127.0.0.1:%d" % port
        except OSError:
            time.sleep(0.1)
    process.kill()
    raise SystemExit("httpbin did not answer")


class Reply:
    def __init__(self, status, headers, body):
        self.status, self.headers, self.body = status, headers, body

    def header(self, name):
        return [v for k, v in self.headers if k.lower() == name.lower()]

    def json(self):
        try:
            return json.loads(self.body)
        except ValueError:
            return None


def send(base, method, path, headers=None, body=None):
    url = urllib.parse.urlsplit(base)
    connection = http.client.HTTPConnection(url.hostname, url.port, timeout=20)
    connection.request(method, path, body=body, headers=headers or {})
    response = connection.getresponse()
    data = response.read()
    connection.close()
    return Reply(response.status, response.getheaders(), data)


def shape(value):
    if isinstance(value, dict):
        return {k: shape(v) for k, v in value.items()}
    if isinstance(value, list):
        return [shape(v) for v in value[:1]]
    if isinstance(value, bool):
        return "bool"
    if isinstance(value, (int, float)):
        return "number"
    return type(value).__name__


def shape_problems(reference, ours, where="$"):
    """Every key of httpbin's document is in ours with a value of the same type (extensions allowed)."""
    problems = []
    if isinstance(reference, dict):
        if not isinstance(ours, dict):
            return ["%s: object expected, got %s" % (where, shape(ours))]
        for key, value in reference.items():
            if key not in ours:
                problems.append("%s.%s missing" % (where, key))
            else:
                problems += shape_problems(value, ours[key], where + "." + key)
    elif isinstance(reference, list):
        if not isinstance(ours, list):
            return ["%s: list expected, got %s" % (where, shape(ours))]
        if reference and ours:
            problems += shape_problems(reference[0], ours[0], where + "[0]")
    elif shape(reference) != shape(ours):
        problems.append("%s: %s expected, got %s" % (where, shape(reference), shape(ours)))
    return problems


def media_type(reply):
    values = reply.header("Content-Type")
    return values[0].split(";")[0].strip().lower() if values else None


def normalize_location(value, base):
    return value.replace(base, "BASE")


def cookie_pairs(reply):
    pairs = []
    for value in reply.header("Set-Cookie"):
        parts = [p.strip() for p in value.split(";")]
        attributes = sorted(p.lower() for p in parts[1:])
        pairs.append((parts[0], attributes))
    return sorted(pairs)


def challenge_keys(value):
    return sorted(re.findall(r'(\w+)=', value))


def digest_authorization(challenge, method, path, user, password, body=b""):
    fields = dict(re.findall(r'(\w+)="?([^",]*)"?', challenge))
    algorithm = fields.get("algorithm", "MD5")
    h = {"MD5": hashlib.md5, "SHA-256": hashlib.sha256, "SHA-512": hashlib.sha512}[algorithm]
    hx = lambda text: h(text if isinstance(text, bytes) else text.encode()).hexdigest()
    qop = "auth-int" if "auth-int" in fields.get("qop", "") and "auth," not in fields.get("qop", "") else "auth"
    ha1 = hx("%s:%s:%s" % (user, fields["realm"], password))
    ha2 = hx("%s:%s" % (method, path)) if qop == "auth" else hx("%s:%s:%s" % (method, path, hx(body)))
    nc, cnonce = "00000001", "0a4f113b"
    response = hx("%s:%s:%s:%s:%s:%s" % (ha1, fields["nonce"], nc, cnonce, qop, ha2))
    return ('Digest username="%s", realm="%s", nonce="%s", uri="%s", algorithm=%s, qop=%s, nc=%s, cnonce="%s", '
            'response="%s", opaque="%s"') % (user, fields["realm"], fields["nonce"], path, algorithm, qop, nc, cnonce,
                                             response, fields.get("opaque", ""))


class Case:
    def __init__(self, name, method, path, headers=None, body=None, compare=("status",), deliberate=None, digest=None):
        self.name, self.method, self.path, self.headers, self.body = name, method, path, headers or {}, body
        self.compare = tuple(compare) + (("type",) if "type" not in compare and "notype" not in compare else ())
        self.deliberate, self.digest = deliberate, digest


B64 = "SFRUUEJJTiBpcyBhd2Vzb21l"
MULTIPART_BOUNDARY = "compatboundary"
BIG = bytes((i * 7 + 3) % 256 for i in range(300 * 1024))
MULTIPART = (("--%s\r\nContent-Disposition: form-data; name=\"field\"\r\n\r\nvalue\r\n--%s\r\n"
              "Content-Disposition: form-data; name=\"file\"; filename=\"big.bin\"\r\nContent-Type: application/octet-stream\r\n\r\n")
             % (MULTIPART_BOUNDARY, MULTIPART_BOUNDARY)).encode() + BIG + ("\r\n--%s--\r\n" % MULTIPART_BOUNDARY).encode()
BASIC = {"Authorization": "Basic dTpw"}  # u:p

CASES = [
    Case("status 200", "GET", "/status/200", compare=("status", "type")),
    Case("status 418", "GET", "/status/418", compare=("status", "type", "header:X-More-Info?")),
    Case("status 401", "GET", "/status/401", compare=("status", "header:WWW-Authenticate")),
    Case("status 302", "GET", "/status/302", compare=("status", "location")),
    Case("status 307 on POST", "POST", "/status/307", compare=("status", "location")),
    Case("status 406", "GET", "/status/406", compare=("status", "type", "json-shape")),
    Case("status weighted", "GET", "/status/201:1,500:0", compare=("status",)),
    Case("status list", "PUT", "/status/204,204", compare=("status",)),
    Case("status invalid", "GET", "/status/abc", compare=("status",), deliberate="error format"),
    Case("response-headers", "GET", "/response-headers?X-Test=1&X-Test=2&Y=z",
         compare=("status", "type", "json-equal", "header:X-Test", "header:Y")),
    Case("response-headers POST", "POST", "/response-headers?freeform=abc", compare=("status", "json-equal")),
    Case("redirect 3", "GET", "/redirect/3", compare=("status", "location")),
    Case("redirect 1", "GET", "/redirect/1", compare=("status", "location")),
    Case("redirect absolute", "GET", "/redirect/2?absolute=true", compare=("status", "location")),
    Case("relative-redirect", "GET", "/relative-redirect/2", compare=("status", "location")),
    Case("absolute-redirect", "GET", "/absolute-redirect/2", compare=("status", "location")),
    Case("absolute-redirect 1", "GET", "/absolute-redirect/1", compare=("status", "location")),
    Case("redirect-to", "GET", "/redirect-to?url=/get", compare=("status", "location")),
    Case("redirect-to 307", "GET", "/redirect-to?url=http%3A%2F%2Fexample.com%2F&status_code=307", compare=("status", "location")),
    Case("redirect-to POST 308", "POST", "/redirect-to?url=/post&status_code=308", body=b"a=1",
         headers={"Content-Type": "application/x-www-form-urlencoded"}, compare=("status", "location")),
    Case("redirect-to DELETE", "DELETE", "/redirect-to?url=/anything", compare=("status", "location")),
    Case("cookies", "GET", "/cookies", headers={"Cookie": "a=1; b=two"}, compare=("status", "type", "json-equal")),
    Case("cookies none", "GET", "/cookies", compare=("status", "json-equal")),
    Case("cookies set", "GET", "/cookies/set?k1=v1&k2=v2", compare=("status", "location", "cookies")),
    Case("cookies set path", "GET", "/cookies/set/name/value", compare=("status", "location", "cookies")),
    Case("cookies delete", "GET", "/cookies/delete?k1", compare=("status", "location", "cookies")),
    Case("basic-auth ok", "GET", "/basic-auth/u/p", headers=BASIC, compare=("status", "type", "json-equal")),
    Case("basic-auth wrong", "GET", "/basic-auth/u/q", headers=BASIC, compare=("status", "header:WWW-Authenticate")),
    Case("basic-auth none", "GET", "/basic-auth/u/p", compare=("status", "header:WWW-Authenticate")),
    Case("basic-auth malformed", "GET", "/basic-auth/u/p", headers={"Authorization": "Basic !!!"}, compare=("status",)),
    Case("hidden-basic-auth ok", "GET", "/hidden-basic-auth/u/p", headers=BASIC, compare=("status", "json-equal")),
    Case("hidden-basic-auth wrong", "GET", "/hidden-basic-auth/u/q", headers=BASIC, compare=("status",)),
    Case("bearer ok", "GET", "/bearer", headers={"Authorization": "Bearer abc.def"}, compare=("status", "type", "json-equal")),
    Case("bearer none", "GET", "/bearer", compare=("status", "header:WWW-Authenticate")),
    Case("digest challenge", "GET", "/digest-auth/auth/u/p", compare=("status", "challenge", "cookie-names")),
    Case("digest challenge both qops", "GET", "/digest-auth/any/u/p/SHA-256", compare=("status", "challenge")),
    Case("digest MD5", "GET", "/digest-auth/auth/u/p", digest=("u", "p"), compare=("status", "type", "json-equal")),
    Case("digest SHA-256", "GET", "/digest-auth/auth/u/p/SHA-256", digest=("u", "p"), compare=("status", "json-equal")),
    Case("digest SHA-512", "GET", "/digest-auth/auth/u/p/SHA-512", digest=("u", "p"), compare=("status", "json-equal")),
    Case("digest auth-int", "GET", "/digest-auth/auth-int/u/p/SHA-256", digest=("u", "p"), compare=("status", "json-equal")),
    Case("digest wrong password", "GET", "/digest-auth/auth/u/p", digest=("u", "x"), compare=("status",)),
    Case("digest malformed", "GET", "/digest-auth/auth/u/p", headers={"Authorization": "Digest ,,,=\""}, compare=("status",),
         deliberate="malformed authorization"),
    Case("cache", "GET", "/cache", compare=("status", "type", "json-shape", "present:Last-Modified", "present:ETag")),
    Case("cache conditional", "GET", "/cache", headers={"If-None-Match": "x"}, compare=("status",)),
    Case("cache modified-since", "GET", "/cache", headers={"If-Modified-Since": "Sat, 01 Jan 2000 00:00:00 GMT"}, compare=("status",)),
    Case("cache n", "GET", "/cache/60", compare=("status", "json-shape", "header:Cache-Control")),
    Case("etag", "GET", "/etag/abc", compare=("status", "json-shape", "header:ETag"), deliberate="etag quoted"),
    Case("etag if-none-match", "GET", "/etag/abc", headers={"If-None-Match": '"abc"'}, compare=("status",)),
    Case("etag if-none-match star", "GET", "/etag/abc", headers={"If-None-Match": "*"}, compare=("status",)),
    Case("etag if-match fails", "GET", "/etag/abc", headers={"If-Match": '"xyz"'}, compare=("status",)),
    Case("etag if-match ok", "GET", "/etag/abc", headers={"If-Match": '"abc", "xyz"'}, compare=("status", "json-shape")),
    Case("encoding utf8", "GET", "/encoding/utf8", compare=("status", "type")),
    Case("html", "GET", "/html", compare=("status", "type")),
    Case("json", "GET", "/json", compare=("status", "type", "json-shape")),
    Case("xml", "GET", "/xml", compare=("status", "type")),
    Case("robots", "GET", "/robots.txt", compare=("status", "type", "body")),
    Case("deny", "GET", "/deny", compare=("status", "type")),
    Case("forms post", "GET", "/forms/post", compare=("status", "type")),
    Case("uuid", "GET", "/uuid", compare=("status", "type", "json-shape")),
    Case("base64", "GET", "/base64/" + B64, compare=("status", "body"), deliberate="base64 type"),
    Case("bytes", "GET", "/bytes/64?seed=7", compare=("status", "type", "length"), deliberate="bytes content"),
    Case("bytes zero", "GET", "/bytes/0", compare=("status", "length")),
    Case("range", "GET", "/range/100", compare=("status", "type", "body", "header:ETag", "header:Accept-Ranges")),
    Case("range partial", "GET", "/range/100", headers={"Range": "bytes=10-19"},
         compare=("status", "body", "header:Content-Range", "header:ETag")),
    Case("range suffix", "GET", "/range/100", headers={"Range": "bytes=-5"}, compare=("status", "body", "header:Content-Range")),
    Case("range open", "GET", "/range/100", headers={"Range": "bytes=95-"}, compare=("status", "body", "header:Content-Range")),
    Case("range unsatisfiable", "GET", "/range/100", headers={"Range": "bytes=200-300"}, compare=("status", "header:Content-Range")),
    Case("range multiple", "GET", "/range/100", headers={"Range": "bytes=0-1,5-6"}, compare=("status",), deliberate="multiple ranges"),
    Case("stream", "GET", "/stream/3", compare=("status", "type", "lines")),
    Case("stream clamped", "GET", "/stream/150", compare=("status", "lines")),
    Case("stream-bytes", "GET", "/stream-bytes/300?seed=3&chunk_size=50", compare=("status", "type", "length"),
         deliberate="bytes content"),
    Case("drip", "GET", "/drip?numbytes=5&duration=0.2&delay=0", compare=("status", "type", "body", "header:Content-Length")),
    Case("drip code", "GET", "/drip?numbytes=2&duration=0&delay=0&code=201", compare=("status", "body")),
    Case("gzip", "GET", "/gzip", compare=("status", "type", "header:Content-Encoding", "decoded-json-shape")),
    Case("deflate", "GET", "/deflate", compare=("status", "type", "header:Content-Encoding", "decoded-json-shape")),
    Case("brotli", "GET", "/brotli", compare=("status", "type", "header:Content-Encoding")),
    Case("delay", "GET", "/delay/0", compare=("status", "type", "json-shape")),
    Case("delay POST", "POST", "/delay/0.2", body=b"x=1", headers={"Content-Type": "application/x-www-form-urlencoded"},
         compare=("status", "json-shape")),
    Case("links page", "GET", "/links/5/2", compare=("status", "type", "body")),
    Case("links", "GET", "/links/5", compare=("status", "location")),
    Case("image png", "GET", "/image", headers={"Accept": "image/png"}, compare=("status", "type")),
    Case("image webp", "GET", "/image", headers={"Accept": "image/webp"}, compare=("status", "type")),
    Case("image svg", "GET", "/image", headers={"Accept": "image/svg+xml"}, compare=("status", "type")),
    Case("image jpeg", "GET", "/image", headers={"Accept": "image/jpeg"}, compare=("status", "type")),
    Case("image any", "GET", "/image", headers={"Accept": "image/*"}, compare=("status", "type")),
    Case("image none", "GET", "/image", headers={"Accept": "text/plain"}, compare=("status", "type", "json-shape")),
    Case("image/png", "GET", "/image/png", compare=("status", "type")),
    Case("image/jpeg", "GET", "/image/jpeg", compare=("status", "type")),
    Case("image/webp", "GET", "/image/webp", compare=("status", "type")),
    Case("image/svg", "GET", "/image/svg", compare=("status", "type")),
    Case("get", "GET", "/get?a[c]=x+y&b=1&b=2", compare=("status", "type", "json-shape", "args")),
    Case("cors without origin", "GET", "/get", compare=("status", "header:Access-Control-Allow-Origin")),
    Case("cors origin", "GET", "/get", headers={"Origin": "http://app.test"},
         compare=("status", "header:Access-Control-Allow-Origin", "header:Access-Control-Allow-Credentials"),
         deliberate="cors credentials"),
    Case("cors preflight", "OPTIONS", "/put",
         headers={"Origin": "http://app.test", "Access-Control-Request-Method": "PUT", "Access-Control-Request-Headers": "X-Foo, Content-Type"},
         # The empty answer's Content-Type (Flask's text/html default) is not what this case is about.
         compare=("status", "notype", "header:Access-Control-Allow-Methods", "header:Access-Control-Max-Age",
                  "header:Access-Control-Allow-Headers")),
    Case("anything", "PATCH", "/anything/x?q=1", body=b'{"k": [1, 2]}', headers={"Content-Type": "application/json"},
         compare=("status", "json-shape")),
    Case("post multipart 300 KB", "POST", "/post", body=MULTIPART,
         headers={"Content-Type": "multipart/form-data; boundary=" + MULTIPART_BOUNDARY},
         compare=("status", "json-shape", "files", "form")),
    Case("post form", "POST", "/post", body=b"a=x+y&b=%2B", headers={"Content-Type": "application/x-www-form-urlencoded"},
         compare=("status", "json-shape", "form")),
    Case("ip", "GET", "/ip", compare=("status", "json-shape")),
    Case("headers", "GET", "/headers", compare=("status", "json-shape")),
    Case("user-agent", "GET", "/user-agent", headers={"User-Agent": "compat/1"}, compare=("status", "json-equal")),
]


def fetch(base, case):
    headers = dict(case.headers)
    if case.digest:
        challenge = send(base, case.method, case.path)
        authorization = digest_authorization(challenge.header("WWW-Authenticate")[0], case.method, case.path, *case.digest)
        cookies = "; ".join(v.split(";")[0] for v in challenge.header("Set-Cookie"))
        headers["Authorization"] = authorization
        if cookies:
            headers["Cookie"] = cookies
    return send(base, case.method, case.path, headers, case.body)


def compare(case, ref, ours, ref_base, our_base):
    problems = []
    for item in case.compare:
        if item == "status":
            if ref.status != ours.status:
                problems.append("status %d, httpbin %d" % (ours.status, ref.status))
        elif item == "type":
            if media_type(ref) != media_type(ours):
                problems.append("Content-Type %s, httpbin %s" % (media_type(ours), media_type(ref)))
        elif item == "location":
            a = [normalize_location(v, ref_base) for v in ref.header("Location")]
            b = [normalize_location(v, our_base) for v in ours.header("Location")]
            if a != b:
                problems.append("Location %s, httpbin %s" % (b, a))
        elif item.startswith("header:"):
            name = item[7:].rstrip("?")
            if [v.strip() for v in ref.header(name)] != [v.strip() for v in ours.header(name)]:
                if not item.endswith("?") or (ref.header(name) == []) != (ours.header(name) == []):
                    problems.append("%s %s, httpbin %s" % (name, ours.header(name), ref.header(name)))
        elif item.startswith("present:"):
            name = item[8:]
            if bool(ref.header(name)) != bool(ours.header(name)):
                problems.append("%s present %s, httpbin %s" % (name, bool(ours.header(name)), bool(ref.header(name))))
        elif item == "json-shape":
            problems += shape_problems(ref.json(), ours.json())
        elif item == "decoded-json-shape":
            decoded = lambda r: json.loads(zlib.decompress(r.body, 47))  # gzip or zlib, by the header
            problems += shape_problems(decoded(ref), decoded(ours))
        elif item == "json-equal":
            if ref.json() != ours.json():
                problems.append("JSON %s, httpbin %s" % (ours.json(), ref.json()))
        elif item in ("args", "files", "form"):
            if (ref.json() or {}).get(item) != (ours.json() or {}).get(item):
                problems.append("%s differs" % item)
        elif item == "body":
            if ref.body != ours.body:
                problems.append("body %r, httpbin %r" % (ours.body[:80], ref.body[:80]))
        elif item == "lines":
            parse = lambda r: [json.loads(line) for line in r.body.decode().splitlines() if line.strip()]
            a, b = parse(ref), parse(ours)
            if len(a) != len(b) or any(shape_problems(x, y) for x, y in zip(a, b)) or [x["id"] for x in a] != [y["id"] for y in b]:
                problems.append("%d lines, httpbin %d (or their shapes differ)" % (len(b), len(a)))
        elif item == "length":
            if len(ref.body) != len(ours.body):
                problems.append("length %d, httpbin %d" % (len(ours.body), len(ref.body)))
        elif item == "cookies":
            if cookie_pairs(ref) != cookie_pairs(ours):
                problems.append("Set-Cookie %s, httpbin %s" % (cookie_pairs(ours), cookie_pairs(ref)))
        elif item == "cookie-names":
            names = lambda r: sorted(v.split("=")[0] for v in r.header("Set-Cookie"))
            if names(ref) != names(ours):
                problems.append("cookie names %s, httpbin %s" % (names(ours), names(ref)))
        elif item == "challenge":
            a = ref.header("WWW-Authenticate")
            b = ours.header("WWW-Authenticate")
            if not a or not b or challenge_keys(a[0]) != challenge_keys(b[0]) or a[0].split()[0] != b[0].split()[0]:
                problems.append("challenge %s, httpbin %s" % (b, a))
            else:
                qop = lambda v: re.search(r'qop="([^"]*)"', v).group(1)
                algorithm = lambda v: re.search(r'algorithm=([\w-]+)', v).group(1)
                if qop(a[0]) != qop(b[0]) or algorithm(a[0]) != algorithm(b[0]):
                    problems.append("challenge %s, httpbin %s" % (b, a))
    return problems


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--boomerang", required=True)
    parser.add_argument("--venv", required=True)
    parser.add_argument("--report")
    args = parser.parse_args()
    python = venv_python(args.venv)
    process, httpbin = start_httpbin(python)
    rows = []
    try:
        for case in CASES:
            ref = fetch(httpbin, case)
            ours = fetch(args.boomerang, case)
            problems = compare(case, ref, ours, httpbin, args.boomerang)
            verdict = "agree" if not problems else ("deliberate" if case.deliberate else "differ")
            rows.append({"case": case.name, "route": case.method + " " + case.path.split("?")[0], "verdict": verdict,
                         "problems": problems, "reason": DELIBERATE.get(case.deliberate) if problems else None})
    finally:
        process.kill()
        process.wait()
    counts = {v: sum(1 for r in rows if r["verdict"] == v) for v in ("agree", "deliberate", "differ")}
    for row in rows:
        if row["verdict"] != "agree":
            print("%-10s %-28s %s%s" % (row["verdict"], row["case"], "; ".join(row["problems"]),
                                        (" — " + row["reason"]) if row["reason"] else ""))
    routes = len({r["route"].split(" ")[1].rstrip("/") for r in rows})
    print("compat: %d cases over %d routes against httpbin %s: %d agree, %d deliberate differences, %d differ"
          % (len(rows), routes, HTTPBIN_VERSION, counts["agree"], counts["deliberate"], counts["differ"]))
    if args.report:
        with open(args.report, "w") as handle:
            json.dump(rows, handle, indent=2)
    return 1 if counts["differ"] else 0


if __name__ == "__main__":
    sys.exit(main())
