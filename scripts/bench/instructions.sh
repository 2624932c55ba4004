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
# The C echo, built from the repository's source when it is not there yet.
if [ -z "${SKIP_EVHTTP:-}" ] && [ ! -x "$ANCHORS/bin/evhttp_echo" ]; then
    mkdir -p "$ANCHORS/bin"
    cc -O2 -Wall -o "$ANCHORS/bin/evhttp_echo" scripts/bench/reference/evhttp_echo.c -levent
fi
PORT=${CG_PORT:-39187}
CONFIGS=${CONFIGS:-"defaults:;no-log-no-history:--no-access-log --no-history"}
command -v valgrind > /dev/null || { echo "needs valgrind (apt-get install valgrind)"; exit 1; }
CG_WORK=$(mktemp -d /tmp/boomerang-cg.XXXXXX)
trap 'rm -rf "$CG_WORK"' EXIT
# valgrind 3.19 cannot read the toolchain's DWARF 5: profile a copy without debug info.
binary="$CG_WORK/boomerang"
objcopy --strip-debug "${BOOMERANG_BIN:-.build/release/boomerang}" "$binary"
chmod +x "$binary"
[ -n "${CG_KEEP:-}" ] && mkdir -p "$CG_KEEP"
KEEPALIVE_EXTRA=()
# shellcheck source=callgrind-total.sh
source scripts/bench/callgrind-total.sh

per_request() { # NAME PORT COMMAND...
    local name=$1 port=$2
    shift 2
    local small large
    small=$(cg_total "$name" "$port" 200 "$@")
    large=$(cg_total "$name" "$port" 2200 "$@")
    echo "$name: $(((large - small) / 2000)) instructions per GET /get"
}

IFS=';' read -ra configs <<< "$CONFIGS"
for config in "${configs[@]}"; do
    IFS=: read -r name args <<< "$config"
    # shellcheck disable=SC2086 # the options are lists
    per_request "boomerang-$name" "$PORT" "$binary" serve --host 127.0.0.1 --port "$PORT" --threads 1 --https-port off $args ${BOOMERANG_EXTRA_ARGS:-}
done
[ -n "${SKIP_EVHTTP:-}" ] || per_request evhttp-1 $((PORT + 1)) "$ANCHORS/bin/evhttp_echo" $((PORT + 1)) 1
