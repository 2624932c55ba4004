#!/usr/bin/env bash
# Fuzzes BoomerangCompression's decompressors with libFuzzer and AddressSanitizer.
# Usage: scripts/fuzz/compression/run.sh [seconds, default 120] [extra libFuzzer flags…]
# Seeds are made at run time by seeds.py (Python's zlib/gzip, the brotli and zstd tools); new inputs go
# to .build/corpus (ignored by git) and crashes to .build/crashes.
set -euo pipefail
cd "$(dirname "$0")"
seconds="${1:-120}"
shift || true

# --sanitize=fuzzer links libFuzzer's main; -Xswiftc -sanitize=fuzzer,address adds the coverage
# counters and ASan (--sanitize=address instead would drop the counters: blind fuzzing).
swift build -c release --sanitize=fuzzer -Xswiftc -sanitize=fuzzer,address --product FuzzDecompressors
binary="$(swift build -c release --sanitize=fuzzer -Xswiftc -sanitize=fuzzer,address --show-bin-path)/FuzzDecompressors"

seeds=.build/seeds
mkdir -p "$seeds" .build/corpus .build/crashes
python3 seeds.py "$seeds"

SWIFT_BACKTRACE=enable=no "$binary" .build/corpus "$seeds" \
    -max_total_time="$seconds" -max_len=8192 -artifact_prefix=.build/crashes/ -print_final_stats=1 "$@"
