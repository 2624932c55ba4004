#!/usr/bin/env bash
# Side-by-side benchmarks of the release server against the reference servers of
# scripts/bench/reference (the C echo on libevent's evhttp, nginx; go-httpbin when built), on
# loopback, interleaved round by round (ratios, not absolute figures, are what hold on a shared
# machine). Results and a Markdown summary go to $BENCH_RESULTS (default bench-results/).
#
#   scripts/bench/server.sh                 # GET, 1 MiB multipart POST, 1 GiB upload, start-up, callgrind
#   ROUNDS=5 SECS=10 scripts/bench/server.sh
#   GO_HTTPBIN_SRC=<git copy of mccutchen/go-httpbin> scripts/bench/server.sh   # go-httpbin too
#   BOOMERANG_EXTRA_ARGS=--no-history scripts/bench/server.sh                   # options added to every run
#
# The GET table is what a user gets (access log, history and metrics on) against the C echo, nginx
# and go-httpbin in the same interleaved rounds, with the history and the access log off beside it;
# each table reports req/s, p50/p99, server CPU per request and the paired ratios.
set -euo pipefail
cd "$(dirname "$0")/../.."
REFERENCE=scripts/bench/reference
ROUNDS=${ROUNDS:-3}
SECS=${SECS:-5}
OUT=${BENCH_RESULTS:-$PWD/bench-results}
mkdir -p "$OUT"

bash "$REFERENCE/setup.sh" > "$OUT/setup.log"
bash scripts/bench/go-httpbin.sh
# The release build as `make release` makes it (static Swift libraries, section order).
make -s release
export BOOMERANG_BIN=$PWD/.build/release/boomerang
bench() { python3 "$REFERENCE/bench.py" "$@"; }

# GET /get: Boomerang with its defaults, with the history off and with the access log off, against
# the C echo, nginx and go-httpbin, all in the same interleaved rounds (one loop each).
export BENCH_RESULTS="$OUT/get"
mkdir -p "$BENCH_RESULTS"
python3 scripts/bench/compare_servers.py get --rounds "$ROUNDS" --secs "$SECS" --conns 32,128
python3 scripts/bench/compare_servers.py summary | tee "$BENCH_RESULTS/summary.md"

# The 1 MiB multipart POST, the 1 GiB upload and the start-up, with the defaults, against the C echo.
export BENCH_RESULTS="$OUT/defaults" BOOMERANG_ARGS="--threads 1 ${BOOMERANG_EXTRA_ARGS:-}"
mkdir -p "$BENCH_RESULTS"
bench post --servers boomerang,evhttp-1 --rounds "$ROUNDS" --secs "$SECS" --conns 8,32
bench upload --servers boomerang,evhttp-1 --sizes 1024 --big-reps 1
bench startup --servers boomerang,evhttp-1 --rounds 5
bench summary | tee "$BENCH_RESULTS/summary.md"

# Two loops against the two-process C echo, access log off.
export BENCH_RESULTS="$OUT/threads-2" BOOMERANG_ARGS="--threads 2 --no-access-log ${BOOMERANG_EXTRA_ARGS:-}"
mkdir -p "$BENCH_RESULTS"
bench get --servers boomerang,evhttp-2 --rounds "$ROUNDS" --secs "$SECS" --conns 32,128
bench summary | tee "$BENCH_RESULTS/summary.md"

# Instructions per GET /get on one keep-alive connection, with what the access log, the history and
# the metrics cost of them (callgrind; repeatable on a busy machine).
CG_KEEP="$OUT/callgrind" bash scripts/bench/instructions.sh | tee "$OUT/instructions.txt"
python3 scripts/bench/breakdown.py "$OUT/callgrind/boomerang-defaults-200.callgrind" \
    "$OUT/callgrind/boomerang-defaults-2200.callgrind" | tee -a "$OUT/instructions.txt"
