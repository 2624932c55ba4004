"""Python's ssl module as a client of Boomerang's HTTPS port, for HTTPSTests.

Usage: tls_client.py SCENARIO PORT ROOT_PEM [ARGUMENT]. Prints one JSON object.
"""
import hashlib
import json
import os
import socket
import ssl
import sys
import time

scenario, port, root = sys.argv[1], int(sys.argv[2]), sys.argv[3]
argument = sys.argv[4] if len(sys.argv) > 4 else None


def context(version=None):
    made = ssl.create_default_context(cafile=root)
    if version == "1.2":
        made.maximum_version = ssl.TLSVersion.TLSv1_2
    made.set_alpn_protocols(["http/1.1"])
    return made


def connect(made, name="localhost", session=None):
    raw = socket.create_connection(("127.0.0.1", port), timeout=10)
    return made.wrap_socket(raw, server_hostname=name, session=session, suppress_ragged_eofs=False)


def exchange(tls, request):
    """Sends one request with Connection: close and reads to the end; reports whether the
    server ended with close_notify."""
    tls.sendall(request)
    chunks = []
    clean = True
    while True:
        try:
            chunk = tls.recv(65536)
        except ssl.SSLEOFError:
            clean = False
            break
        if not chunk:
            break
        chunks.append(chunk)
    data = b"".join(chunks)
    head, _, body = data.partition(b"\r\n\r\n")
    return head.decode("latin-1"), body, clean


def get(tls, path):
    return exchange(tls, f"GET {path} HTTP/1.1\r\nHost: localhost:{port}\r\nConnection: close\r\n\r\n".encode())


if scenario == "resume":
    # A second connection offers the first one's session; TLS 1.2 or 1.3 as asked.
    made = context(argument)
    first = connect(made)
    head, body, _ = get(first, "/get")
    session = first.session
    first.close()
    second = connect(made, session=session)
    _, again, _ = get(second, "/get")
    print(json.dumps({
        "first": json.loads(body)["tls"],
        "second": json.loads(again)["tls"],
        "clientSawReuse": second.session_reused,
        "version": second.version(),
    }))
elif scenario == "cross-resume":
    # A session made with one name, offered when connecting with another (ARGUMENT: "first,second").
    first_name, second_name = argument.split(",")
    made = context()
    first = connect(made, name=first_name)
    _, body, _ = get(first, "/get")
    session = first.session
    first.close()
    again = connect(made, name=first_name, session=session)
    _, same, _ = get(again, "/get")
    other = connect(made, name=second_name, session=session)
    _, crossed, _ = get(other, "/get")
    print(json.dumps({"sameName": json.loads(same)["tls"]["resumed"], "otherName": json.loads(crossed)["tls"]["resumed"],
                      "clientSawReuse": other.session_reused}))
elif scenario == "abandon":
    # Starts a large download, reads a little of it, then resets the connection (no close_notify).
    import struct
    tls = connect(context())
    tls.sendall(f"GET /stream-bytes/{argument}?chunk_size=65536 HTTP/1.1\r\nHost: localhost\r\n\r\n".encode())
    received = 0
    while received < 65536:
        received += len(tls.recv(65536))
    tls.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
    tls.close()
    print(json.dumps({"received": received}))
elif scenario == "hang-up":
    # ARGUMENT connections, each sending a request and closing at once, unread and without
    # close_notify: as a load tool's connections end when its time is up.
    for _ in range(int(argument)):
        tls = connect(context())
        tls.sendall(f"GET /get HTTP/1.1\r\nHost: localhost:{port}\r\n\r\n".encode())
        tls.close()
    print(json.dumps({"closed": int(argument)}))
elif scenario == "close-notify":
    tls = connect(context())
    head, body, clean = get(tls, "/get")
    print(json.dumps({"status": head.split(" ")[1], "cleanEnd": clean}))
elif scenario == "upload":
    payload = os.urandom(int(argument))
    tls = connect(context())
    request = (f"POST /anything HTTP/1.1\r\nHost: localhost:{port}\r\nContent-Type: application/octet-stream\r\n"
               f"Content-Length: {len(payload)}\r\nConnection: close\r\n\r\n").encode() + payload
    head, body, clean = exchange(tls, request)
    print(json.dumps({"status": head.split(" ")[1], "echo": json.loads(body)["body"],
                      "sha256": hashlib.sha256(payload).hexdigest(), "cleanEnd": clean}))
elif scenario == "download":
    tls = connect(context())
    head, body, clean = get(tls, f"/bytes/{argument}")
    print(json.dumps({"status": head.split(" ")[1], "length": len(body), "cleanEnd": clean}))
elif scenario == "keep-alive":
    # Several requests on one connection, each read by its Content-Length.
    tls = connect(context())
    reader = tls.makefile("rb")
    statuses = []
    for index in range(int(argument)):
        tls.sendall(f"GET /get?n={index} HTTP/1.1\r\nHost: localhost\r\n\r\n".encode())
        status = reader.readline().split(b" ")[1].decode()
        length = 0
        while True:
            line = reader.readline()
            if line in (b"\r\n", b""):
                break
            name, _, value = line.decode("latin-1").partition(":")
            if name.lower() == "content-length":
                length = int(value)
        body = json.loads(reader.read(length))
        statuses.append([status, body["args"]["n"], body["tls"]["resumed"]])
    print(json.dumps({"exchanges": statuses}))
elif scenario == "late-alert":
    # TLS 1.3 without a client certificate where one is required: the client's handshake ends
    # before the server has checked it, so the client sends its request, and more a moment later,
    # then reads. It must read the server's alert, not have its sends refused by a reset.
    made = context()
    made.minimum_version = ssl.TLSVersion.TLSv1_3
    tls = connect(made)
    outcome = {"version": tls.version()}
    try:
        tls.sendall(f"GET /get HTTP/1.1\r\nHost: localhost:{port}\r\n".encode())
        time.sleep(0.3)
        tls.sendall(b"X-Late: 1\r\n\r\n")
        tls.recv(65536)
        outcome["error"] = "none"
    except OSError as error:
        outcome["error"] = type(error).__name__
        outcome["reason"] = getattr(error, "reason", None)
        outcome["detail"] = str(error)
    print(json.dumps(outcome))
elif scenario == "requests-catalogue":
    # Python's requests (urllib3 over ssl) against every scenario's port, trusting the root:
    # accepted or refused, and how. ARGUMENT is the admin API's listing (JSON) in a file.
    import requests
    import warnings
    warnings.simplefilter("ignore")
    listing = json.load(open(argument))
    outcomes = {}
    for entry in listing["scenarios"]:
        url = entry["portURL"]
        try:
            response = requests.get(url, verify=root, timeout=3)
            body = response.json()
            outcomes[entry["name"]] = {"outcome": "accept", "scenario": body.get("tls", {}).get("scenario")}
        except Exception as error:  # the kind of failure is what the test reads
            outcomes[entry["name"]] = {"outcome": "refuse", "error": type(error).__name__, "detail": str(error)[:200]}
    print(json.dumps(outcomes))
else:
    sys.exit(f"unknown scenario {scenario}")
