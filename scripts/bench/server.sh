#!/usr/bin/env bash
# Side-by-side benchmarks of the release server against the reference servers in ../shared/bench,
# on loopback, interleaved round by round (ratios, not absolute figures, are what hold on a shared
# machine). Results and a Markdown summary go to $BENCH_RESULTS (default bench-results/).
#
#   scripts/bench/server.sh                 # GET, 1 MiB multipart POST, 1 GiB upload, start-up
#   ROUNDS=5 SECS=10 scripts/bench/server.sh
#   GO_HTTPBIN_SRC=<git copy of mccutchen/go-httpbin> scripts/bench/server.sh   # go-httpbin too
#   BOOMERANG_EXTRA_ARGS=--no-history scripts/bench/server.sh                   # options added to every run
#
# The "defaults" run is what a user gets (access log and every recording on), against the C echo,
# nginx and go-httpbin in the same interleaved rounds.
set -euo pipefail
cd "$(dirname "$0")/../.."
SHARED=${SHARED:-../shared/bench}
ROUNDS=${ROUNDS:-3}
SECS=${SECS:-5}
OUT=${BENCH_RESULTS:-$PWD/bench-results}
mkdir -p "$OUT"

bash "$SHARED/setup.sh" > "$OUT/setup.log"
bash scripts/bench/go-httpbin.sh
swift build -c release --product boomerang
export BOOMERANG_BIN=$PWD/.build/release/boomerang
bench() { python3 "$SHARED/bench.py" "$@"; }

# One loop with the defaults against the anchors; then the access log off like the C echo; then two loops.
anchors=evhttp-1,nginx
[ -x "${ANCHORS_DIR:-/tmp/anchors}/bin/go-httpbin" ] && anchors=$anchors,go-httpbin
for config in "defaults:--threads 1:$anchors" "1:--threads 1 --no-access-log:evhttp-1" "2:--threads 2 --no-access-log:evhttp-2"; do
    IFS=: read -r name args reference <<< "$config"
    args="$args ${BOOMERANG_EXTRA_ARGS:-}"
    export BENCH_RESULTS="$OUT/threads-$name" BOOMERANG_ARGS="$args"
    mkdir -p "$BENCH_RESULTS"
    bench get --servers boomerang,"$reference" --rounds "$ROUNDS" --secs "$SECS" --conns 32,128
    if [ "$name" = defaults ]; then
        bench post --servers boomerang,evhttp-1 --rounds "$ROUNDS" --secs "$SECS" --conns 8,32
        bench upload --servers boomerang,evhttp-1 --sizes 1024 --big-reps 1
        bench startup --servers boomerang,evhttp-1 --rounds 5
    fi
    bench summary > "$BENCH_RESULTS/summary.md"
    echo "== threads $name ($args) vs $reference"
    cat "$BENCH_RESULTS/summary.md"
done

# Instructions per GET /get on one keep-alive connection (callgrind; repeatable on a busy machine).
bash scripts/bench/instructions.sh | tee "$OUT/instructions.txt"
