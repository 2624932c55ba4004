#!/usr/bin/env bash
# Instructions per GET /get over HTTP/2, under callgrind: h2load with one connection of 100
# streams, 2,000 and then 22,000 requests, the difference over 20,000. h2c on the plain port, and
# h2 over TLS on the HTTPS port. History and access log off, one event loop, scenario ports off.
# Needs valgrind and h2load (Debian's nghttp2-client).
#
#   scripts/bench/h2_instructions.sh                  # .build/release/boomerang
#   BOOMERANG_BIN=path scripts/bench/h2_instructions.sh
set -euo pipefail
cd "$(dirname "$0")/../.."
for tool in valgrind h2load; do
    command -v "$tool" > /dev/null || { echo "needs $tool (apt-get install valgrind nghttp2-client)"; exit 1; }
done
work=$(mktemp -d /tmp/boomerang-h2-cg.XXXXXX)
trap 'rm -rf "$work"' EXIT
# valgrind 3.19 cannot read the toolchain's DWARF 5: profile a copy without debug info.
objcopy --strip-debug "${BOOMERANG_BIN:-.build/release/boomerang}" "$work/boomerang"
chmod +x "$work/boomerang"
HTTP_PORT=${CG_PORT:-39397}
HTTPS_PORT=$((HTTP_PORT + 1))
# A first start without valgrind makes the CA and its scenario certificates (on a thread of their
# own, logged when done), so that the measured runs read them and make nothing.
"$work/boomerang" serve --host 127.0.0.1 --port "$HTTP_PORT" --https-port "$HTTPS_PORT" --tls-scenario-ports off \
    --tls-state-directory "$work/ca" --threads 1 > "$work/warmup" 2>&1 &
warmup=$!
for _ in $(seq 1 300); do
    grep -q "TLS scenario certificates" "$work/warmup" && break
    sleep 0.1
done
kill "$warmup"
wait "$warmup" || true
total() { # URL COUNT -> the server's instructions
    local url=$1 count=$2 server
    valgrind --tool=callgrind --callgrind-out-file="$work/profile" "$work/boomerang" serve --host 127.0.0.1 \
        --port "$HTTP_PORT" --https-port "$HTTPS_PORT" --tls-scenario-ports off --tls-state-directory "$work/ca" \
        --threads 1 --no-history --no-access-log > "$work/output" 2>&1 &
    server=$!
    for _ in $(seq 1 600); do
        curl -s -o /dev/null "http://127.0.0.1:$HTTP_PORT/__admin/health" && break
        sleep 0.1
    done
    h2load -n "$count" -c 1 -m 100 "$url" > "$work/h2load" 2>&1
    grep -q "$count succeeded" "$work/h2load" || { cat "$work/h2load" >&2; exit 1; }
    kill -INT "$server"
    wait "$server" || true
    awk '/^(summary|totals):/ { print $2; exit }' "$work/profile"
}
for name in h2c h2; do
    url="http://127.0.0.1:$HTTP_PORT/get"
    [ "$name" = h2 ] && url="https://127.0.0.1:$HTTPS_PORT/get"
    small=$(total "$url" 2000)
    large=$(total "$url" 22000)
    echo "$name: $(((large - small) / 20000)) instructions per GET /get"
done
