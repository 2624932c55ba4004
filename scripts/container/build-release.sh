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

# The flags of the Makefile's `release`: a non-PIE executable exporting no symbols, so that the
# dynamic loader relocates none of the statically linked Swift libraries at start, with the
# functions start-up runs side by side (scripts/release/startup-sections.sh), the package's own
# compiled with a section per function so that they can be placed too.
flags="--static-swift-stdlib -Xlinker -no-pie -Xlinker --no-export-dynamic"
# No $ORIGIN run path: the loader would look beside the executable for each library first.
flags="$flags --disable-local-rpath"
flags="$flags -Xswiftc -Xfrontend -Xswiftc -function-sections -Xcc -ffunction-sections"
# Inlining and specialisation across the package's modules, as within one.
flags="$flags -Xswiftc -cross-module-optimization"
# Generic types instantiated through accessors that pass their conformances, not from mangled names
# that the runtime demangles and checks against every conformance record (start-up: 11.5M → 8.4M
# instructions to the first answer).
flags="$flags -Xswiftc -Xfrontend -Xswiftc -disable-concrete-type-metadata-mangled-name-accessors"
flags="$flags -Xlinker --section-ordering-file=$PWD/scripts/release/startup-sections.txt"
# shellcheck disable=SC2086
"$swift" build -c release $flags --product boomerang
# shellcheck disable=SC2086
"$swift" build -c release $flags --product boomerang-client
# shellcheck disable=SC2086
bin=$("$swift" build -c release $flags --show-bin-path)

mkdir -p "$staging/usr/local/bin"
for program in boomerang boomerang-client; do
    # Debug sections only: the symbol table stays, so a crash backtrace still names functions.
    strip --strip-debug -o "$staging/usr/local/bin/$program" "$bin/$program"
    chmod 0755 "$staging/usr/local/bin/$program"
done
# libstdc++ and libc first among the libraries, where the dynamic loader looks first (start-up only).
if command -v python3 > /dev/null; then
    scripts/release/needed-first.py "$staging/usr/local/bin/boomerang" "$staging/usr/local/bin/boomerang-client"
else
    echo "python3 not found: the libraries keep the linker's order (start-up 0.8M instructions slower)" >&2
fi
