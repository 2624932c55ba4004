#!/usr/bin/env python3
"""HTTPS side by side with nginx, in one interleaved run, with the same kind of certificate (an
ECDSA P-256 leaf from the same Boomerang intermediate, chain sent):

   tls_compare.py --rounds 3 --secs 8 --conns 64

- keep-alive GET over TLS: wrk on Boomerang's GET /get and on nginx's `return 200` of a small
  JSON (nginx reads nothing and renders nothing; Boomerang echoes);
- full handshakes per second: `openssl s_time -new` (no resumption, TLS 1.3, two clients at once),
  each connection fetching / and closing.

By default Boomerang runs one event loop and nginx two workers, as in the plain-HTTP comparison
(compare_servers.py and reference/bench.py); --threads and --nginx-workers change that. Everything
runs on this machine's loopback, the clients too. Ratios are paired per round (Boomerang over nginx), the
median over rounds is the figure. Needs nginx, wrk and openssl (scripts/bench/reference/setup.sh
installs the first two). BOOMERANG_BIN picks the binary (default .build/release/boomerang).
"""
import argparse
import os
import re
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time

HOST = "127.0.0.1"


def free_port():
    with socket.socket() as probe:
        probe.bind((HOST, 0))
        return probe.getsockname()[1]


def wait_for(port, timeout=15):
    deadline = time.time() + timeout
    while time.time() < deadline:
        try:
            with socket.create_connection((HOST, port), timeout=0.5):
                return
        except OSError:
            time.sleep(0.05)
    sys.exit(f"nothing listens on {port}")


def cpu_ticks(pid):
    with open(f"/proc/{pid}/stat") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    return int(fields[11]) + int(fields[12])


def wait_until_idle(pid, timeout=60):
    """Waits until `pid` has used no CPU for half a second. A server started on a fresh state
    folder makes its TLS scenario certificates in the background once it listens (about a second
    of CPU here); measured meanwhile, the first round is low."""
    deadline = time.time() + timeout
    before = cpu_ticks(pid)
    while time.time() < deadline:
        time.sleep(0.5)
        now = cpu_ticks(pid)
        if now == before:
            return
        before = now
    sys.exit(f"process {pid} stayed busy for {timeout} s")


def run(*arguments, **options):
    return subprocess.run(arguments, check=True, capture_output=True, text=True, **options)


def leaf_for_nginx(work, ca):
    """A P-256 leaf for localhost from the CA's intermediate, made with openssl: key, chain."""
    key, csr, leaf, extensions = (os.path.join(work, name) for name in ("nginx-key.pem", "nginx.csr", "nginx.pem", "nginx.ext"))
    with open(extensions, "w") as file:
        file.write("subjectAltName=DNS:localhost,IP:127.0.0.1\nextendedKeyUsage=serverAuth\nbasicConstraints=CA:FALSE\n"
                   "keyUsage=critical,digitalSignature\n")
    run("openssl", "req", "-new", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes", "-keyout", key,
        "-out", csr, "-subj", "/CN=localhost")
    run("openssl", "x509", "-req", "-in", csr, "-CA", os.path.join(ca, "intermediate.pem"),
        "-CAkey", os.path.join(ca, "intermediate-key.pem"), "-CAcreateserial", "-days", "30", "-sha256",
        "-out", leaf, "-extfile", extensions)
    with open(leaf, "a") as chain, open(os.path.join(ca, "intermediate.pem")) as intermediate:
        chain.write(intermediate.read())
    return key, leaf


def start_nginx(work, port, key, chain, workers):
    config = os.path.join(work, "nginx.conf")
    with open(config, "w") as file:
        file.write(f"""
worker_processes {workers};
daemon off;
pid {work}/nginx.pid;
error_log {work}/nginx-error.log;
events {{ worker_connections 4096; }}
http {{
    access_log off;
    keepalive_requests 1000000;
    ssl_session_tickets on;
    server {{
        listen {HOST}:{port} ssl;
        ssl_certificate {chain};
        ssl_certificate_key {key};
        ssl_protocols TLSv1.2 TLSv1.3;
        location / {{ default_type application/json; return 200 '{{"ok":true}}'; }}
    }}
}}
""")
    process = subprocess.Popen(["nginx", "-c", config, "-p", work], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    wait_for(port)
    return process


def stop(processes, work):
    """Stops the servers (SIGTERM, then SIGKILL after 10 s) and removes the scratch folder."""
    for process in processes:
        process.send_signal(signal.SIGTERM)
    for process in processes:
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
    shutil.rmtree(work, ignore_errors=True)


def wrk(url, conns, secs):
    output = run("wrk", "-t1", f"-c{conns}", f"-d{secs}s", url).stdout
    match = re.search(r"Requests/sec:\s+([\d.]+)", output)
    return float(match.group(1)) if match else 0.0


def handshakes(port, path, secs):
    """New TLS 1.3 connections per second from two `openssl s_time -new` clients at once, each
    connection one GET of `path` (the same as the keep-alive measure's: Boomerang's `/` is its
    22 KB route index)."""
    clients = [subprocess.Popen(["openssl", "s_time", "-connect", f"{HOST}:{port}", "-new", "-time", str(secs), "-www", path],
                                stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True) for _ in range(2)]
    total = 0.0
    for client in clients:
        output = client.communicate()[0]
        match = re.search(r"(\d+) connections in ([\d.]+) real seconds", output)
        if match:
            total += int(match.group(1)) / float(match.group(2))
    return total


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--secs", type=int, default=8)
    parser.add_argument("--conns", type=int, default=64)
    parser.add_argument("--threads", type=int, default=1, help="Boomerang's event loops")
    parser.add_argument("--nginx-workers", type=int, default=2)
    arguments = parser.parse_args()
    for tool in ("nginx", "wrk", "openssl"):
        if not shutil.which(tool):
            sys.exit(f"{tool} is missing (scripts/bench/reference/setup.sh installs nginx and wrk)")
    binary = os.environ.get("BOOMERANG_BIN", os.path.join(os.getcwd(), ".build", "release", "boomerang"))
    work = tempfile.mkdtemp(prefix="boomerang-tls-bench-")
    ca = os.path.join(work, "ca")
    http_port, boomerang_port, nginx_port = free_port(), free_port(), free_port()
    boomerang = subprocess.Popen(
        [binary, "serve", "--host", HOST, "--port", str(http_port), "--https-port", str(boomerang_port),
         "--tls-scenario-ports", "off", "--tls-state-directory", ca, "--threads", str(arguments.threads)],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    processes = [boomerang]
    try:
        wait_for(boomerang_port)
        wait_until_idle(boomerang.pid)
        key, chain = leaf_for_nginx(work, ca)
        processes.append(start_nginx(work, nginx_port, key, chain, arguments.nginx_workers))
        print(f"Boomerang {arguments.threads} event loop(s), nginx {arguments.nginx_workers} worker(s), wrk -t1 -c{arguments.conns}")
        servers = {"boomerang": (boomerang_port, "/get"), "nginx": (nginx_port, "/")}
        rows = {name: {"get": [], "handshakes": []} for name in servers}
        for round_index in range(arguments.rounds):
            for name, (port, path) in servers.items():
                rows[name]["get"].append(wrk(f"https://localhost:{port}{path}", arguments.conns, arguments.secs))
                rows[name]["handshakes"].append(handshakes(port, path, arguments.secs))
            print(f"round {round_index + 1}: " + ", ".join(
                f"{name} {rows[name]['get'][-1]:.0f} req/s, {rows[name]['handshakes'][-1]:.0f} handshakes/s" for name in servers),
                flush=True)
        for measure, title in (("get", f"keep-alive GET over TLS, {arguments.conns} connections (req/s)"),
                               ("handshakes", "full TLS 1.3 handshakes per second (ECDSA P-256)")):
            ratios = [b / n for b, n in zip(rows["boomerang"][measure], rows["nginx"][measure]) if n]
            print(f"{title}: Boomerang {statistics.median(rows['boomerang'][measure]):.0f}, "
                  f"nginx {statistics.median(rows['nginx'][measure]):.0f}, "
                  f"paired ratio {statistics.median(ratios):.2f} (rounds: {', '.join(f'{r:.2f}' for r in ratios)})")
    finally:
        stop(processes, work)


if __name__ == "__main__":
    main()
