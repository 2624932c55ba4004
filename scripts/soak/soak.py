#!/usr/bin/env python3
"""Soak and fault runs against a Boomerang on loopback, with the pass criteria of
robustness spec §4.3. Each mode starts its own server (127.0.0.1, a free port), is bounded in
time, prints its figures and exits 1 when a criterion fails.

  soak.py mixed    [--seconds 600]  mixed load: 0 errors, flat RSS, fds back to baseline (rows K09, R03)
  soak.py cutoff   [--count 1000]   uploads cut off at random points by FIN or RST (row K06)
  soak.py sigterm  [--uploads 100]  SIGTERM with uploads in flight, then a restart
  soak.py slow     [--seconds 80]   slowhttptest (slowloris, slow body, slow read, range) beside normal traffic,
                                    and a probe per deadline (rows K02, K03, K04)
  soak.py idle     [--count 10000]  idle keep-alive connections: memory per connection (row K05)

The server binary is $BOOMERANG, else .build/release/boomerang, else .build/debug/boomerang.
"""

import argparse
import os
import random
import re
import resource
import shutil
import signal
import socket
import statistics
import struct
import subprocess
import sys
import threading
import time
import json

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def binary():
    if os.environ.get("BOOMERANG"):
        return os.environ["BOOMERANG"]
    for kind in ("release", "debug"):
        path = os.path.join(ROOT, ".build", kind, "boomerang")
        if os.path.exists(path):
            return path
    sys.exit("no boomerang binary: run swift build first (or set BOOMERANG)")


class Server:
    """A boomerang serve process on 127.0.0.1 and the port it reports."""

    def __init__(self, *options, port=0):
        self.options = list(options)
        self.process = subprocess.Popen(
            [binary(), "serve", "--host", "127.0.0.1", "--port", str(port), "--threads", "1", "--https-port", "off",
             "--no-access-log", "--public-directory", os.path.join(ROOT, "public"), *self.options],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=ROOT, text=True,
        )
        line = self.process.stdout.readline()
        match = re.search(r":(\d+)/", line)
        if not match:
            self.process.kill()
            sys.exit(f"the server did not start: {line!r} {self.process.stderr.read()}")
        self.port = int(match.group(1))
        self.pid = self.process.pid
        self.stderr_lines = 0
        threading.Thread(target=self._drain, daemon=True).start()
        threading.Thread(target=self._count_stderr, daemon=True).start()

    def _drain(self):
        for _ in self.process.stdout:
            pass

    def _count_stderr(self):
        for _ in self.process.stderr:
            self.stderr_lines += 1

    def rss_kib(self):
        with open(f"/proc/{self.pid}/status") as file:
            for line in file:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1])
        return 0

    def fds(self):
        return len(os.listdir(f"/proc/{self.pid}/fd"))

    def cpu_seconds(self):
        with open(f"/proc/{self.pid}/stat") as file:
            fields = file.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    def alive(self):
        return self.process.poll() is None

    def stop(self):
        if self.alive():
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        return self.process.returncode


def read_response(sock):
    """(status, headers, body) of one response; None when the connection closed first."""
    data = b""
    while b"\r\n\r\n" not in data:
        chunk = sock.recv(65536)
        if not chunk:
            return None
        data += chunk
    head, _, body = data.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    status = int(lines[0].split(" ")[1])
    headers = {}
    for line in lines[1:]:
        name, _, value = line.partition(":")
        headers[name.strip().lower()] = value.strip()
    length = int(headers.get("content-length", "0"))
    while len(body) < length:
        chunk = sock.recv(max(65536, length - len(body)))
        if not chunk:
            return None
        body += chunk
    return status, headers, body[:length]


def get(port, target, timeout=10):
    with socket.create_connection(("127.0.0.1", port), timeout=timeout) as sock:
        sock.sendall(f"GET {target} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n".encode())
        return read_response(sock)


def multipart(size, rng):
    boundary = "soak%016x" % rng.getrandbits(64)
    data = rng.randbytes(size)
    body = (f"--{boundary}\r\nContent-Disposition: form-data; name=\"f\"; filename=\"blob.bin\"\r\n"
            f"Content-Type: application/octet-stream\r\n\r\n").encode() + data + f"\r\n--{boundary}--\r\n".encode()
    return f"multipart/form-data; boundary={boundary}", body


MALFORMED = [
    (b"GET /a b HTTP/1.1\r\nHost: a\r\n\r\n", 400),
    (b"POST /post HTTP/1.1\r\nHost: a\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\nab", 400),
    (b"POST /post HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n0x5\r\nhello\r\n0\r\n\r\n", 400),
    (b"GET /get HTTP/1.1\r\nHost: a\r\nX: a\r\n b\r\n\r\n", 400),
    (b"POST /post HTTP/1.1\r\nHost: a\r\nContent-Type: multipart/form-data; boundary=B\r\nContent-Length: 8\r\n\r\n--B\nX\n\n1", 400),
    (b"GET / HTTP/4294967295.255\r\nHost: a\r\n\r\n", 400),
    # Bodies the echo cannot read are answered 200 with a diagnostic; reading them must cost no memory.
    (b"POST /post HTTP/1.1\r\nHost: a\r\nContent-Type: application/x-plist\r\nContent-Length: 46\r\n\r\n"
     b"<plist version=\"1.0\"><dict><key>a</key></dict>", 200),
    (b"POST /post HTTP/1.1\r\nHost: a\r\nContent-Type: application/x-plist\r\nContent-Length: 16\r\n\r\nbplist00\x01\x01\x01\x01\x01\x01\x01\x01", 200),
    (b"POST /post HTTP/1.1\r\nHost: a\r\nContent-Type: application/json\r\nContent-Length: 9\r\n\r\n{\"a\": [1,", 200),
]


def percentile(values, fraction):
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def mixed_worker(port, deadline, seed, stats, lock, bodies):
    rng = random.Random(seed)
    sock = None
    while time.monotonic() < deadline:
        roll = rng.random()
        kind = "connect"
        try:
            if sock is None:
                sock = socket.create_connection(("127.0.0.1", port), timeout=10)
            started = time.monotonic()
            if roll < 0.70:
                sock.sendall(b"GET /get?soak=1 HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
                expected, kind = 200, "get"
            elif roll < 0.90:
                content_type, body = rng.choice(bodies)
                sock.sendall(f"POST /post HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: {content_type}\r\n"
                             f"Content-Length: {len(body)}\r\n\r\n".encode() + body)
                expected, kind = 200, "multipart"
            elif roll < 0.95:
                sock.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
                expected, kind = 200, "static"
            else:
                payload, expected = rng.choice(MALFORMED)
                kind = "malformed " + payload[:30].decode("latin-1")
                sock.close()
                sock = socket.create_connection(("127.0.0.1", port), timeout=10)
                sock.sendall(payload)
            response = read_response(sock)
            elapsed = time.monotonic() - started
            with lock:
                stats["requests"] += 1
                stats["latency"].setdefault(kind.split(" ")[0], []).append(elapsed)
                if response is None or response[0] != expected:
                    stats["errors"] += 1
                    stats["errorSamples"].append((kind, response[0] if response else None))
            if response is None or response[1].get("connection") == "close":
                sock.close()
                sock = None
        except OSError as error:
            with lock:
                stats["errors"] += 1
                stats["errorSamples"].append((kind, str(error)))
            if sock:
                sock.close()
            sock = None
    if sock:
        sock.close()


# The part of a mixed run after warm-up over which the RSS slope is judged (robustness §4.3).
SLOPE_MIN_SECONDS = 1800


def mode_mixed(args):
    # The history fills its ring (max_history_entry_count) first; memory is judged after that.
    server = Server("--max-history-entry-count", str(args.history_entries))
    failures = []
    try:
        time.sleep(0.3)
        base_fds = server.fds()
        stats = {"requests": 0, "errors": 0, "latency": {}, "errorSamples": []}
        lock = threading.Lock()
        deadline = time.monotonic() + args.seconds
        rng = random.Random(7)
        bodies = [multipart(rng.randint(1024, 512 * 1024), rng) for _ in range(32)]
        workers = [threading.Thread(target=mixed_worker, args=(server.port, deadline, seed, stats, lock, bodies))
                   for seed in range(args.connections)]
        for worker in workers:
            worker.start()
        samples = []
        started = time.monotonic()
        while any(worker.is_alive() for worker in workers):
            samples.append((time.monotonic() - started, server.rss_kib()))
            time.sleep(1)
        for worker in workers:
            worker.join()
        cpu = server.cpu_seconds()
        time.sleep(2)
        end_fds = server.fds()
        warm = [rss for t, rss in samples if t >= args.seconds / 3] or [samples[-1][1]]
        at_warm, final, peak = warm[0], samples[-1][1], max(rss for _, rss in samples)
        # The slope over the part after warm-up, by least squares, in MiB per hour.
        tail = [(t, rss) for t, rss in samples if t >= args.seconds / 3]
        slope = 0.0
        if len(tail) > 2:
            mean_t = statistics.mean(t for t, _ in tail)
            mean_r = statistics.mean(r for _, r in tail)
            den = sum((t - mean_t) ** 2 for t, _ in tail)
            slope = sum((t - mean_t) * (r - mean_r) for t, r in tail) / den * 3600 / 1024 if den else 0.0
        print(f"mixed: {args.seconds} s, {args.connections} connections, {stats['requests']} requests "
              f"({stats['requests'] / args.seconds:.0f}/s), {stats['errors']} errors, server CPU {cpu:.1f} s")
        for kind, values in sorted(stats["latency"].items()):
            print(f"  {kind:9} n={len(values):6}  p50 {percentile(values, 0.5) * 1000:7.2f} ms  "
                  f"p99 {percentile(values, 0.99) * 1000:7.2f} ms")
        print(f"  RSS KiB: start {samples[0][1]}, at 1/3 {at_warm}, peak {peak}, end {final}; "
              f"slope after 1/3 {slope:+.1f} MiB/h; fds {base_fds} -> {end_fds}")
        if stats["errors"]:
            failures.append(f"{stats['errors']} errors, e.g. {stats['errorSamples'][:5]}")
        if final > at_warm * 1.10 + 2048:
            failures.append(f"RSS grew from {at_warm} to {final} KiB after warm-up")
        # A slope is only a trend over long enough a time: over minutes, the history ring's and
        # the allocator's steps of a few MiB read as tens of MiB an hour.
        tail_seconds = tail[-1][0] - tail[0][0] if len(tail) > 2 else 0
        if tail_seconds >= SLOPE_MIN_SECONDS:
            if slope >= 1.0:
                failures.append(f"RSS slope {slope:+.1f} MiB/h after warm-up (criterion < 1 MiB/h)")
        else:
            print(f"  slope not judged: {tail_seconds:.0f} s after warm-up, {SLOPE_MIN_SECONDS} s needed")
        if abs(end_fds - base_fds) > 2:
            failures.append(f"fds {base_fds} -> {end_fds}")
        if not server.alive():
            failures.append("the server died")
    finally:
        code = server.stop()
    if code not in (0, None):
        failures.append(f"exit status {code}")
    return failures


def cut_upload(port, rng):
    """One upload of about 1 MiB (multipart or chunked) cut off at a random byte, by FIN or RST.
    Returns (whether by RST, whether the cut fell inside the head): a request whose head never
    arrived whole is no request, and leaves no history entry."""
    size = 1 << 20
    chunked = rng.random() < 0.5
    if chunked:
        data = rng.randbytes(size)
        body = b"".join(b"%x\r\n" % len(piece) + piece + b"\r\n"
                        for piece in (data[i:i + 65536] for i in range(0, size, 65536))) + b"0\r\n\r\n"
        head = b"POST /post HTTP/1.1\r\nHost: 127.0.0.1\r\nTransfer-Encoding: chunked\r\n\r\n"
    else:
        content_type, body = multipart(size, rng)
        head = (f"POST /post HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: {content_type}\r\n"
                f"Content-Length: {len(body)}\r\n\r\n").encode()
    wire = head + body
    # A cut uniform over 1 MiB almost never lands in the head, so one in ten is made there (or
    # right at its end, where the head is whole and the body empty) to check both sides of it.
    cut = rng.randint(1, len(head)) if rng.random() < 0.1 else rng.randint(1, len(wire) - 1)
    sock = socket.create_connection(("127.0.0.1", port), timeout=10)
    reset = rng.random() < 0.5
    try:
        sock.sendall(wire[:cut])
        if reset:
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
        else:
            sock.shutdown(socket.SHUT_WR)
            sock.settimeout(10)
            while sock.recv(65536):
                pass
    except OSError:
        pass
    finally:
        sock.close()
    return reset, cut < len(head)


def admin_total(port, query):
    response = get(port, f"/__admin/requests?limit=1&{query}")
    if response is None or response[0] != 200:
        return None
    return json.loads(response[2])["total"]


def mode_cutoff(args):
    # Every upload is recorded (the history holds all of them), with at most 1 KiB of body each, so
    # that the memory the history keeps by design does not hide a leak.
    history = ["--no-history"] if args.no_history else [
        "--max-history-entry-count", str(max(args.count + 100, 1000)), "--max-history-body-bytes", "1024"]
    server = Server(*history)
    failures = []
    try:
        time.sleep(0.3)
        get(server.port, "/get")
        base_fds, base_rss = server.fds(), server.rss_kib()
        rng = random.Random(args.seed)
        started = time.monotonic()
        resets = in_head = 0
        lock = threading.Lock()
        counter = iter(range(args.count))

        def worker(seed):
            nonlocal resets, in_head
            local = random.Random(seed)
            while True:
                with lock:
                    if next(counter, None) is None:
                        return
                reset, head_cut = cut_upload(server.port, local)
                with lock:
                    resets += reset
                    in_head += head_cut

        threads = [threading.Thread(target=worker, args=(rng.getrandbits(64),)) for _ in range(args.connections)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        elapsed = time.monotonic() - started
        time.sleep(2)
        end_fds, end_rss = server.fds(), server.rss_kib()
        after = get(server.port, "/get")
        aborted = admin_total(server.port, "outcome=clientAborted&path=/post")
        complete = admin_total(server.port, "outcome=complete&path=/post")
        print(f"cutoff: {args.count} uploads of 1 MiB (multipart or chunked) cut at random offsets, {resets} by RST, "
              f"{args.count - resets} by FIN, {in_head} inside the head, in {elapsed:.1f} s")
        print(f"  fds {base_fds} -> {end_fds}; RSS KiB {base_rss} -> {end_rss}; "
              f"history: {aborted} clientAborted, {complete} complete /post entries; server CPU {server.cpu_seconds():.1f} s")
        if not server.alive() or after is None or after[0] != 200:
            failures.append("the server stopped serving")
        if abs(end_fds - base_fds) > 2:
            failures.append(f"leaked fds: {base_fds} -> {end_fds}")
        if end_rss > base_rss + 16 * 1024:
            failures.append(f"RSS did not come back: {base_rss} -> {end_rss} KiB")
        if not args.no_history and complete != 0:
            failures.append(f"{complete} cut-off uploads recorded as complete")
        # Every upload whose head arrived whole is a request cut short: exactly one clientAborted
        # entry each, none missing and none extra.
        if not args.no_history and aborted != args.count - in_head:
            failures.append(f"{aborted} cut-off uploads recorded as aborted, expected {args.count - in_head} "
                            f"({args.count} cut, {in_head} of them inside the head)")
    finally:
        code = server.stop()
    if code not in (0, None):
        failures.append(f"exit status {code}")
    return failures


def mode_sigterm(args):
    failures = []
    server = Server("--shutdown-timeout", str(args.shutdown_timeout))
    port = server.port
    socks = []
    try:
        for index in range(args.uploads):
            sock = socket.create_connection(("127.0.0.1", port), timeout=10)
            sock.sendall(b"POST /upload HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 104857600\r\n\r\n" + b"x" * 65536)
            socks.append(sock)
        time.sleep(0.5)
        in_flight_fds = server.fds()
        started = time.monotonic()
        server.process.send_signal(signal.SIGTERM)
        try:
            code = server.process.wait(10)
        except subprocess.TimeoutExpired:
            server.process.kill()
            code = "killed after 10 s"
        exit_seconds = time.monotonic() - started
        restart_started = time.monotonic()
        again = Server(port=port)
        response = get(port, "/get")
        restart_seconds = time.monotonic() - restart_started
        again.stop()
        print(f"sigterm: {args.uploads} uploads in flight ({in_flight_fds} fds open); exit status {code} "
              f"after {exit_seconds:.2f} s; restart on port {port} answered in {restart_seconds * 1000:.0f} ms")
        if code != 0:
            failures.append(f"exit status {code}")
        if exit_seconds >= 5:
            failures.append(f"exit took {exit_seconds:.2f} s")
        if response is None or response[0] != 200:
            failures.append("the restarted server did not answer")
        elif restart_seconds >= 1:
            failures.append(f"the restart took {restart_seconds:.2f} s to answer (criterion < 1 s)")
    finally:
        for sock in socks:
            sock.close()
        if server.alive():
            server.process.kill()
    return failures


def normal_traffic(port, deadline, latencies, errors):
    sock = None
    while time.monotonic() < deadline:
        try:
            if sock is None:
                sock = socket.create_connection(("127.0.0.1", port), timeout=5)
            started = time.monotonic()
            sock.sendall(b"GET /get HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            response = read_response(sock)
            latencies.append(time.monotonic() - started)
            if response is None or response[0] != 200:
                errors.append(response[0] if response else "closed")
                sock.close()
                sock = None
        except OSError as error:
            errors.append(str(error))
            sock = None
        time.sleep(0.005)


# The deadlines the slow mode gives its server, which its probes check (robustness §4.3: every slow
# connection is closed within its deadline + 1 s).
SLOW_DEADLINES = {"header": 10, "grace": 10, "write": 15}
SLOW_MAX_CONNECTIONS = 4096


def closed_by_server(sock, wait):
    """Whether the server ended the connection (an answer such as a 408, an end or a reset)
    within `wait` seconds."""
    sock.settimeout(wait)
    try:
        return sock.recv(65536) is not None
    except socket.timeout:
        return False
    except OSError:
        return True


def trickle(port, first, piece, interval, give_up):
    """Sends `first`, then `piece` every `interval` seconds. Seconds from `first` to the server's
    close, or None when it has not closed after `give_up` seconds."""
    with socket.create_connection(("127.0.0.1", port), timeout=5) as sock:
        started = time.monotonic()
        sock.sendall(first)
        while time.monotonic() - started < give_up:
            if closed_by_server(sock, interval):
                return time.monotonic() - started
            try:
                sock.sendall(piece)
            except OSError:
                return time.monotonic() - started
    return None


def probe_slow_head(port):
    """Slowloris by hand: a head line every 2 s."""
    return trickle(port, b"GET /get HTTP/1.1\r\nHost: 127.0.0.1\r\n", b"X-Slow: 1\r\n", 2, SLOW_DEADLINES["header"] + 10)


def probe_slow_body(port):
    """A 10 MB body at 10 bytes a second."""
    return trickle(port, b"POST /post HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 10000000\r\n\r\n", b"0123456789", 1,
                   SLOW_DEADLINES["grace"] + 10)


def probe_slow_read(port):
    """Asks for 10 MiB and reads none of it through a small receive window, so the server's writes
    stop within milliseconds. Whether the connection has ended write timeout + 1 s later: what
    the kernel had buffered is read, then the end (or a reset) must follow at once."""
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    with sock:
        sock.settimeout(5)
        sock.connect(("127.0.0.1", port))
        sock.sendall(b"GET /range/10485760 HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        time.sleep(SLOW_DEADLINES["write"] + 1)
        received = 0
        sock.settimeout(0.5)
        try:
            while True:
                chunk = sock.recv(1 << 20)
                if not chunk:
                    return received < 10485760
                received += len(chunk)
        except socket.timeout:
            return False
        except OSError:
            return True


def mode_slow(args):
    tool = shutil.which("slowhttptest")
    if not tool:
        return ["slowhttptest is not installed (Debian package slowhttptest)"]
    failures = []
    server = Server("--max-connections", str(SLOW_MAX_CONNECTIONS), "--header-timeout", str(SLOW_DEADLINES["header"]),
                    "--body-rate-grace-period", str(SLOW_DEADLINES["grace"]), "--write-timeout", str(SLOW_DEADLINES["write"]))
    try:
        time.sleep(0.3)
        base_fds = server.fds()
        # Each attack with the probe of its deadline: (limit in seconds, probe), or none.
        attacks = {
            "slowloris (-H)": (["-H", "-i", "10", "-r", "200", "-s", "8192", "-t", "GET"], "get",
                               (SLOW_DEADLINES["header"] + 1, probe_slow_head)),
            "slow body (-B)": (["-B", "-i", "10", "-r", "200", "-s", "8192", "-t", "POST"], "post",
                               (SLOW_DEADLINES["grace"] + 1, probe_slow_body)),
            "slow read (-X)": (["-X", "-k", "3", "-n", "5", "-w", "10", "-y", "20", "-z", "32", "-r", "200"], "range/1000000",
                               (SLOW_DEADLINES["write"] + 1, probe_slow_read)),
            "range (-R)": (["-R", "-a", "10", "-b", "3000", "-r", "200", "-t", "GET"], "range/1000000", None),
        }
        # Long enough for the slowest probe (the write timeout + 1 s) after the attack's 2 s start.
        per_attack = max(SLOW_DEADLINES["write"] + 5, args.seconds // len(attacks))
        for name, (flags, path, probe) in attacks.items():
            url = f"http://127.0.0.1:{server.port}/{path}"
            attack = subprocess.Popen(
                [tool, "-c", str(args.connections), "-l", str(per_attack), "-u", url, "-p", "3", *flags],
                stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
            time.sleep(2)
            latencies, errors, probed = [], [], []
            cpu_before = server.cpu_seconds()
            lines_before = server.stderr_lines
            started = time.monotonic()
            deadline = started + per_attack - 4
            workers = [threading.Thread(target=normal_traffic, args=(server.port, deadline, latencies, errors)) for _ in range(4)]
            if probe:
                workers.append(threading.Thread(target=lambda: probed.append(probe[1](server.port))))
            peak_fds, peak_rss = 0, 0
            for worker in workers:
                worker.start()
            while any(worker.is_alive() for worker in workers):
                peak_fds = max(peak_fds, server.fds())
                peak_rss = max(peak_rss, server.rss_kib())
                time.sleep(0.5)
            seconds = time.monotonic() - started
            cpu = server.cpu_seconds() - cpu_before
            log_lines = server.stderr_lines - lines_before
            output, _ = attack.communicate(timeout=per_attack + 60)
            output = re.sub(r"\x1b\[[0-9;]*m", "", output)
            closed = re.findall(r"closed:\s+(\d+)", output)
            connected = re.findall(r"connected:\s+(\d+)", output)
            probe_text = ""
            if probe:
                outcome = probed[0] if probed else None
                if isinstance(outcome, bool):
                    probe_text = f"; probe closed by {probe[0]} s: {'yes' if outcome else 'no'}"
                else:
                    probe_text = f"; probe closed after {outcome:.1f} s (limit {probe[0]} s)" if outcome is not None else "; probe never closed"
                if outcome is None or outcome is False or (not isinstance(outcome, bool) and outcome > probe[0]):
                    failures.append(f"{name}: the probe connection was not closed within its deadline + 1 s ({probe[0]} s)")
            print(f"slow {name}: {args.connections} slow connections for {per_attack} s; normal traffic "
                  f"{len(latencies)} requests, p50 {percentile(latencies, 0.5) * 1000:.1f} ms, "
                  f"p99 {percentile(latencies, 0.99) * 1000:.1f} ms, {len(errors)} errors; server CPU "
                  f"{cpu / seconds:.2f} cores; peak fds {peak_fds} (base {base_fds}); peak RSS {peak_rss / 1024:.0f} MiB; "
                  f"{log_lines} log lines; slowhttptest last connected {connected[-1] if connected else '?'}, "
                  f"closed {closed[-1] if closed else '?'}{probe_text}")
            if errors:
                failures.append(f"{name}: {len(errors)} errors in normal traffic, e.g. {errors[:3]}")
            if percentile(latencies, 0.99) > 0.2:
                failures.append(f"{name}: normal p99 {percentile(latencies, 0.99) * 1000:.0f} ms > 200 ms")
            if cpu / seconds > 1.0:
                failures.append(f"{name}: the server used {cpu / seconds:.2f} cores (criterion <= 1)")
            if peak_fds - base_fds > SLOW_MAX_CONNECTIONS + 16:
                failures.append(f"{name}: {peak_fds - base_fds} connections open (criterion <= max_connections + 16)")
            if log_lines > 60 * seconds / 60:
                failures.append(f"{name}: {log_lines} log lines in {seconds:.0f} s (criterion <= 60 a minute)")
        if not server.alive():
            failures.append("the server died")
    finally:
        server.stop()
    return failures


def mode_idle(args):
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = args.count + 1024
    if soft < wanted:
        resource.setrlimit(resource.RLIMIT_NOFILE, (min(wanted, hard), hard))
    failures = []
    server = Server("--max-connections", str(args.count + 100), "--idle-timeout", "300")
    socks = []
    try:
        time.sleep(0.3)
        get(server.port, "/get")
        base_rss, base_fds = server.rss_kib(), server.fds()
        request = b"GET /get HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"
        started = time.monotonic()
        for index in range(args.count):
            sock = socket.create_connection(("127.0.0.1", server.port), timeout=10)
            sock.sendall(request)
            socks.append(sock)
            if len(socks) % 500 == 0:
                for pending in socks[-500:]:
                    read_response(pending)
        for pending in socks[len(socks) - len(socks) % 500:]:
            read_response(pending)
        opened = time.monotonic() - started
        time.sleep(1)
        rss, fds = server.rss_kib(), server.fds()
        per_connection = (rss - base_rss) * 1024 / args.count
        probe = get(server.port, "/get")
        print(f"idle: {args.count} keep-alive connections (each served once) opened in {opened:.1f} s; "
              f"server fds {base_fds} -> {fds}; RSS {base_rss} -> {rss} KiB = {per_connection:.0f} bytes per connection; "
              f"a new request then: {probe[0] if probe else 'no answer'}")
        if fds < base_fds + args.count * 0.99:
            failures.append(f"only {fds - base_fds} of {args.count} connections held open")
        if probe is None or probe[0] != 200:
            failures.append("the server stopped serving")
        for sock in socks:
            sock.close()
        socks = []
        time.sleep(2)
        print(f"  after closing them: fds {server.fds()}, RSS {server.rss_kib()} KiB")
        if abs(server.fds() - base_fds) > 2:
            failures.append(f"fds did not come back: {server.fds()} vs {base_fds}")
    finally:
        for sock in socks:
            sock.close()
        server.stop()
    return failures


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="mode", required=True)
    mixed = sub.add_parser("mixed")
    mixed.add_argument("--seconds", type=int, default=600)
    mixed.add_argument("--connections", type=int, default=8)
    mixed.add_argument("--history-entries", type=int, default=1000)
    cutoff = sub.add_parser("cutoff")
    cutoff.add_argument("--count", type=int, default=1000)
    cutoff.add_argument("--connections", type=int, default=8)
    cutoff.add_argument("--seed", type=int, default=1)
    cutoff.add_argument("--no-history", action="store_true", help="history off: RSS then shows leaks alone")
    sigterm = sub.add_parser("sigterm")
    sigterm.add_argument("--uploads", type=int, default=100)
    sigterm.add_argument("--shutdown-timeout", type=float, default=4,
                         help="the server's shutdown_timeout (the setting's default is 4 s, ServerSettings.shutdownTimeout; "
                         "the exit must come under 5 s)")
    slow = sub.add_parser("slow")
    slow.add_argument("--seconds", type=int, default=80)
    slow.add_argument("--connections", type=int, default=1000)
    idle = sub.add_parser("idle")
    idle.add_argument("--count", type=int, default=10000)
    args = parser.parse_args()
    failures = {"mixed": mode_mixed, "cutoff": mode_cutoff, "sigterm": mode_sigterm, "slow": mode_slow,
                "idle": mode_idle}[args.mode](args)
    for failure in failures:
        print(f"FAIL {args.mode}: {failure}")
    print(f"{args.mode}: {'FAIL' if failures else 'pass'}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
