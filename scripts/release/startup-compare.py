#!/usr/bin/env python3
"""Start-up of several Boomerang builds and the C echo (evhttp-1), interleaved round by round.

For each start: wall time from spawn to the first 200 on /get (scripts/bench/reference/bench.py's
`start`), the server's CPU time and run-queue wait to that answer (summed over its threads, from
/proc/PID/task/*/schedstat), its minor page faults, and its RSS after 1.5 s idle. Medians per build.

    python3 scripts/release/startup-compare.py before=/tmp/boomerang-old,after=.build/release/boomerang 15
    python3 scripts/release/startup-compare.py after=.build/release/boomerang 9 "--config $PWD/config/server.yaml"

Uses scripts/bench/reference/bench.py (the C echo built by reference/setup.sh) on ports 39285
(C echo) and 39287, so that it does not collide with a bench run on the usual ports.
"""
import os
import statistics
import sys
import time

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "../..")
sys.path.insert(0, os.path.join(ROOT, "scripts/bench/reference"))
import bench  # noqa: E402

bench.PORTS["evhttp-1"] = 39285
bench.PORTS["boomerang"] = 39287


def sample(pid):
    cpu = wait = faults = 0
    for task in os.listdir(f"/proc/{pid}/task"):
        try:
            fields = open(f"/proc/{pid}/task/{task}/schedstat").read().split()
            cpu += int(fields[0])
            wait += int(fields[1])
            faults += int(open(f"/proc/{pid}/task/{task}/stat").read().rsplit(")", 1)[1].split()[7])
        except OSError:
            pass
    return cpu / 1e6, wait / 1e6, faults


def main():
    builds = [item.split("=", 1) for item in sys.argv[1].split(",")]
    rounds = int(sys.argv[2]) if len(sys.argv) > 2 else 9
    extra = sys.argv[3] if len(sys.argv) > 3 else ""
    results = {}
    try:
        for r in range(rounds):
            order = builds + [("evhttp-1", None)]
            order = order[r % len(order):] + order[:r % len(order)]
            for label, path in order:
                name = "evhttp-1" if path is None else "boomerang"
                if path is not None:
                    os.environ["BOOMERANG_BIN"] = os.path.abspath(path)
                    os.environ["BOOMERANG_ARGS"] = extra
                process, seconds = bench.start(name)
                cpu, wait, faults = sample(process.pid)
                time.sleep(1.5)
                rss = bench.tree_mem(process.pid)["rss_sum"] / 2**20
                bench.stop(name)
                results.setdefault(label, []).append((seconds * 1000, cpu, wait, faults, rss))
                time.sleep(0.3)
    finally:
        bench.stop_all()
    for label, rows in results.items():
        column = lambda i: [row[i] for row in rows]  # noqa: E731
        print(f"{label:10} start-up median {statistics.median(column(0)):6.2f} ms (min {min(column(0)):6.2f})"
              f"  CPU {statistics.median(column(1)):5.2f} ms  run-queue wait {statistics.median(column(2)):5.2f} ms"
              f"  minor faults {statistics.median(column(3)):4.0f}  idle RSS {statistics.median(column(4)):5.2f} MiB")


if __name__ == "__main__":
    main()
