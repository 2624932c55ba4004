#!/usr/bin/env bash
# Writes scripts/release/startup-sections.txt: the code sections of the functions `boomerang serve`
# runs from exec to its first answer (GET /get) with the shipped settings, for the linker to place
# side by side (`--section-ordering-file`, see the Makefile's RELEASE_FLAGS). The kernel maps a
# program's code in 64 KiB windows around each page it touches; start-up code scattered over the
# 20 MiB of the Swift runtime, Foundation and Boomerang's own modules stays mapped in idle RSS. Only
# code built with a section per function can be reordered: the toolchain's libraries are, and the
# release build compiles the package and its dependencies so (RELEASE_FLAGS in the Makefile).
#
#   make release && scripts/release/startup-sections.sh && make release   # then commit the list
#
# BOOMERANG_BIN profiles another build; SECTIONS_PORT another port (default 39197).
set -euo pipefail
cd "$(dirname "$0")/../.."
PORT=${SECTIONS_PORT:-39197}
OUT=scripts/release/startup-sections.txt
command -v valgrind > /dev/null || { echo "needs valgrind (apt-get install valgrind)"; exit 1; }
# valgrind 3.19 cannot read the toolchain's DWARF 5: profile a copy without debug info.
binary=$(mktemp /tmp/boomerang-sections.XXXXXX)
profile=$(mktemp /tmp/boomerang-sections-cg.XXXXXX)
trap 'rm -f "$binary" "$profile" "$profile.defaults"' EXIT
objcopy --strip-debug "${BOOMERANG_BIN:-.build/release/boomerang}" "$binary"
chmod +x "$binary"

# Two start-ups: with the shipped settings, and with the built-in defaults in an empty folder.
profile_run() { # FOLDER OUTPUT ARGS...
    local folder=$1 output=$2 server
    shift 2
    (cd "$folder" && exec valgrind --tool=callgrind --demangle=no --callgrind-out-file="$output" \
        "$binary" serve --host 127.0.0.1 --port "$PORT" "$@") > /dev/null 2>&1 &
    server=$!
    for _ in $(seq 1 1200); do
        [ "$(curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$PORT/get" || true)" = 200 ] && break
        sleep 0.05
    done
    sleep 1
    kill -INT "$server"
    wait "$server" || true
}
empty=$(mktemp -d /tmp/boomerang-sections-empty.XXXXXX)
profile_run "$PWD" "$profile" --config config/server.yaml
profile_run "$empty" "$profile.defaults"
rmdir "$empty"

# The function sections the linker can move: the toolchain's static libraries', and those of the
# build's own objects (this package and its dependencies, compiled with -function-sections and
# -ffunction-sections by RELEASE_FLAGS).
static=$(dirname "$(readlink -f "$(command -v "${SWIFT:-swift}")")")/../lib/swift_static/linux
objects=$(dirname "$(readlink -f "${BOOMERANG_BIN:-.build/release/boomerang}")")
sections=$(mktemp /tmp/boomerang-sections-list.XXXXXX)
trap 'rm -f "$binary" "$profile" "$profile.defaults" "$sections"' EXIT
{ ls "$static"/*.a; find "$objects" -path '*.build/*' -name '*.o'; } | while read -r file; do
    readelf -SW "$file" 2> /dev/null | grep -o ' \.text\.[^ ]*' | sed 's/^ //' || true
done | sort -u > "$sections"

# Function names appear once in full in a callgrind profile, as `fn=(id) name` (or cfn=).
python3 - "$sections" "$OUT" "$profile" "$profile.defaults" <<'PY'
import re, sys
movable = set(open(sys.argv[1]).read().split())
names = set()
for line in (line for path in sys.argv[3:] for line in open(path, errors="replace")):
    m = re.match(r"^c?fn=\(\d+\) (\S+)$", line.rstrip("\n"))
    if m:
        names.add(".text." + m.group(1).split("'")[0])
kept = sorted(names & movable)
with open(sys.argv[2], "w") as out:
    out.writelines(f"{name}\n" for name in kept)
print(f"{len(names)} functions run, {len(kept)} of them movable, in {sys.argv[2]}")
PY
