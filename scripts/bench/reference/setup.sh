#!/usr/bin/env bash
# Installs what the side-by-side benchmarks need (Debian: nginx-light, wrk, libevent-dev, curl, a
# C compiler) and builds the C reference echo (evhttp_echo.c) into $ANCHORS_DIR/bin (default
# /tmp/anchors). Safe to run again; writes nothing outside $ANCHORS_DIR but Debian packages.
#
#   scripts/bench/reference/setup.sh
set -euo pipefail
ANCHORS_DIR=${ANCHORS_DIR:-/tmp/anchors}
here=$(cd "$(dirname "$0")" && pwd)
sudo=$([ "$(id -u)" = 0 ] || echo sudo)
missing=()
for package in nginx-light wrk libevent-dev pkg-config curl gcc libc6-dev; do
    dpkg-query -W -f='${Status}' "$package" 2> /dev/null | grep -q 'install ok installed' || missing+=("$package")
done
if ((${#missing[@]})); then
    $sudo env DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=600 update -qq
    $sudo env DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=600 install -y -qq --no-install-recommends "${missing[@]}"
fi
mkdir -p "$ANCHORS_DIR/bin"
cc -O2 -Wall -o "$ANCHORS_DIR/bin/evhttp_echo" "$here/evhttp_echo.c" -levent
echo "evhttp_echo: $ANCHORS_DIR/bin/evhttp_echo (libevent $(pkg-config --modversion libevent))"
echo "nginx: $(/usr/sbin/nginx -v 2>&1)"
echo "wrk: $(wrk -v 2>&1 | head -1 || true)"
