#!/usr/bin/env bash
# Builds a libFuzzer target of this package with coverage counters and AddressSanitizer, checks
# that the counters are really there, and runs it for SECONDS (default 120).
# Usage: scripts/fuzz/run.sh [TARGET] [SECONDS] [extra libFuzzer flags...]
set -euo pipefail
cd "$(dirname "$0")"
target="${1:-FuzzWebSocket}"
seconds="${2:-120}"
shift $(( $# > 2 ? 2 : $# ))
corpus_name="$(echo "${target#Fuzz}" | tr '[:upper:]' '[:lower:]')"
seeds="corpus/$corpus_name"
scratch=".build-fuzz/corpus-$corpus_name"
mkdir -p "$scratch" "$seeds"

# --sanitize=fuzzer makes SwiftPM link libFuzzer's main; -Xswiftc -sanitize=fuzzer,address puts
# the coverage counters in (with --sanitize=address alone they are missing and it fuzzes blind).
swift build -c release --scratch-path .build-fuzz/build --sanitize=fuzzer \
    -Xswiftc -sanitize=fuzzer,address --product "$target"
binary=".build-fuzz/build/release/$target"

# New inputs go to the first directory (scratch), the committed seeds are read from the second.
# A crash is written as crash-<sha1> in the current directory: turn each into a unit test.
SWIFT_BACKTRACE=enable=no "$binary" -max_total_time="$seconds" -max_len=4096 -print_final_stats=1 \
    "$@" "$scratch" "$seeds" 2>&1 | tee .build-fuzz/last-run.log | grep -v '^#[0-9].*\(NEW\|REDUCE\)' || true
grep -q "INFO: Loaded 1 modules" .build-fuzz/last-run.log || { echo "no coverage counters: the fuzzer ran blind" >&2; exit 1; }
! grep -q "ERROR: libFuzzer\|deadly signal\|ERROR: AddressSanitizer" .build-fuzz/last-run.log
