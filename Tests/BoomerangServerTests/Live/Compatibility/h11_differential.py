#!/usr/bin/env python3
"""Framing decisions of Boomerang against h11 (PyPI) on the same bytes.

Reads a JSON list of {"id", "payload" (base64)} rows, gives each payload to an h11 server-side
connection and, on a fresh socket, to Boomerang, and compares the framing decision of the first
request: accepted (and with how many body bytes) or refused. Boomerang refuses when it answers
with an error and closes the connection (the framing cannot be trusted); an answer that keeps the
connection (404, 501, a 400 about the target's meaning) is a request whose framing was accepted.
Boomerang's body length is read from the echo (`body.size`); an accepted request answered without
an echo (`OPTIONS` answers `Allow` and no body) is compared on its verdict only.

Every disagreement must be listed in KNOWN with the reason (an RFC reference); an unlisted one,
or a listed one whose row is in the run and no longer disagrees, fails the run. KNOWN serves
several row sets (H11DifferentialTests, H11HostileFramingRowsTests): an entry no row of this run
matches is counted, not failed; `--list-known` prints the prefixes so that a test can check that
each still names a row.

Usage: h11_differential.py --rows rows.json --boomerang http://127.0.0.1:PORT --venv DIR
       h11_differential.py --list-known
"""

import argparse
import base64
import json
import os
import socket
import subprocess
import sys

H11_VERSION = "0.16.0"

# id prefix -> why Boomerang and h11 decide differently. Each is a deliberate choice of ours.
KNOWN = {
    "F02 HTTP/2.0": "h11 reads any HTTP/1.x-looking version; RFC 9110 §6.2: a major version we do not "
    "speak is 505, and the connection closes",
    "F07 fragment in target": "RFC 9112 §3.2: a request-target has no fragment; h11 passes it on",
    "F13 9 KiB request line": "a limit, not grammar: 414 past max_request_line_bytes (8 KiB; RFC 9112 §3 "
    "lets a server refuse a long request line); h11's own limit is 16 KiB",
    "H11 fold lines": "RFC 9112 §5.2: a server that receives obs-fold MUST either reject the message with "
    "400 or replace each fold with spaces; Boomerang rejects at the first fold (robustness H06, H11), so 80 KB "
    "of fold lines cost nothing; h11 unfolds them all (the head is complete, its 16 KiB limit is only for "
    "incomplete data)",
    "H06 obs-fold": "RFC 9112 §5.2: a server that receives obs-fold MUST either reject the message with "
    "400 or replace each fold with spaces; Boomerang rejects (robustness H06), h11 unfolds",
    "H09 300 headers": "a limit: 431 past max_header_count (256, RFC 6585 §5); h11 has no count limit",
    "H10 64 KiB header value": "a limit: 431 past max_header_bytes (32 KiB, RFC 6585 §5); h11 accepts up to "
    "its 16 KiB incomplete-event limit only while data is missing, and this head is complete",
    "B02 Content-Length 1, 1": "RFC 9110 §8.6 lets a recipient either reject a list of identical lengths or "
    "collapse it; Boomerang rejects anything but 1*DIGIT (robustness B02), h11 collapses",
    "B04 Content-Length and chunked": "RFC 9112 §6.3 ¶3: a server MAY reject a request with both, and "
    "they ought to be handled as an error (smuggling); Boomerang rejects and closes, h11 lets chunked win",
    "B07 chunked on HTTP/1.0": "RFC 9112 §6.1 ¶15: a server that gets Transfer-Encoding in an HTTP/1.0 "
    "request ought to treat the framing as faulty and close; h11 reads it as chunked",
    "B08 HEAD with a body": "RFC 9110 §9.3.2: content in a HEAD request has no defined semantics and is a "
    "smuggling vector (robustness B08; Go refuses it too); h11 reads the body",
    "B08 HEAD with chunked": "RFC 9110 §9.3.2 and RFC 9112 §6.1: a HEAD request has no defined use for "
    "content, and Transfer-Encoding on it is the smuggling vector of robustness B08 (400 and close, as "
    "Go does); h11 reads the chunked body",
    "B13 Expect: foo": "RFC 9110 §10.1.1: an expectation other than 100-continue MAY be answered 417; the "
    "body was not read, so the connection closes. h11 leaves Expect to the application",
    "C07 endless size line": "a limit: a chunk-size line over 64 bytes is refused at once (robustness C07); "
    "h11 waits for a line end up to its 16 KiB incomplete-event limit",
    "C07 size digits past Int64": "a limit: 413 once the size passes Int64 (robustness C07/C08); h11 takes "
    "at most 20 hex digits and waits for the line to end",
    "C08 chunk size overflow": "a limit: 413 once the size passes Int64 (robustness C08); h11 takes the size "
    "and waits for the data",
    "F08 unknown method": "robustness F08 and §5: a method no route serves is answered 501 and the "
    "connection closes; h11 leaves methods to the application (the framing is the same: no body)",
    "F08 lowercase method": "robustness F08: methods are case-sensitive (RFC 9110 §9.1), `get` is unknown, "
    "answered 501 and closed; h11 leaves methods to the application",
    "F09 TRACE": "robustness F09 and §5: TRACE is not served (it would echo credentials across origins), "
    "501 and close; h11 leaves methods to the application",
    "F09 CONNECT": "robustness F09 and §5: Boomerang is not a proxy, 501 and close; h11 leaves methods "
    "to the application",
    "C06 1 data byte per KiB of extension": "a limit: RFC 9112 §7.1.1 lets extensions be ignored, not "
    "unbounded; Boomerang refuses a message once its chunk extensions pass 64 KiB in all "
    "(HTTPParserConfiguration.maxTotalChunkExtensionBytes, robustness C06: extensions may not dwarf the data they carry, a "
    "DoS guard), 400 and close; h11 never looks inside an extension and has no total",
    "K11 SSH banner": "RFC 9112 §3: `SSH-2.0-OpenSSH_9.2` is not a request-line (method SP target SP "
    "version); Boomerang refuses it at its line end, 400 and close (robustness K11: fast), while h11 waits "
    "for the blank line that ends a head, which an SSH client never sends",
    "K11 HTTP/2 preface": "RFC 9113 §3.4: the preface on an HTTP/1.1-only port is answered 505 and closed; "
    "h11 reads `PRI * HTTP/2.0` as a request",
    "V03 chunked with extensions": "RFC 9112 §7.1.1: chunk-ext = *( BWS \";\" BWS name [ BWS \"=\" BWS value ] ) "
    "and a recipient MUST parse the bad whitespace before ';'; h11 0.16 refuses `1 ; x`",
    "X01 chunk extension with trailing whitespace": "RFC 9112 §7.1.1: the chunk-ext grammar has no "
    "whitespace before CRLF; h11 accepts trailing whitespace and never looks inside an extension",
    "X02 chunk extension without a name": "RFC 9112 §7.1.1: a chunk-ext-name is a token, never empty; "
    "h11 never looks inside an extension",
    "X03 chunk extension with an unclosed quote": "RFC 9112 §7.1.1: a chunk-ext-val is a token or a "
    "complete quoted-string; h11 never looks inside an extension",
}


def ensure_h11(venv):
    python = os.path.join(venv, "bin", "python")
    check = [python, "-c", f"import h11, sys; sys.exit(h11.__version__ != '{H11_VERSION}')"]
    if not os.path.exists(python) or subprocess.run(check, capture_output=True).returncode != 0:
        subprocess.run([sys.executable, "-m", "venv", venv], check=True)
        subprocess.run(
            [python, "-m", "pip", "install", "-q", "--disable-pip-version-check", "--retries", "5",
             "--timeout", "60", f"h11=={H11_VERSION}"],
            check=True,
        )
    return python


H11_PROBE = r"""
import base64, json, sys
import h11
out = {}
for row in json.load(sys.stdin):
    conn = h11.Connection(h11.SERVER)
    conn.receive_data(base64.b64decode(row["payload"]))
    verdict, body = None, 0
    try:
        while verdict is None:
            event = conn.next_event()
            if event is h11.NEED_DATA:
                verdict = "incomplete"
            elif isinstance(event, h11.Data):
                body += len(event.data)
            elif isinstance(event, h11.EndOfMessage):
                verdict = "accept"
    except h11.RemoteProtocolError as error:
        verdict = "reject"
    out[row["id"]] = {"verdict": verdict, "body": body}
json.dump(out, sys.stdout)
"""


def h11_verdicts(python, rows):
    result = subprocess.run([python, "-c", H11_PROBE], input=json.dumps(rows), capture_output=True, text=True)
    if result.returncode != 0:
        sys.exit(f"the h11 probe failed:\n{result.stderr}")
    return json.loads(result.stdout)


def read_response(sock):
    """The first response's status, headers (lower-case names) and body; None when none came."""
    data = b""
    while b"\r\n\r\n" not in data:
        try:
            chunk = sock.recv(65536)
        except socket.timeout:
            return None
        if not chunk:
            return None
        data += chunk
    head, _, rest = data.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    status = int(lines[0].split(" ")[1])
    headers = {}
    for line in lines[1:]:
        name, _, value = line.partition(":")
        headers[name.strip().lower()] = value.strip()
    length = int(headers.get("content-length", "0"))
    while len(rest) < length:
        chunk = sock.recv(65536)
        if not chunk:
            break
        rest += chunk
    return status, headers, rest[:length]


def boomerang_verdict(host, port, payload):
    with socket.create_connection((host, port), timeout=5) as sock:
        sock.sendall(payload)
        response = read_response(sock)
    if response is None:
        return {"verdict": "incomplete", "body": 0, "status": None}
    status, headers, body = response
    if status >= 400 and headers.get("connection", "").lower() == "close":
        return {"verdict": "reject", "body": 0, "status": status}
    size = None
    try:
        echoed = json.loads(body).get("body")
        if isinstance(echoed, dict) and isinstance(echoed.get("size"), int):
            size = echoed["size"]
    except (ValueError, AttributeError):
        pass
    return {"verdict": "accept", "body": size, "status": status}


def known_reason(row_id):
    for prefix, reason in KNOWN.items():
        if row_id.startswith(prefix):
            return prefix, reason
    return None, None


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--rows")
    parser.add_argument("--boomerang")
    parser.add_argument("--venv")
    parser.add_argument("--list-known", action="store_true")
    args = parser.parse_args()
    if args.list_known:
        json.dump(list(KNOWN), sys.stdout)
        return 0
    if not (args.rows and args.boomerang and args.venv):
        parser.error("--rows, --boomerang and --venv are required")
    with open(args.rows) as file:
        rows = json.load(file)
    python = ensure_h11(args.venv)
    theirs = h11_verdicts(python, rows)
    hostport = args.boomerang.split("://", 1)[1]
    host, port = hostport.rsplit(":", 1)
    agree = differ = justified = 0
    used, present = set(), set()
    for row in rows:
        ours = boomerang_verdict(host, int(port), base64.b64decode(row["payload"]))
        h11v = theirs[row["id"]]
        same = ours["verdict"] == h11v["verdict"] and (
            ours["verdict"] != "accept" or ours["body"] is None or ours["body"] == h11v["body"])
        prefix, reason = known_reason(row["id"])
        if prefix:
            present.add(prefix)
        body = "body not echoed" if ours["body"] is None else f"body {ours['body']}"
        line = f"{row['id']}: boomerang {ours['verdict']} ({ours['status']}, {body}), h11 {h11v['verdict']} (body {h11v['body']})"
        if same:
            agree += 1
            print(f"same     {line}")
        elif reason:
            justified += 1
            used.add(prefix)
            print(f"known    {line}\n         because {reason}")
        else:
            differ += 1
            print(f"DIFFER   {line}")
    stale = [prefix for prefix in KNOWN if prefix in present and prefix not in used]
    for prefix in stale:
        print(f"STALE    {prefix}: listed as a deliberate difference, but the two now agree")
    elsewhere = sum(prefix not in present for prefix in KNOWN)
    print(f"{len(rows)} payloads: {agree} agree, {justified} differ deliberately, {differ + len(stale)} differ "
          f"({elsewhere} listed differences belong to rows not in this run)")
    return 1 if differ or stale else 0


if __name__ == "__main__":
    sys.exit(main())
