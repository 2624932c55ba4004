#!/usr/bin/env python3
"""Core micro-benchmarks against their committed figures (scripts/bench/figures.tsv).

   compare.py                 run every benchmark; exit 1 if a figure regressed by more than 15%,
                              or if a committed figure (or a whole benchmark) is missing from the run
   compare.py --record        run them and rewrite the committed figures
   compare.py NAME...         only these benchmarks (see `BoomerangBenchmarks list`)

Rates are the best of a benchmark's runs, timed in thread CPU time, so that a busy machine moves
them little; memory is peak RSS. A figure that looks regressed is measured again (up to RETRIES
times in all) and its best is kept before it counts as a regression. The figures are only
comparable on the machine that recorded them: the file names it, and a different machine warns.
Environment: BENCH_BIN (default .build/release/BoomerangBenchmarks), TOLERANCE (default 0.15).
"""
import os
import platform
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
FIGURES = os.path.join(HERE, "figures.tsv")
BINARY = os.environ.get("BENCH_BIN", os.path.join(HERE, "..", "..", ".build", "release", "BoomerangBenchmarks"))
TOLERANCE = float(os.environ.get("TOLERANCE", "0.15"))
RETRIES = int(os.environ.get("RETRIES", "3"))


def machine():
    model = platform.machine()
    try:
        with open("/proc/cpuinfo") as cpuinfo:
            for line in cpuinfo:
                if line.startswith("model name"):
                    model = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    return f"{model}, {os.cpu_count()} CPUs"


def names():
    out = subprocess.run([BINARY, "list"], capture_output=True, text=True, check=True).stdout
    return [line.split()[0] for line in out.splitlines()[1:] if line.startswith("  ")]


def run(name):
    """The figures one benchmark prints: {key: (value, unit, better)}."""
    out = subprocess.run([BINARY, name], capture_output=True, text=True)
    if out.returncode != 0:
        sys.exit(f"{name} failed: {out.stderr.strip()}")
    figures = {}
    for line in out.stdout.splitlines():
        fields = line.split("\t")
        if len(fields) == 5 and fields[0] == "figure":
            figures[fields[1]] = (float(fields[2]), fields[3], fields[4])
    return figures


def better(a, b, direction):
    return max(a, b) if direction == "higher" else min(a, b)


def change(now, then, direction):
    """The regression as a fraction (positive is worse)."""
    if then == 0:
        return 0.0
    return (then - now) / then if direction == "higher" else (now - then) / then


def load_committed():
    committed, recorded_on = {}, None
    with open(FIGURES) as file:
        for line in file:
            if line.startswith("# machine: "):
                recorded_on = line[len("# machine: "):].strip()
            if line.startswith("#") or not line.strip():
                continue
            name, key, value, unit, direction = line.rstrip("\n").split("\t")
            committed[(name, key)] = (float(value), unit, direction)
    return committed, recorded_on


def main():
    args = sys.argv[1:]
    record = "--record" in args
    selected = [a for a in args if not a.startswith("--")] or names()
    if record:
        rows = []
        for name in selected:
            for key, (value, unit, direction) in run(name).items():
                rows.append((name, key, value, unit, direction))
                print(f"{key}: {value:.4g} {unit}")
        with open(FIGURES, "w") as file:
            file.write("# Core micro-benchmark figures: scripts/bench/compare.py --record (make bench-record)\n")
            file.write(f"# machine: {machine()}\n")
            file.write(f"# recorded: {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}, "
                       f"load average {os.getloadavg()[0]:.1f}\n")
            file.write("# benchmark\tfigure\tvalue\tunit\tbetter\n")
            for name, key, value, unit, direction in rows:
                file.write(f"{name}\t{key}\t{value:.6g}\t{unit}\t{direction}\n")
        print(f"recorded {len(rows)} figures in {FIGURES}")
        return 0
    committed, recorded_on = load_committed()
    if recorded_on and recorded_on != machine():
        print(f"warning: the figures were recorded on {recorded_on}, this is {machine()}: ratios may not hold")
    print(f"load average {os.getloadavg()[0]:.1f}; tolerance {TOLERANCE:.0%}")
    if os.getloadavg()[0] > (os.cpu_count() or 1):
        print("warning: more runnable processes than CPUs: the memory-bound and library figures move by 10-40% "
              "on such a machine without any change to the code; a failure here needs a run on a quiet machine")
    failures = 0
    rate_changes = []
    missing = []
    if not any(not a.startswith("--") for a in args):
        # Every benchmark was asked for: one with committed figures that the binary no longer
        # lists is a figure nobody measures any more, not a pass.
        listed = set(selected)
        missing += [(name, key) for (name, key) in committed if name not in listed]
    for name in selected:
        figures = run(name)
        for attempt in range(1, RETRIES):
            worse = [k for k, (v, _, d) in figures.items()
                     if (name, k) in committed and change(v, committed[(name, k)][0], d) > TOLERANCE]
            if not worse:
                break
            again = run(name)
            for key in worse:
                if key in again:
                    value, unit, direction = figures[key]
                    figures[key] = (better(value, again[key][0], direction), unit, direction)
        for key, (value, unit, direction) in figures.items():
            if (name, key) not in committed:
                print(f"  new   {key}: {value:.4g} {unit} (no committed figure)")
                continue
            then = committed[(name, key)][0]
            delta = change(value, then, direction)
            verdict = "FAIL" if delta > TOLERANCE else "ok"
            failures += verdict == "FAIL"
            if unit != "MiB":
                rate_changes.append(-delta)
            print(f"  {verdict:5} {key}: {value:.4g} {unit} against {then:.4g} ({-delta:+.1%})")
        for (committed_name, key) in committed:
            if committed_name == name and key not in figures:
                print(f"  MISSING {key}: committed at {committed[(name, key)][0]:.4g} {committed[(name, key)][1]}, "
                      f"not printed by this run")
                missing.append((name, key))
    if len(rate_changes) > 1:
        # Code that did not change moving with the rest points to the machine (load, shared caches
        # and memory bandwidth, which thread CPU time does not hide), not to a regression.
        shift = sorted(rate_changes)[len(rate_changes) // 2]
        print(f"median change of the {len(rate_changes)} rate figures: {shift:+.1%}")
    if missing:
        print(f"{len(missing)} committed figure(s) missing from this run (a renamed or removed figure needs "
              f"make bench-record):")
        for name, key in missing:
            print(f"  {name}: {key}")
    if failures:
        print(f"{failures} figure(s) regressed by more than {TOLERANCE:.0%}")
    if failures or missing:
        return 1
    print("no figure regressed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
