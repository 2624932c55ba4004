#!/usr/bin/env bash
# Instructions per keep-alive GET /get over HTTPS and over plain HTTP, under callgrind: one
# connection from Python's http.client, 200 and then 2,200 requests, the difference over 2,000.
# With --handshakes: per full TLS 1.3 handshake instead, each a new connection (no resumption)
# with one GET /get, 20 and then 220, the difference over 200. With --http2: per GET /get over
# HTTP/2 from h2load (Debian's nghttp2-client), one connection of 100 streams, h2c on the plain
# port and h2 over TLS, 2,000 and then 22,000 requests, the difference over 20,000.
# History and access log off, one event loop, scenario ports off.
#
#   scripts/bench/tls_instructions.sh                  # .build/release/boomerang
#   scripts/bench/tls_instructions.sh --handshakes
#   scripts/bench/tls_instructions.sh --http2
#   BOOMERANG_BIN=path scripts/bench/tls_instructions.sh
set -euo pipefail
cd "$(dirname "$0")/../.."
command -v valgrind > /dev/null || { echo "needs valgrind (apt-get install valgrind)"; exit 1; }
work=$(mktemp -d /tmp/boomerang-tls-cg.XXXXXX)
trap 'rm -rf "$work"' EXIT
# valgrind 3.19 cannot read the toolchain's DWARF 5: profile a copy without debug info.
objcopy --strip-debug "${BOOMERANG_BIN:-.build/release/boomerang}" "$work/boomerang"
chmod +x "$work/boomerang"
mkdir "$work/run"
cat > "$work/client.py" <<'PY'
import http.client, ssl, sys
count, port, scheme, root = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3], sys.argv[4]
if scheme == "handshakes":
    context = ssl.create_default_context(cafile=root)
    for _ in range(count):
        connection = http.client.HTTPSConnection("localhost", port, context=context)
        connection.request("GET", "/get", headers={"Connection": "close"})
        connection.getresponse().read()
        connection.close()
    sys.exit(0)
if scheme == "https":
    connection = http.client.HTTPSConnection("localhost", port, context=ssl.create_default_context(cafile=root))
else:
    connection = http.client.HTTPConnection("127.0.0.1", port)
for _ in range(count):
    connection.request("GET", "/get")
    connection.getresponse().read()
PY
HTTP_PORT=${CG_PORT:-39297}
HTTPS_PORT=$((HTTP_PORT + 1))
# A first start without valgrind makes the CA and its scenario certificates (on a thread of their
# own, about a second, logged when done), so that the measured runs read them and make nothing.
(cd "$work/run" && exec "$work/boomerang" serve --host 127.0.0.1 --port "$HTTP_PORT" --https-port "$HTTPS_PORT" \
    --tls-scenario-ports off --tls-state-directory "$work/ca" --threads 1) > "$work/warmup" 2>&1 &
warmup=$!
for _ in $(seq 1 300); do
    grep -q "TLS scenario certificates" "$work/warmup" && break
    sleep 0.1
done
kill "$warmup"
wait "$warmup" || true
total() { # SCHEME COUNT -> the server's instructions
    local scheme=$1 count=$2 server
    (cd "$work/run" && exec valgrind --tool=callgrind --callgrind-out-file="$work/profile" "$work/boomerang" serve \
        --host 127.0.0.1 --port "$HTTP_PORT" --https-port "$HTTPS_PORT" --tls-scenario-ports off \
        --tls-state-directory "$work/ca" --threads 1 --no-history --no-access-log) > "$work/output" 2>&1 &
    server=$!
    for _ in $(seq 1 600); do
        curl -s -o /dev/null "http://127.0.0.1:$HTTP_PORT/__admin/health" && break
        sleep 0.1
    done
    local port=$HTTP_PORT
    [ "$scheme" != http ] && [ "$scheme" != h2c ] && port=$HTTPS_PORT
    case $scheme in
    h2c | h2)
        local url="http://127.0.0.1:$port/get"
        [ "$scheme" = h2 ] && url="https://127.0.0.1:$port/get"
        h2load -n "$count" -c 1 -m 100 "$url" > "$work/h2load" 2>&1
        grep -q "$count succeeded" "$work/h2load" || { cat "$work/h2load" >&2; exit 1; }
        ;;
    *) python3 "$work/client.py" "$count" "$port" "$scheme" "$work/ca/root.pem" ;;
    esac
    kill -INT "$server"
    wait "$server" || true
    awk '/^(summary|totals):/ { print $2; exit }' "$work/profile"
}
if [ "${1:-}" = --handshakes ]; then
    small=$(total handshakes 20)
    large=$(total handshakes 220)
    echo "full TLS 1.3 handshake with one GET /get: $(((large - small) / 200)) instructions"
    [ -n "${CG_KEEP:-}" ] && cp "$work/profile" "$CG_KEEP"
    exit 0
fi
if [ "${1:-}" = --http2 ]; then
    command -v h2load > /dev/null || { echo "needs h2load (apt-get install nghttp2-client)"; exit 1; }
    for scheme in h2c h2; do
        small=$(total "$scheme" 2000)
        large=$(total "$scheme" 22000)
        echo "$scheme: $(((large - small) / 20000)) instructions per GET /get"
    done
    exit 0
fi
for scheme in https http; do
    small=$(total "$scheme" 200)
    large=$(total "$scheme" 2200)
    echo "$scheme: $(((large - small) / 2000)) instructions per GET /get"
done
