#!/usr/bin/env python3
"""Side-by-side benchmarks of Boomerang and its reference servers, on loopback.

   bench.py get     --servers boomerang,evhttp-1,nginx --rounds 3 --secs 10 --conns 32,128
   bench.py post    --servers boomerang,evhttp-1 --rounds 3 --secs 10 --conns 8,32
   bench.py upload  --servers boomerang,evhttp-1 --sizes 1024 --big-reps 1
   bench.py startup --servers boomerang,evhttp-1 --rounds 5
   bench.py summary

Servers (setup.sh installs and builds them under $ANCHORS_DIR, default /tmp/anchors):
  evhttp-1    evhttp_echo.c, the C echo on libevent's evhttp, one process       port 39085
  evhttp-2    the same, two processes sharing the port                          port 39086
  nginx       nginx.conf: 2 workers answering a fixed small JSON                port 39084
  go-httpbin  when scripts/bench/go-httpbin.sh built it                         port 39083
  boomerang   BOOMERANG_BIN (default .build/release/boomerang) serve, plus
              BOOMERANG_ARGS                                                    port 39087

Phases:
  get      wrk -t1 GET /get at each concurrency, servers interleaved round by round
  post     the same with a 1 MiB multipart/form-data POST /post (post_multipart.lua)
  upload   one curl -F upload per server, size and round, a fresh server each time: wall time,
           peak RSS (VmHWM)
  startup  spawn to the first 200 on /get, and the RSS 2 s later
  summary  Markdown tables from the results: medians, and ratios paired by round

Ratios are paired: a server's figure over another's measured in the same round and
concurrency, median over the rounds; on a shared machine they hold where absolute figures do
not. Results are appended as JSON lines to $BENCH_RESULTS (default $ANCHORS_DIR/results). Every
server started is stopped by its process id.
"""
import argparse
import atexit
import json
import os
import signal
import socket
import statistics
import subprocess
import sys
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ANCHORS = os.environ.get("ANCHORS_DIR", "/tmp/anchors")
RESULTS = os.environ.get("BENCH_RESULTS", os.path.join(ANCHORS, "results"))
HOST = "127.0.0.1"
MIB = 1 << 20
TICKS = os.sysconf("SC_CLK_TCK")
# A big upload is stopped (its server killed) when the machine's available memory falls below this.
MEMORY_GUARD_BYTES = int(float(os.environ.get("MEM_GUARD_GIB", "2.5")) * (1 << 30))

PORTS = {
    "go-httpbin": 39083,
    "nginx": 39084,
    "evhttp-1": 39085,
    "evhttp-2": 39086,
    "boomerang": 39087,
}
ALL = [name for name in PORTS if name != "go-httpbin" or os.path.exists(os.path.join(ANCHORS, "bin", "go-httpbin"))]

_running = {}


def server_cmd(name, port):
    """The command line that starts server `name` on `port`."""
    if name == "boomerang":
        binary = os.environ.get("BOOMERANG_BIN", os.path.join(os.getcwd(), ".build", "release", "boomerang"))
        return [binary, "serve", "--host", HOST, "--port", str(port)] + os.environ.get("BOOMERANG_ARGS", "").split()
    if name in ("evhttp-1", "evhttp-2"):
        return [os.path.join(ANCHORS, "bin", "evhttp_echo"), str(port), name[-1]]
    if name == "nginx":
        return ["/usr/sbin/nginx", "-p", nginx_prefix() + "/", "-c", nginx_conf(port)]
    if name == "go-httpbin":
        # Its default body limit (1 MiB) is below the multipart POST's size.
        return [os.path.join(ANCHORS, "bin", "go-httpbin"), "-host", HOST, "-port", str(port), "-max-body-size", str(2 << 30)]
    raise KeyError(name)


def nginx_prefix():
    return os.path.join(ANCHORS, "nginx")


def nginx_conf(port):
    """nginx.conf with this run's address and folder filled in; returns its path."""
    prefix = nginx_prefix()
    os.makedirs(prefix, exist_ok=True)
    with open(os.path.join(HERE, "nginx.conf")) as template:
        text = template.read()
    text = text.replace("@HOST@", HOST).replace("@PORT@", str(port)).replace("@PREFIX@", prefix)
    path = os.path.join(prefix, "nginx.conf")
    with open(path, "w") as out:
        out.write(text)
    return path


# ------------------------------------------------------------------------------ processes

def process_tree(pid):
    """`pid` and its descendants."""
    parents = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat") as handle:
                    text = handle.read()
                parents.setdefault(int(text[text.rindex(")") + 2:].split()[1]), []).append(int(entry))
            except (OSError, ValueError, IndexError):
                continue
    tree, pending = [], [pid]
    while pending:
        current = pending.pop()
        tree.append(current)
        pending.extend(parents.get(current, []))
    return tree


def memory(pid):
    """VmRSS and VmHWM of one process, in bytes."""
    values = {}
    try:
        with open(f"/proc/{pid}/status") as handle:
            for line in handle:
                key, _, rest = line.partition(":")
                if key in ("VmRSS", "VmHWM"):
                    values[key] = int(rest.split()[0]) * 1024
    except OSError:
        pass
    return values


def tree_mem(pid):
    """The memory of a server's processes: RSS summed, peak RSS of the biggest, process count."""
    values = [memory(p) for p in process_tree(pid)]
    return {
        "procs": len(values),
        "rss_sum": sum(v.get("VmRSS", 0) for v in values),
        "hwm_max": max((v.get("VmHWM", 0) for v in values), default=0),
    }


def tree_cpu_ticks(pid):
    total = 0
    for p in process_tree(pid):
        try:
            with open(f"/proc/{p}/stat") as handle:
                text = handle.read()
            fields = text[text.rindex(")") + 2:].split()
            total += int(fields[11]) + int(fields[12])
        except (OSError, ValueError, IndexError):
            continue
    return total


def busy_ticks():
    """CPU ticks the whole machine spent not idle."""
    with open("/proc/stat") as handle:
        fields = [int(x) for x in handle.readline().split()[1:9]]
    return sum(fields) - fields[3] - fields[4]


def get_status(port, timeout=1.0):
    """The status of one GET /get, or None."""
    try:
        with socket.create_connection((HOST, port), timeout=timeout) as connection:
            connection.sendall(f"GET /get HTTP/1.1\r\nHost: {HOST}:{port}\r\nConnection: close\r\n\r\n".encode())
            return int(connection.recv(64).split(b" ", 2)[1])
    except (OSError, ValueError, IndexError):
        return None


def start(name, env_extra=None, ready_timeout=30.0):
    """Starts a server; returns (process, seconds from spawn to its first 200 on /get)."""
    port = PORTS[name]
    if get_status(port, timeout=0.2) is not None:
        raise RuntimeError(f"port {port} already answers: {name} not started")
    logs = os.path.join(ANCHORS, "logs")
    os.makedirs(logs, exist_ok=True)
    env = dict(os.environ, **(env_extra or {}))
    command = server_cmd(name, port)
    # go-httpbin logs every request: not to disk while under load.
    log = open(os.devnull if name == "go-httpbin" else os.path.join(logs, f"{name}.log"), "a")
    started = time.monotonic()
    process = subprocess.Popen(command, stdin=subprocess.DEVNULL, stdout=log, stderr=subprocess.STDOUT, env=env, cwd=ANCHORS)
    log.close()
    _running[name] = process
    while time.monotonic() < started + ready_timeout:
        if get_status(port, timeout=0.5) == 200:
            return process, time.monotonic() - started
        if process.poll() is not None:
            break
        time.sleep(0.001)
    stop(name)
    raise RuntimeError(f"{name} gave no 200 on /get within {ready_timeout} s (log: {logs}/{name}.log)")


def stop(name, timeout=15.0):
    """Stops a server and whatever it started, by process id."""
    process = _running.pop(name, None)
    if process is None:
        return
    tree = process_tree(process.pid)
    process.send_signal(signal.SIGTERM)
    try:
        process.wait(timeout=timeout)
    except subprocess.TimeoutExpired:
        pass
    for pid in reversed(tree):
        try:
            os.kill(pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
    try:
        process.wait(timeout=5)
    except subprocess.TimeoutExpired:
        pass


def stop_all():
    for name in list(_running):
        stop(name)


atexit.register(stop_all)
signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))


def record(phase, row):
    os.makedirs(RESULTS, exist_ok=True)
    row = dict(row, phase=phase, ts=time.time())
    with open(os.path.join(RESULTS, f"{phase}.jsonl"), "a") as handle:
        handle.write(json.dumps(row) + "\n")
    print(json.dumps(row), flush=True)


def rotated(items, count):
    count %= len(items)
    return items[count:] + items[:count]


# ------------------------------------------------------------------------------ wrk

def run_wrk(name, conns, secs, path, script, env_extra=None, pid=None):
    """One wrk run: report.lua's RESULT plus req/s and the CPU the server and the rest used."""
    command = ["wrk", "-t1", f"-c{conns}", f"-d{secs}s", "--timeout", "10s", "-s", script, f"http://{HOST}:{PORTS[name]}{path}"]
    env = dict(os.environ, WRK_REPORT_LUA=os.path.join(HERE, "report.lua"), **(env_extra or {}))
    load = os.getloadavg()[0]
    busy, server = busy_ticks(), tree_cpu_ticks(pid) if pid else 0
    own = os.times()
    finished = subprocess.run(command, capture_output=True, text=True, env=env, timeout=secs + 60)
    own_after = os.times()
    busy = (busy_ticks() - busy) / TICKS
    server = ((tree_cpu_ticks(pid) if pid else 0) - server) / TICKS
    lines = [line[7:] for line in finished.stdout.splitlines() if line.startswith("RESULT ")]
    if not lines:
        raise RuntimeError(f"no RESULT from wrk: {finished.stdout[-400:]} {finished.stderr[-400:]}")
    result = json.loads(lines[-1])
    wrk_cpu = (own_after.children_user - own.children_user) + (own_after.children_system - own.children_system)
    result.update(
        rps=result["requests"] / (result["duration_us"] / 1e6), load1=load, server_cpu_s=server, wrk_cpu_s=wrk_cpu,
        machine_busy_s=busy, other_cpu_s=max(0.0, busy - server - wrk_cpu),
        server_cpu_us_per_req=server * 1e6 / result["requests"] if result["requests"] else None)
    return result


def measure(phase, servers, conns, rounds, secs, path, script, env=None, round_offset=0):
    """Starts every server, warms each up, then runs the rounds, servers in a rotating order."""
    processes = {}
    try:
        for name in servers:
            processes[name], _ = start(name)
        for name in servers:
            run_wrk(name, min(conns), 3, path, script, env, pid=processes[name].pid)
        for number in range(rounds):
            for count in conns:
                for name in rotated(servers, number):
                    result = run_wrk(name, count, secs, path, script, env, pid=processes[name].pid)
                    record(phase, dict(server=name, conns=count, round=number + round_offset, secs=secs, **result))
    finally:
        stop_all()


def phase_get(servers, conns, rounds, secs, round_offset=0):
    measure("get", servers, conns, rounds, secs, "/get", os.path.join(HERE, "report.lua"), round_offset=round_offset)


def text_bytes(count):
    """`count` bytes of printable ASCII, different each run."""
    alphabet = b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789+/"
    return bytes(alphabet[b & 63] for b in os.urandom(count))


def curl_upload(name, path, max_time=900):
    """One `curl -F file=@path` to /post: status, seconds, bytes up and down."""
    command = ["curl", "-sS", "-o", "/dev/null", "-H", "Expect:", "--max-time", str(max_time),
               "-w", "%{http_code} %{time_total} %{size_upload} %{size_download}",
               "-F", f"file=@{path};type=text/plain", f"http://{HOST}:{PORTS[name]}/post"]
    finished = subprocess.run(command, capture_output=True, text=True, timeout=max_time + 30)
    code, seconds, up, down = (finished.stdout.split() + ["0"] * 4)[:4]
    return dict(http_code=int(code), time_total_s=float(seconds), size_upload=int(float(up)), size_download=int(float(down)),
                curl_rc=finished.returncode, curl_err=finished.stderr.strip()[-200:])


def phase_post(servers, conns, rounds, secs, round_offset=0):
    data = os.path.join(ANCHORS, "data")
    os.makedirs(data, exist_ok=True)
    payload_path, body_path = os.path.join(data, "post1m.txt"), os.path.join(data, "post1m.body")
    boundary = "----boomerang-bench-boundary-7d41"
    payload = text_bytes(MIB)
    with open(payload_path, "wb") as handle:
        handle.write(payload)
    with open(body_path, "wb") as handle:
        handle.write(f'--{boundary}\r\nContent-Disposition: form-data; name="file"; filename="post1m.txt"\r\n'
                     f"Content-Type: text/plain\r\n\r\n".encode() + payload + f"\r\n--{boundary}--\r\n".encode())
    try:
        for name in servers:  # each server must answer the upload before it is measured
            start(name)
            record("post_check", dict(server=name, **curl_upload(name, payload_path, max_time=60)))
            stop(name)
        measure("post", servers, conns, rounds, secs, "/post", os.path.join(HERE, "post_multipart.lua"),
                dict(POST_BODY_FILE=body_path, POST_BOUNDARY=boundary), round_offset)
    finally:
        for path in (payload_path, body_path):
            if os.path.exists(path):
                os.unlink(path)


# ------------------------------------------------------------------------------ uploads, start-up

def guard_memory(pid, done):
    """Kills the server's processes when the machine runs short of memory."""
    while not done.wait(0.05):
        with open("/proc/meminfo") as handle:
            available = next((int(line.split()[1]) * 1024 for line in handle if line.startswith("MemAvailable:")), None)
        if available is not None and available < MEMORY_GUARD_BYTES:
            for p in reversed(process_tree(pid)):
                try:
                    os.kill(p, signal.SIGKILL)
                except ProcessLookupError:
                    pass
            print(f"memory guard: the server was killed with {available >> 20} MiB available", flush=True)
            return


def phase_upload(servers, sizes, reps):
    data = os.path.join(ANCHORS, "data")
    os.makedirs(data, exist_ok=True)
    try:
        for size in sizes:
            path = os.path.join(data, f"upload-{size}m.txt")
            with open(path, "wb") as handle:
                for _ in range(size):
                    handle.write(text_bytes(MIB))
            for number in range(reps.get(size, 1)):
                for name in rotated(servers, number):
                    spool = os.path.join(ANCHORS, "spool", name)
                    os.makedirs(spool, exist_ok=True)
                    process, _ = start(name, env_extra=dict(TMPDIR=spool))
                    time.sleep(0.5)
                    idle = tree_mem(process.pid)
                    done = threading.Event()
                    guard = threading.Thread(target=guard_memory, args=(process.pid, done), daemon=True)
                    guard.start()
                    result = curl_upload(name, path)
                    after = tree_mem(process.pid)
                    done.set()
                    guard.join(5)
                    alive = process.poll() is None
                    stop(name)
                    record("upload", dict(server=name, size_mib=size, round=number, **result, idle_rss_sum=idle["rss_sum"],
                                          peak_hwm_max=after["hwm_max"], server_alive_after=alive))
                    for left in os.listdir(spool):
                        os.unlink(os.path.join(spool, left))
            os.unlink(path)
    finally:
        stop_all()


def phase_startup(servers, rounds):
    try:
        for number in range(rounds):
            for name in rotated(servers, number):
                process, seconds = start(name)
                time.sleep(2.0)
                record("startup", dict(server=name, round=number, startup_s=seconds, **tree_mem(process.pid)))
                stop(name)
                time.sleep(0.3)
    finally:
        stop_all()


# ------------------------------------------------------------------------------ summary

def load(phase):
    path = os.path.join(RESULTS, f"{phase}.jsonl")
    if not os.path.exists(path):
        return []
    with open(path) as handle:
        return [json.loads(line) for line in handle if line.strip()]


def med(values):
    values = [v for v in values if v is not None]
    return statistics.median(values) if values else None


def fmt(value, digits=0):
    return "n/a" if value is None else f"{value:,.{digits}f}"


def paired_ratio(rows, server, reference, key="rps"):
    """The median over rounds of server's `key` over reference's, same round and concurrency."""
    values = {(r["round"], r["conns"], r["server"]): r[key] for r in rows}
    return med([value / values[(number, conns, reference)] for (number, conns, name), value in values.items()
                if name == server and values.get((number, conns, reference))])


def summary():
    out = []
    for phase in ("get", "post"):
        rows = load(phase)
        servers = [name for name in ALL if any(r["server"] == name for r in rows)]
        references = [name for name in ("evhttp-1", "nginx") if name in servers]
        for conns in sorted({r["conns"] for r in rows}):
            at = [r for r in rows if r["conns"] == conns]
            out.append(f"\n### {phase.upper()} -c{conns} (wrk -t1, {at[0]['secs']} s, {len({r['round'] for r in at})} rounds; medians)\n")
            out.append("| server | req/s | p50 ms | p99 ms | server CPU µs/req | errors |" + "".join(f" × {r} |" for r in references))
            out.append("|---|" + "---|" * (5 + len(references)))
            for name in servers:
                mine = [r for r in at if r["server"] == name]
                errors = sum(r["err_connect"] + r["err_read"] + r["err_write"] + r["err_status"] + r["err_timeout"] for r in mine)
                out.append(f"| {name} | {fmt(med([r['rps'] for r in mine]))} | {fmt(med([r['lat_p50_us'] for r in mine]) / 1000, 2)} | "
                           f"{fmt(med([r['lat_p99_us'] for r in mine]) / 1000, 2)} | "
                           f"{fmt(med([r['server_cpu_us_per_req'] for r in mine]), 1)} | {errors} |"
                           + "".join(f" {fmt(paired_ratio(at, name, r), 2)} |" for r in references))
            out.append(f"\nother processes used {fmt(med([r['other_cpu_s'] / r['secs'] for r in at]), 2)} cores (median); "
                       f"1-minute load before the runs {fmt(med([r['load1'] for r in at]), 2)}")
    rows = load("upload")
    if rows:
        out.append("\n### Uploads (curl -F, one request, a fresh server each)\n")
        out.append("| server | size | rounds | HTTP | seconds | peak RSS MiB | idle RSS MiB |")
        out.append("|---|---|---|---|---|---|---|")
        for size in sorted({r["size_mib"] for r in rows}):
            for name in ALL:
                mine = [r for r in rows if r["server"] == name and r["size_mib"] == size]
                if mine:
                    codes = ",".join(sorted({str(r["http_code"]) for r in mine}))
                    out.append(f"| {name} | {size} MiB | {len(mine)} | {codes} | {fmt(med([r['time_total_s'] for r in mine]), 2)} | "
                               f"{fmt(med([r['peak_hwm_max'] for r in mine]) / MIB, 1)} | "
                               f"{fmt(med([r['idle_rss_sum'] for r in mine]) / MIB, 1)} |")
    rows = load("startup")
    if rows:
        out.append("\n### Start-up (spawn to the first 200 on /get) and idle RSS\n")
        out.append("| server | rounds | ms (median) | min | max | processes | idle RSS MiB |")
        out.append("|---|---|---|---|---|---|---|")
        for name in ALL:
            mine = [r for r in rows if r["server"] == name]
            if mine:
                times = [r["startup_s"] * 1000 for r in mine]
                out.append(f"| {name} | {len(mine)} | {fmt(med(times), 2)} | {fmt(min(times), 2)} | {fmt(max(times), 2)} | "
                           f"{mine[0]['procs']} | {fmt(med([r['rss_sum'] for r in mine]) / MIB, 2)} |")
    print("\n".join(out) if out else f"no results in {RESULTS}")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("phase", choices=["get", "post", "upload", "startup", "summary"])
    parser.add_argument("--servers", help="comma list (default: every one there is)")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--secs", type=int, default=10)
    parser.add_argument("--conns", help="comma list of wrk -c values (default 32,128 for get, 8,32 for post)")
    parser.add_argument("--sizes", default="200,1024", help="upload sizes in MiB")
    parser.add_argument("--big-reps", type=int, default=2, help="rounds for uploads of 1 GiB or more")
    parser.add_argument("--round-offset", type=int, default=0, help="get, post: number the rounds from here")
    args = parser.parse_args()
    servers = args.servers.split(",") if args.servers else ALL
    for name in servers:
        if name not in PORTS:
            parser.error(f"unknown server {name}; known: {', '.join(PORTS)}")
    conns = [int(c) for c in args.conns.split(",")] if args.conns else None
    if args.phase == "get":
        phase_get(servers, conns or [32, 128], args.rounds, args.secs, args.round_offset)
    elif args.phase == "post":
        phase_post(servers, conns or [8, 32], args.rounds, args.secs, args.round_offset)
    elif args.phase == "upload":
        sizes = [int(s) for s in args.sizes.split(",")]
        phase_upload(servers, sizes, {s: args.big_reps if s >= 1024 else args.rounds for s in sizes})
    elif args.phase == "startup":
        phase_startup(servers, args.rounds)
    else:
        summary()


if __name__ == "__main__":
    main()
