#!/usr/bin/env bash
# Instructions per request (callgrind), GET /get on one keep-alive connection: Boomerang's
# release build against the C evhttp echo. Counts are repeatable whatever else the machine does.
# Each server runs twice (200 and 2200 requests); the difference over 2000 is the per-request cost.
# BOOMERANG_BIN profiles another build; BOOMERANG_EXTRA_ARGS adds options (e.g. --no-history).
set -euo pipefail
cd "$(dirname "$0")/../.."
ANCHORS=${ANCHORS_DIR:-/tmp/anchors}
command -v valgrind > /dev/null || { echo "needs valgrind (apt-get install valgrind)"; exit 1; }
# valgrind 3.19 cannot read the toolchain's DWARF 5: profile a copy without debug info.
binary=$(mktemp /tmp/boomerang-nodebug.XXXXXX)
trap 'rm -f "$binary" /tmp/boomerang-cg.*' EXIT
objcopy --strip-debug "${BOOMERANG_BIN:-.build/release/boomerang}" "$binary"
chmod +x "$binary"

total() { # PORT COUNT COMMAND...
    local port=$1 count=$2 out
    shift 2
    out=$(mktemp /tmp/boomerang-cg.XXXXXX)
    valgrind --tool=callgrind --callgrind-out-file="$out" "$@" > /dev/null 2>&1 &
    local pid=$!
    for _ in $(seq 100); do curl -s -o /dev/null "http://127.0.0.1:$port/get" && break; sleep 0.2; done
    python3 scripts/bench/keepalive.py "$port" "$count"
    kill -TERM "$pid"
    wait "$pid" || true
    callgrind_annotate "$out" 2> /dev/null | awk '/PROGRAM TOTALS/ && !done { gsub(",", "", $1); print $1; done = 1 }'
}

per_request() { # NAME PORT COMMAND...
    local name=$1 port=$2
    shift 2
    local small large
    small=$(total "$port" 200 "$@")
    large=$(total "$port" 2200 "$@")
    echo "$name: $(((large - small) / 2000)) instructions per GET /get"
}

# shellcheck disable=SC2086 # BOOMERANG_EXTRA_ARGS is a list of options
per_request boomerang 39187 "$binary" serve --port 39187 --threads 1 --no-access-log ${BOOMERANG_EXTRA_ARGS:-}
per_request evhttp-1 39185 "$ANCHORS/bin/evhttp_echo" 39185 1
