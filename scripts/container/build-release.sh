#!/bin/sh
# Builds the two programs the container image ships, the one way both the Dockerfile's build stage
# and scripts/container/runtime-check.sh build them, and installs them into <staging>/usr/local/bin.
#
#   scripts/container/build-release.sh <staging folder>
#
# The Swift standard library and Foundation are linked statically, so the image needs no Swift
# runtime; the C libraries they use (libevent, libxml2, libcurl) stay shared and come from Debian.
# Both programs go in one folder: `boomerang send` and `boomerang healthcheck` run the
# `boomerang-client` found beside the `boomerang` executable.
set -eu
staging=${1:?usage: scripts/container/build-release.sh <staging folder>}
swift=${SWIFT:-swift}
cd "$(dirname "$0")/../.."

"$swift" build -c release --static-swift-stdlib --product boomerang
"$swift" build -c release --static-swift-stdlib --product boomerang-client
bin=$("$swift" build -c release --static-swift-stdlib --show-bin-path)

mkdir -p "$staging/usr/local/bin"
for program in boomerang boomerang-client; do
    # Debug sections only: the symbol table stays, so a crash backtrace still names functions.
    strip --strip-debug -o "$staging/usr/local/bin/$program" "$bin/$program"
    chmod 0755 "$staging/usr/local/bin/$program"
done
