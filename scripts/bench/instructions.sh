#!/usr/bin/env bash
# Instructions per request (callgrind), GET /get on one keep-alive connection: Boomerang's
# release build with its defaults (access log, history and metrics on), with the access log and
# the history off, and the C evhttp echo. Counts are repeatable whatever else the machine does.
# Each server runs twice (200 and 2200 requests); the difference over 2000 is the per-request cost.
#
#   scripts/bench/instructions.sh
#   CG_PORT=39387 CG_KEEP=/tmp/cg scripts/bench/instructions.sh   # another port; keep the profiles
#
# BOOMERANG_BIN profiles another build; BOOMERANG_EXTRA_ARGS adds options to every Boomerang run;
# CONFIGS replaces the Boomerang configurations ("name:options;name:options"); SKIP_EVHTTP=1 leaves the C echo out.
# The profiles kept in CG_KEEP (the 2200-request runs) read with
# `callgrind_annotate --inclusive=yes FILE`.
set -euo pipefail
cd "$(dirname "$0")/../.."
ANCHORS=${ANCHORS_DIR:-/tmp/anchors}
PORT=${CG_PORT:-39187}
CONFIGS=${CONFIGS:-"defaults:;no-log-no-history:--no-access-log --no-history"}
command -v valgrind > /dev/null || { echo "needs valgrind (apt-get install valgrind)"; exit 1; }
# valgrind 3.19 cannot read the toolchain's DWARF 5: profile a copy without debug info.
binary=$(mktemp /tmp/boomerang-nodebug.XXXXXX)
trap 'rm -f "$binary" /tmp/boomerang-cg.*' EXIT
objcopy --strip-debug "${BOOMERANG_BIN:-.build/release/boomerang}" "$binary"
chmod +x "$binary"
[ -n "${CG_KEEP:-}" ] && mkdir -p "$CG_KEEP"

total() { # NAME PORT COUNT COMMAND...
    local name=$1 port=$2 count=$3 out
    shift 3
    out=$(mktemp /tmp/boomerang-cg.XXXXXX)
    valgrind --tool=callgrind --callgrind-out-file="$out" "$@" > /dev/null 2>&1 &
    local pid=$!
    for _ in $(seq 100); do curl -s -o /dev/null "http://127.0.0.1:$port/get" && break; sleep 0.2; done
    python3 scripts/bench/keepalive.py "$port" "$count"
    kill -TERM "$pid"
    wait "$pid" || true
    [ -n "${CG_KEEP:-}" ] && cp "$out" "$CG_KEEP/$name-$count.callgrind"
    callgrind_annotate "$out" 2> /dev/null | awk '/PROGRAM TOTALS/ && !done { gsub(",", "", $1); print $1; done = 1 }'
}

per_request() { # NAME PORT COMMAND...
    local name=$1 port=$2
    shift 2
    local small large
    small=$(total "$name" "$port" 200 "$@")
    large=$(total "$name" "$port" 2200 "$@")
    echo "$name: $(((large - small) / 2000)) instructions per GET /get"
}

IFS=';' read -ra configs <<< "$CONFIGS"
for config in "${configs[@]}"; do
    IFS=: read -r name args <<< "$config"
    # shellcheck disable=SC2086 # the options are lists
    per_request "boomerang-$name" "$PORT" "$binary" serve --host 127.0.0.1 --port "$PORT" --threads 1 $args ${BOOMERANG_EXTRA_ARGS:-}
done
[ -n "${SKIP_EVHTTP:-}" ] || per_request evhttp-1 $((PORT + 1)) "$ANCHORS/bin/evhttp_echo" $((PORT + 1)) 1
