#!/usr/bin/env python3
"""What one function's instructions per request go to: the inclusive cost of each of its callees,
from two callgrind profiles of the same server (a short and a long run of instructions.sh with
CG_KEEP set), so that start-up and shutdown cancel out.

   callees.py SHORT.callgrind LONG.callgrind MANGLED-PIECE [REQUESTS]   # REQUESTS: the difference, 2000
   callees.py /tmp/cg/boomerang-defaults-200.callgrind /tmp/cg/boomerang-defaults-2200.callgrind 12HistoryStoreC6record

MANGLED-PIECE is matched against the mangled names (as breakdown.py's parts are); every function
that contains it is listed with its callees of 50 instructions or more, demangled.
"""
import re, subprocess, sys
def tree(path):
    out = subprocess.run(["callgrind_annotate", "--tree=calling", "--inclusive=yes", "--threshold=100", path],
                         capture_output=True, text=True).stdout.split("\n")
    blocks = {}
    cur = None
    for l in out:
        m = re.match(r"^\s*([0-9,]+) \([^)]*\)\s+\*\s+(\S+)", l)
        if m:
            cur = m.group(2); blocks.setdefault(cur, {"self": int(m.group(1).replace(",", "")), "callees": {}}); continue
        m = re.match(r"^\s*([0-9,]+) \([^)]*\)\s+>\s+(\S+)", l)
        if m and cur:
            blocks[cur]["callees"][m.group(2)] = blocks[cur]["callees"].get(m.group(2), 0) + int(m.group(1).replace(",", ""))
        elif not l.strip(): cur = None
    return blocks
short, long_, pat = sys.argv[1:4]
n = int(sys.argv[4]) if len(sys.argv) > 4 else 2000
a, b = tree(short), tree(long_)
def dem(names):
    r = subprocess.run(["swift", "demangle", "--simplified", "--compact"], input="\n".join(names), capture_output=True, text=True).stdout.split("\n")
    return r
for fn in b:
    if pat in fn:
        total = (b[fn]["self"] - a.get(fn, {"self": 0})["self"]) / n
        print(f"== {dem([fn.split(':')[-1]])[0][:150]}  inclusive {total:,.0f}")
        rows = []
        for c, v in b[fn]["callees"].items():
            d = (v - a.get(fn, {"callees": {}})["callees"].get(c, 0)) / n
            rows.append((d, c))
        rows.sort(reverse=True)
        names = dem([c.split(":")[-1].split(" ")[0] for _, c in rows])
        for (d, c), nm in zip(rows, names):
            if d >= 50: print(f"   {d:8,.0f}  {nm[:150]}")
