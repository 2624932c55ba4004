#!/usr/bin/env python3
"""GET /get (or the 1 MiB multipart POST /post) side by side, in one interleaved run: Boomerang with
its defaults, Boomerang with the history off, Boomerang with the access log off, the C evhttp echo,
nginx and go-httpbin (when built: scripts/bench/go-httpbin.sh).

   compare_servers.py get --rounds 3 --secs 5 --conns 32,128   # measure (appends to the results)
   compare_servers.py post --rounds 3 --secs 10 --conns 8,32   # 1 MiB multipart POST /post
   compare_servers.py summary                                  # the Markdown tables with the ratios
   PIN=1 compare_servers.py get ...                            # servers on core 0, wrk on core 1
   BOOMERANG_VARIANTS="small-history:--max-history-entry-count 10" compare_servers.py get --servers small-history,boomerang

Drives scripts/bench/reference/bench.py (its wrk runner, process handling and per-process CPU
accounting; reference/setup.sh installs wrk and nginx and builds the C echo) with two more
Boomerang servers on ports of their own. Every Boomerang runs one
event loop (`--threads 1`, like the one-process C echo) plus BOOMERANG_ARGS. Results go to
$BENCH_RESULTS. Ratios are paired: a server's req/s over the reference's in the same round and
concurrency, median over rounds. The last column is the server CPU per request over the first
anchor's (the C echo's), paired the same way: on a busy machine it moves less than req/s.
"""
import argparse
import os
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "reference"))
import bench  # noqa: E402

# name -> (port, options on top of --threads 1 and BOOMERANG_ARGS)
VARIANTS = {
    "boomerang": (39087, []),
    "boomerang-no-history": (39488, ["--no-history"]),
    "boomerang-no-log": (39489, ["--no-access-log"]),
}
# More variants for an experiment: BOOMERANG_VARIANTS="name:options;name:options" (ports from 39490).
for index, spec in enumerate(filter(None, os.environ.get("BOOMERANG_VARIANTS", "").split(";"))):
    variant_name, _, options = spec.partition(":")
    VARIANTS[variant_name] = (39490 + index, options.split())
ANCHORS = ["evhttp-1", "nginx", "go-httpbin"]
original_cmd = bench.server_cmd


# PIN=1: every server on core 0 and wrk on core 1 (taskset), so that the load generator never
# takes the server's core; latency percentiles then measure the server, not the scheduler.
PINNED = os.environ.get("PIN") == "1"


def server_cmd(name, port):
    pin = ["taskset", "-c", "0"] if PINNED else []
    if name in VARIANTS:
        binary = os.environ.get("BOOMERANG_BIN", os.path.join(os.getcwd(), ".build", "release", "boomerang"))
        extra = os.environ.get("BOOMERANG_ARGS", "").split()
        # Plain HTTP only (HTTPS is measured by tls_compare.py), unless BOOMERANG_ARGS says otherwise.
        https = [] if "--https-port" in extra else ["--https-port", "off"]
        return pin + [binary, "serve", "--host", bench.HOST, "--port", str(port), "--threads", "1"] + https + VARIANTS[name][1] + extra
    return pin + original_cmd(name, port)


class PinnedSubprocess:
    """bench.py's subprocess module, with wrk started on core 1."""

    def __getattr__(self, name):
        return getattr(subprocess, name)

    @staticmethod
    def run(cmd, *args, **kwargs):
        if cmd and cmd[0] == "wrk":
            cmd = ["taskset", "-c", "1"] + list(cmd)
        return subprocess.run(cmd, *args, **kwargs)


if PINNED:
    bench.subprocess = PinnedSubprocess()


bench.server_cmd = server_cmd
for variant, (variant_port, _) in VARIANTS.items():
    bench.PORTS[variant] = variant_port
    if variant not in bench.ALL:
        bench.ALL.append(variant)


def available():
    names = list(VARIANTS) + ["evhttp-1", "nginx"]
    if os.path.exists(os.path.join(bench.ANCHORS, "bin", "go-httpbin")):
        names.append("go-httpbin")
    return names


TITLES = {"get": "GET /get", "post": "1 MiB multipart POST /post"}


def summary():
    phases = [phase for phase in TITLES if bench.load(phase)]
    if not phases:
        sys.exit("no results in " + bench.RESULTS)
    print("Servers: each Boomerang with `--threads 1` (one event loop) and BOOMERANG_ARGS; evhttp-1 the C "
          "echo in one process; nginx with 2 worker processes answering a fixed body; go-httpbin with Go's "
          "default GOMAXPROCS (every core). wrk -t1 on the same machine.")
    for phase in phases:
        summarise(phase)


def summarise(phase):
    rows = bench.load(phase)
    servers = [s for s in available() if any(r["server"] == s for r in rows)]
    refs = [s for s in ANCHORS if s in servers]
    out = []
    for conns in sorted({r["conns"] for r in rows}):
        rc = [r for r in rows if r["conns"] == conns]
        rounds = len({r["round"] for r in rc})
        out.append(f"\n### {TITLES[phase]} -c{conns} (wrk -t1, {rc[0]['secs']} s per run, {rounds} interleaved rounds; medians)\n")
        cpu_ref = refs[0] if refs else None
        cpu_head = f" CPU/req × {cpu_ref} |" if cpu_ref else ""
        out.append("| server | req/s | p50 ms | p99 ms | server CPU µs/req | errors |" + "".join(f" × {r} |" for r in refs)
                   + cpu_head)
        out.append("|---|" + "---|" * (5 + len(refs) + (1 if cpu_ref else 0)))
        for s in servers:
            rs = [r for r in rc if r["server"] == s]
            if not rs:
                continue
            errors = sum(r["err_connect"] + r["err_read"] + r["err_write"] + r["err_status"] + r["err_timeout"] for r in rs)
            line = (f"| {s} | {bench.fmt(bench.med([r['rps'] for r in rs]))} | "
                    f"{bench.fmt(bench.med([r['lat_p50_us'] for r in rs]) / 1000, 2)} | "
                    f"{bench.fmt(bench.med([r['lat_p99_us'] for r in rs]) / 1000, 2)} | "
                    f"{bench.fmt(bench.med([r['server_cpu_us_per_req'] for r in rs]), 1)} | {errors} |")
            for ref in refs:
                line += f" {bench.fmt(bench.paired_ratio(rc, s, ref), 2)} |"
            if cpu_ref:
                line += f" {bench.fmt(bench.paired_ratio(rc, s, cpu_ref, key='server_cpu_us_per_req'), 2)} |"
            out.append(line)
        out.append("")
        for other, what in (("boomerang-no-history", "history"), ("boomerang-no-log", "access log")):
            if other in servers and "boomerang" in servers:
                rps = bench.paired_ratio(rc, "boomerang", other)
                cpu = bench.paired_ratio(rc, "boomerang", other, key="server_cpu_us_per_req")
                out.append(f"- {what} on/off: req/s × {bench.fmt(rps, 3)}, server CPU per request × {bench.fmt(cpu, 3)}")
        if phase == "post":
            checks = {r["server"]: r for r in bench.load("post_check")}
            answers = [f"{s} {checks[s]['http_code']}" for s in servers if s in checks]
            out.append("- curl -F check of each server before the runs (status): " + ", ".join(answers))
        load = bench.med([r["load1"] for r in rc])
        other_cpu = bench.med([r["other_cpu_s"] / r["secs"] for r in rc])
        out.append(f"- load: 1-minute load average {bench.fmt(load, 1)} before the runs (median); "
                   f"other processes used {bench.fmt(other_cpu, 2)} of the 2 cores")
    print("\n".join(out))


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    parser.add_argument("phase", choices=["get", "post", "summary"])
    parser.add_argument("--servers", default=None, help="comma list; default: every Boomerang variant and anchor")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--secs", type=int, default=5)
    parser.add_argument("--conns", default="32,128")
    args = parser.parse_args()
    if args.phase == "summary":
        summary()
        return
    servers = args.servers.split(",") if args.servers else available()
    measure = bench.phase_get if args.phase == "get" else bench.phase_post
    measure(servers, [int(c) for c in args.conns.split(",")], args.rounds, args.secs)


if __name__ == "__main__":
    main()
