#!/usr/bin/env bash
# Builds go-httpbin v2.14.0 (the newest tag Debian 12's Go 1.19 builds) into $ANCHORS_DIR/bin for
# the side-by-side benchmarks. go-httpbin has no module dependencies, so it builds offline.
#
#   GO_HTTPBIN_SRC=/path/to/go-httpbin.git scripts/bench/go-httpbin.sh
#
# GO_HTTPBIN_SRC is a git copy of mccutchen/go-httpbin (a bare repository or a work tree) that
# has the v2.14.0 tag. Without it, and without a binary already built, go-httpbin is left out.
set -euo pipefail
ANCHORS_DIR=${ANCHORS_DIR:-/tmp/anchors}
TAG=${GO_HTTPBIN_TAG:-v2.14.0}
binary="$ANCHORS_DIR/bin/go-httpbin"
if [ -x "$binary" ]; then
    echo "go-httpbin: $binary"
    exit 0
fi
if [ -z "${GO_HTTPBIN_SRC:-}" ]; then
    echo "go-httpbin: not built (set GO_HTTPBIN_SRC to a git copy of mccutchen/go-httpbin); left out"
    exit 0
fi
command -v go > /dev/null || apt-get -o DPkg::Lock::Timeout=600 install -y -qq --no-install-recommends golang-go
git_dir=$(git -C "$GO_HTTPBIN_SRC" rev-parse --absolute-git-dir)
if ! git --git-dir="$git_dir" rev-parse -q --verify "refs/tags/$TAG" > /dev/null; then
    echo "go-httpbin: $GO_HTTPBIN_SRC has no tag $TAG" >&2
    exit 1
fi
source_dir=$(mktemp -d)
trap 'rm -rf "$source_dir"' EXIT
git --git-dir="$git_dir" archive "$TAG" | tar -x -C "$source_dir"
mkdir -p "$ANCHORS_DIR/bin"
(cd "$source_dir" && GOPROXY=off GOFLAGS=-mod=mod go build -o "$binary" ./cmd/go-httpbin)
echo "go-httpbin $TAG ($(go version | cut -d' ' -f3)): $binary"
