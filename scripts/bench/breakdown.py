#!/usr/bin/env python3
"""Where the instructions of one GET /get go: the inclusive cost per request of the parts of the
request path, from two callgrind profiles of the same server (a short and a long run of
scripts/bench/instructions.sh with CG_KEEP set), so that start-up and shutdown cancel out.

   breakdown.py SHORT.callgrind LONG.callgrind [REQUESTS]     # REQUESTS: the difference, 2000
   breakdown.py --top 40 SHORT LONG                          # the 40 costliest functions instead

Function names are matched on their mangled Swift names and printed demangled.
"""
import re
import subprocess
import sys

# label -> a piece of the mangled name of the function that does that part (inclusive cost)
PARTS = [
    ("whole request path (Connection.readable)", "10ConnectionC8readable"),
    ("access log (AccessLogWriter.record)", "15AccessLogWriterC6record"),
    ("metrics (LoopMetrics.record)", "11LoopMetricsC6record"),
    ("history (HistoryStore.recordResponse)", "12HistoryStoreC14recordResponse"),
    ("routing (Router.responder)", "6RouterC9responder3for"),
    ("content codings (ContentCodingResponder.finish)", "22ContentCodingResponderV6finish"),
    ("content codings (ContentCodingResponder.init)", "22ContentCodingResponderV5inner"),
    ("mock mappings (Router.chooseMapping)", "13chooseMapping"),
    ("request ID", "18RequestIDGeneratorC4next"),
    ("malloc", "malloc"),
    ("free", "free"),
    ("writev/write/send (syscall wrappers)", "writev"),
    ("recv/read", "__libc_recv"),
    ("epoll_wait", "epoll_wait"),
    ("epoll_ctl", "epoll_ctl"),
]


def inclusive(path):
    """{function: inclusive instructions} from callgrind_annotate."""
    out = subprocess.run(["callgrind_annotate", "--inclusive=yes", "--threshold=100", path],
                         capture_output=True, text=True).stdout
    costs = {}
    for line in out.splitlines():
        match = re.match(r"\s*([\d,]+)\s+(?:\([^)]*\)\s+)?(\S.*)$", line)
        if not match:
            continue
        name = match.group(2)
        name = name.split(":", 1)[1] if ":" in name and not name.startswith("$") else name
        name = re.sub(r"\s*\[.*\]$", "", name).strip()
        costs[name] = costs.get(name, 0) + int(match.group(1).replace(",", ""))
    return costs


def demangle(name):
    try:
        return subprocess.run(["swift-demangle", "-simplified", "-compact", name], capture_output=True, text=True).stdout.strip() or name
    except OSError:
        return name


def main():
    args = sys.argv[1:]
    top = None
    if args and args[0] == "--top":
        top = int(args[1])
        args = args[2:]
    short, long = inclusive(args[0]), inclusive(args[1])
    requests = int(args[2]) if len(args) > 2 else 2000
    per = {name: (long.get(name, 0) - short.get(name, 0)) / requests for name in long}
    if top:
        for name, cost in sorted(per.items(), key=lambda item: -item[1])[:top]:
            print(f"{cost:10,.0f}  {demangle(name)[:150]}")
        return
    print(f"instructions per GET /get, inclusive (difference of two runs over {requests} requests):")
    for label, piece in PARTS:
        matches = [name for name in per if piece in name]
        if not matches:
            print(f"  {label}: not in the profile")
            continue
        # The function itself, not its callers: the best match is the costliest of the names that contain the piece.
        best = max(matches, key=lambda name: per[name])
        print(f"  {label}: {per[best]:,.0f}")


if __name__ == "__main__":
    main()
