#!/usr/bin/env bash
# Fuzzes BoomerangCompression's decompressors with libFuzzer and AddressSanitizer.
# Usage: scripts/fuzz/compression/run.sh [seconds, default 120] [extra libFuzzer flags…]
# Seeds are made at run time with Python's zlib/gzip and the brotli and zstd tools; new inputs go
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
python3 - "$seeds" <<'PY'
import gzip, os, subprocess, sys, zlib
out = sys.argv[1]
text = b'{"id":1,"name":"boomerang","tags":["a","b"],"score":3.5}' * 20
def coded(tool_args, data):
    return subprocess.run(tool_args, input=data, capture_output=True, check=True).stdout
samples = {
    0: gzip.compress(text) + gzip.compress(b"second member"),
    1: zlib.compress(text),
    2: coded(["brotli", "-c"], text),
    3: coded(["zstd", "-q", "-c"], text) + coded(["zstd", "-q", "-c"], b"frame two"),
    4: coded(["brotli", "-c"], gzip.compress(text)),
    5: gzip.compress(coded(["zstd", "-q", "-c"], text)),
    6: gzip.compress(bytes(300000)),
    7: (lambda c: c.compress(text) + c.flush())(zlib.compressobj(6, zlib.DEFLATED, -15)),
}
for selector, body in samples.items():
    for chunk in (0, 3, 31):
        with open(os.path.join(out, f"seed-{selector}-{chunk}"), "wb") as f:
            f.write(bytes([chunk << 3 | selector]) + body)
PY

SWIFT_BACKTRACE=enable=no "$binary" .build/corpus "$seeds" \
    -max_total_time="$seconds" -max_len=8192 -artifact_prefix=.build/crashes/ -print_final_stats=1 "$@"
