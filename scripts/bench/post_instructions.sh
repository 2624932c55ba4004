#!/usr/bin/env bash
# Instructions per 1 MiB multipart POST /post (callgrind) on one keep-alive connection:
# Boomerang's release build with its defaults (access log, history and metrics on), and the C
# evhttp echo. Each server runs twice (3 and 13 requests); the difference over 10 is the cost of one.
# The body is bench.py's: one text/plain file part of 1 MiB of base64 characters.
#
#   scripts/bench/post_instructions.sh
#   CG_KEEP=/tmp/cg-post scripts/bench/post_instructions.sh   # keep the profiles (callgrind_annotate --inclusive=yes)
#
# Valgrind hides the SHA extensions from the program: the body's and the parts' SHA-256 then go
# through swift-crypto (BoringSSL's vector path, about ten times the instructions of SHA-NI), not
# through the interleaved SHA-NI pass they take natively (SHA256Pair), so the count does not show
# what that pass saves: compare server CPU per request (compare_servers.py post) or perf for that.
# BOOMERANG_BIN profiles another build; SKIP_EVHTTP=1 leaves the C echo out.
set -euo pipefail
cd "$(dirname "$0")/../.."
ANCHORS=${ANCHORS_DIR:-/tmp/anchors}
# The C echo, built from the repository's source when it is not there yet.
if [ -z "${SKIP_EVHTTP:-}" ] && [ ! -x "$ANCHORS/bin/evhttp_echo" ]; then
    mkdir -p "$ANCHORS/bin"
    cc -O2 -Wall -o "$ANCHORS/bin/evhttp_echo" scripts/bench/reference/evhttp_echo.c -levent
fi
PORT=${CG_PORT:-39197}
command -v valgrind > /dev/null || { echo "needs valgrind (apt-get install valgrind)"; exit 1; }
work=$(mktemp -d /tmp/boomerang-cg-post.XXXXXX)
trap 'rm -rf "$work"' EXIT
# valgrind 3.19 cannot read the toolchain's DWARF 5: profile a copy without debug info.
objcopy --strip-debug "${BOOMERANG_BIN:-.build/release/boomerang}" "$work/boomerang"
chmod +x "$work/boomerang"
boundary=----benchboundary7MA4YWxkTrZu0gW
python3 - "$work/body" "$boundary" <<'PY'
import base64, random, sys
payload = base64.b64encode(random.Random(7).randbytes(800_000))[:1 << 20]
head = (f"--{sys.argv[2]}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"post1m.txt\"\r\n"
        "Content-Type: text/plain\r\n\r\n").encode()
open(sys.argv[1], "wb").write(head + payload + f"\r\n--{sys.argv[2]}--\r\n".encode())
PY
[ -n "${CG_KEEP:-}" ] && mkdir -p "$CG_KEEP"

CG_WORK=$work
KEEPALIVE_EXTRA=("$work/body" "$boundary")
# shellcheck source=callgrind-total.sh
source scripts/bench/callgrind-total.sh

per_request() { # NAME PORT COMMAND...
    local name=$1 port=$2
    shift 2
    local small large
    small=$(cg_total "$name" "$port" 3 "$@")
    large=$(cg_total "$name" "$port" 13 "$@")
    echo "$name: $(((large - small) / 10)) instructions per 1 MiB multipart POST /post"
}

per_request boomerang-defaults "$PORT" "$work/boomerang" serve --host 127.0.0.1 --port "$PORT" --threads 1 --https-port off ${BOOMERANG_EXTRA_ARGS:-}
[ -n "${SKIP_EVHTTP:-}" ] || per_request evhttp-1 $((PORT + 1)) "$ANCHORS/bin/evhttp_echo" $((PORT + 1)) 1
