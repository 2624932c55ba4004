#!/usr/bin/env bash
# Instructions from exec to the first answer of `boomerang serve`: the program runs under callgrind,
# is asked GET /get until it answers, and is then stopped with SIGTERM; the profile is dumped when
# the shutdown begins (`--dump-before` the server's shutdown), so the instructions after the first
# answer are only those of taking the signal. Prints the total and the functions that cost most,
# inclusive.
#
# It runs in an empty folder, as the bench's start-up does, so without options no config file is read:
#
#   scripts/release/startup-instructions.sh                                   # built-in defaults
#   scripts/release/startup-instructions.sh --config "$PWD/config/server.yaml" # the shipped settings
#
# BOOMERANG_BIN profiles another build (default .build/release/boomerang); SECTIONS_PORT another
# port (default 39198); TOP how many functions to list (default 40); CG_KEEP a folder to keep the
# profile in.
set -euo pipefail
cd "$(dirname "$0")/../.."
PORT=${SECTIONS_PORT:-39198}
command -v valgrind > /dev/null || { echo "needs valgrind (apt-get install valgrind)"; exit 1; }
work=$(mktemp -d /tmp/boomerang-startup-cg.XXXXXX)
trap 'rm -rf "$work"' EXIT
# valgrind 3.19 cannot read the toolchain's DWARF 5: profile a copy without debug info.
objcopy --strip-debug "${BOOMERANG_BIN:-.build/release/boomerang}" "$work/boomerang"
chmod +x "$work/boomerang"
mkdir "$work/run"
(cd "$work/run" && exec valgrind --tool=callgrind --callgrind-out-file="$work/profile" '--dump-before=$s15BoomerangServer0B0C8shutdownyyF' \
    "$work/boomerang" serve --host 127.0.0.1 --port "$PORT" "$@") > "$work/output" 2>&1 &
server=$!
for _ in $(seq 1 1200); do
    [ "$(curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$PORT/get" || true)" = 200 ] && break
    sleep 0.05
done
kill -TERM "$server"
wait "$server" || true
first=$(ls "$work"/profile.1 2> /dev/null || true)
[ -n "$first" ] || { cat "$work/output"; echo "no dump at the shutdown: did the server answer?"; exit 1; }
[ -n "${CG_KEEP:-}" ] && cp "$first" "$CG_KEEP/"
callgrind_annotate --inclusive=yes "$first" 2> /dev/null | awk -v top="${TOP:-40}" '
    /PROGRAM TOTALS/ { gsub(",", "", $1); printf "exec to first answer: %s instructions\n", $1 }
    /^-+$/ { rule++ }
    rule >= 3 && NF && !/^-/ && shown < top { print; shown++ }'
