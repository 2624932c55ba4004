#!/usr/bin/env python3
"""HTTP/2 side by side with nginx (`http2` on, the same kind of certificate), in one interleaved run:

   h2_compare.py --rounds 3 --requests 200000 --clients 4 --streams 100

- GET over h2 (TLS, ALPN) and over h2c (prior knowledge) with h2load: `--clients` connections,
  `--streams` streams at once on each; Boomerang's GET /get (the echo) against nginx's
  `return 200` of a small JSON (nginx reads nothing and renders nothing);
- memory: Boomerang's resident size with `--idle` idle HTTP/2 connections open (preface and
  SETTINGS sent, nothing else), and with `--open-streams` streams waiting on /delay/5, each
  over the idle server's size;
- conformance: h2spec on both servers, both ways, when H2SPEC names its binary (build it with the
  h2spec build script the team keeps).

By default Boomerang runs one event loop and nginx two workers, as in the other comparisons.
Ratios are paired per round (Boomerang over nginx); the median over rounds is the figure. Needs
nginx (Debian's is built with http_v2), h2load (nghttp2-client) and openssl. BOOMERANG_BIN picks
the binary (default .build/release/boomerang).
"""
import argparse
import os
import re
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time

from tls_compare import HOST, free_port, leaf_for_nginx, run, stop, wait_for, wait_until_idle

PREFACE = b"PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n" + bytes([0, 0, 0, 4, 0, 0, 0, 0, 0])


def start_nginx(work, tls_port, plain_port, key, chain, workers):
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
    http2_max_requests 1000000;
    server {{
        listen {HOST}:{tls_port} ssl http2;
        listen {HOST}:{plain_port} http2;
        ssl_certificate {chain};
        ssl_certificate_key {key};
        ssl_protocols TLSv1.2 TLSv1.3;
        location / {{ default_type application/json; return 200 '{{"ok":true}}'; }}
    }}
}}
""")
    process = subprocess.Popen(["nginx", "-c", config, "-p", work], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    wait_for(tls_port)
    wait_for(plain_port)
    return process


def h2load(url, requests, clients, streams):
    output = run("h2load", "-n", str(requests), "-c", str(clients), "-m", str(streams), url).stdout
    match = re.search(r"finished in [\d.]+m?s, ([\d.]+) req/s", output)
    failed = re.search(r"(\d+) failed", output)
    if failed and int(failed.group(1)) > 0:
        print(f"  h2load: {failed.group(0)} on {url}", flush=True)
    return float(match.group(1)) if match else 0.0


def resident_kib(pid):
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return 0


def memory(pid, port, idle, open_streams):
    """Resident KiB per idle HTTP/2 connection and per open stream, over the server's size before."""
    time.sleep(0.5)
    before = resident_kib(pid)
    sockets = []
    for _ in range(idle):
        connection = socket.create_connection((HOST, port))
        connection.sendall(PREFACE)
        sockets.append(connection)
    time.sleep(1.0)
    with_idle = resident_kib(pid)
    for connection in sockets:
        connection.close()
    time.sleep(1.0)
    clients = max(1, open_streams // 100)
    load = subprocess.Popen(["h2load", "-n", str(open_streams), "-c", str(clients), "-m", "100", f"http://{HOST}:{port}/delay/5"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    time.sleep(2.5)
    quiet = resident_kib(pid)
    load.wait()
    return (with_idle - before) / idle, (quiet - before) / open_streams, before


def h2spec(binary, port, tls):
    arguments = [binary, "-h", HOST, "-p", str(port), "-o", "3"] + (["-t", "-k"] if tls else [])
    output = subprocess.run(arguments, capture_output=True, text=True).stdout
    match = re.search(r"(\d+) tests, (\d+) passed, (\d+) skipped, (\d+) failed", output)
    failed = sorted(set(re.findall(r"× (\d+: .+)", output)))
    return (match.group(0) if match else "no result"), failed


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--requests", type=int, default=200_000)
    parser.add_argument("--clients", type=int, default=4)
    parser.add_argument("--streams", type=int, default=100)
    parser.add_argument("--threads", type=int, default=1, help="Boomerang's event loops")
    parser.add_argument("--nginx-workers", type=int, default=2)
    parser.add_argument("--idle", type=int, default=500)
    parser.add_argument("--open-streams", type=int, default=1000)
    arguments = parser.parse_args()
    for tool in ("nginx", "h2load", "openssl"):
        if not shutil.which(tool):
            sys.exit(f"{tool} is missing (apt-get install nginx-light nghttp2-client openssl)")
    binary = os.environ.get("BOOMERANG_BIN", os.path.join(os.getcwd(), ".build", "release", "boomerang"))
    work = tempfile.mkdtemp(prefix="boomerang-h2-bench-")
    ca = os.path.join(work, "ca")
    ports = {name: free_port() for name in ("boomerang", "boomerang-tls", "nginx", "nginx-tls")}
    boomerang = subprocess.Popen(
        [binary, "serve", "--host", HOST, "--port", str(ports["boomerang"]), "--https-port", str(ports["boomerang-tls"]),
         "--tls-scenario-ports", "off", "--tls-state-directory", ca, "--threads", str(arguments.threads), "--no-access-log",
         "--no-history"],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    processes = [boomerang]
    try:
        wait_for(ports["boomerang-tls"])
        wait_until_idle(boomerang.pid)
        key, chain = leaf_for_nginx(work, ca)
        processes.append(start_nginx(work, ports["nginx-tls"], ports["nginx"], key, chain, arguments.nginx_workers))
        print(f"Boomerang {arguments.threads} event loop(s), nginx {arguments.nginx_workers} worker(s); "
              f"h2load -n {arguments.requests} -c {arguments.clients} -m {arguments.streams}", flush=True)
        cases = {
            "h2 (TLS)": {"boomerang": f"https://localhost:{ports['boomerang-tls']}/get", "nginx": f"https://localhost:{ports['nginx-tls']}/"},
            "h2c": {"boomerang": f"http://{HOST}:{ports['boomerang']}/get", "nginx": f"http://{HOST}:{ports['nginx']}/"},
        }
        rows = {case: {"boomerang": [], "nginx": []} for case in cases}
        for round_index in range(arguments.rounds):
            for case, urls in cases.items():
                for name, url in urls.items():
                    rows[case][name].append(h2load(url, arguments.requests, arguments.clients, arguments.streams))
            print(f"round {round_index + 1}: " + "; ".join(
                f"{case} Boomerang {rows[case]['boomerang'][-1]:.0f}, nginx {rows[case]['nginx'][-1]:.0f} req/s" for case in cases),
                flush=True)
        for case in cases:
            ratios = [b / n for b, n in zip(rows[case]["boomerang"], rows[case]["nginx"]) if n]
            print(f"GET over {case}, {arguments.streams} streams per connection: Boomerang "
                  f"{statistics.median(rows[case]['boomerang']):.0f}, nginx {statistics.median(rows[case]['nginx']):.0f} req/s, "
                  f"paired ratio {statistics.median(ratios):.2f} (rounds: {', '.join(f'{r:.2f}' for r in ratios)})")
        per_connection, per_stream, base = memory(boomerang.pid, ports["boomerang"], arguments.idle, arguments.open_streams)
        print(f"memory: {per_connection:.1f} KiB per idle HTTP/2 connection ({arguments.idle} open), "
              f"{per_stream:.2f} KiB per open stream ({arguments.open_streams} waiting on /delay/5), over {base / 1024:.1f} MiB")
        spec = os.environ.get("H2SPEC")
        if spec:
            for name, tls_port, plain_port in (("Boomerang", ports["boomerang-tls"], ports["boomerang"]),
                                               ("nginx", ports["nginx-tls"], ports["nginx"])):
                for label, port, tls in (("h2c", plain_port, False), ("h2", tls_port, True)):
                    summary, failed = h2spec(spec, port, tls)
                    print(f"h2spec {name} {label}: {summary}")
                    for case in failed:
                        print(f"    failed {case}")
    finally:
        stop(processes, work)


if __name__ == "__main__":
    main()
