#!/usr/bin/env bash
# Builds every libFuzzer target once (this package's parser targets and compression/'s
# FuzzDecompressors) and runs each for SECONDS (default 10), one after another, with the flags of
# run.sh. Prints one line of figures per target (executions, coverage, corpus) and fails if any
# target crashes, hangs, fails a property, or runs blind (no coverage counters, no executions).
# Usage: scripts/fuzz/run-all.sh [SECONDS] [TARGET...]
set -euo pipefail
cd "$(dirname "$0")"
seconds="${1:-10}"
shift || true
targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
    targets=(FuzzHTTPHead FuzzChunked FuzzMultipart FuzzQuery FuzzPercent FuzzParameters FuzzJSON FuzzPropertyList
        FuzzWebSocket FuzzClientHello FuzzHTTP2 FuzzDecompressors)
fi
# --sanitize=fuzzer makes SwiftPM link libFuzzer's main; -Xswiftc -sanitize=fuzzer,address puts the
# coverage counters in (with --sanitize=address alone they are missing and it fuzzes blind).
flags=(-c release --sanitize=fuzzer -Xswiftc -sanitize=fuzzer,address)
# Only errors and warnings of the build, without ld.gold's harmless one about __asan_extra_spill_area.
quiet() { grep -E "error|warning: |Build complete|Build of product" | grep -v "^\[\|__asan_extra_spill_area" || true; }
wants() { [[ " ${targets[*]} " == *" $1 "* ]]; }
parsers=0
for target in "${targets[@]}"; do [ "$target" = FuzzDecompressors ] || parsers=1; done
if [ $parsers = 1 ]; then
    swift build "${flags[@]}" --scratch-path .build-fuzz/build 2>&1 | quiet
fi
if wants FuzzDecompressors; then
    swift build "${flags[@]}" --package-path compression --scratch-path .build-fuzz/compression \
        --product FuzzDecompressors 2>&1 | quiet
    python3 compression/seeds.py .build-fuzz/seeds-decompressors
fi
status=0
for target in "${targets[@]}"; do
    corpus_name="$(echo "${target#Fuzz}" | tr '[:upper:]' '[:lower:]')"
    seeds="corpus/$corpus_name"
    binary=".build-fuzz/build/release/$target"
    max_len=4096
    if [ "$target" = FuzzDecompressors ]; then
        seeds=.build-fuzz/seeds-decompressors
        binary=.build-fuzz/compression/release/FuzzDecompressors
        max_len=8192
    fi
    scratch=".build-fuzz/corpus-$corpus_name"
    log=".build-fuzz/$target.log"
    mkdir -p "$scratch" "$seeds"
    extra=()
    asan_options=""
    slice=$seconds
    rc=0
    : > "$log"
    if [ -x "$binary" ]; then
        left=$seconds
        while [ $left -gt 0 ] && [ $rc = 0 ]; do
            run=$(( left < slice ? left : slice ))
            ASAN_OPTIONS="$asan_options" SWIFT_BACKTRACE=enable=no "$binary" -max_total_time="$run" -max_len=$max_len \
                -timeout=2 -rss_limit_mb=1024 -print_final_stats=1 -artifact_prefix="$PWD/.build-fuzz/" \
                ${extra[@]+"${extra[@]}"} "$scratch" "$seeds" >> "$log" 2>&1 || rc=$?
            left=$(( left - run ))
        done
    else
        echo "$binary was not built" > "$log"; rc=1
    fi
    execs=$( { grep -o "stat::number_of_executed_units: *[0-9]*" "$log" || true; } | awk '{ n += $2 } END { print NR ? n : "?" }')
    last=$(grep -E "^#[0-9]+" "$log" | tail -1 || true)
    cov=$(echo "$last" | grep -o "cov: [0-9]*" | grep -o "[0-9]*" || echo "?")
    ft=$(echo "$last" | grep -o "ft: [0-9]*" | grep -o "[0-9]*" || echo "?")
    corpus=$(echo "$last" | grep -o "corp: [0-9]*/[0-9a-zA-Z]*" | cut -d' ' -f2 || echo "?")
    verdict=ok
    if ! grep -q "INFO: Loaded 1 modules .*counters" "$log" || ! [ "$cov" -gt 0 ] 2>/dev/null \
        || ! [ "$execs" -gt 0 ] 2>/dev/null; then
        verdict="DID NOT FUZZ (no coverage counters or no executions; see $log)"; status=1
    fi
    if [ $rc != 0 ] || grep -q "ERROR: libFuzzer\|deadly signal\|ERROR: AddressSanitizer\|Fatal error\|==ERROR" "$log"; then
        verdict="CRASH (exit $rc; see $log; input in .build-fuzz/: crash-*, leak-*, timeout-*, oom-*)"; status=1
    fi
    printf '%-17s %4ss  %9s execs  cov %5s  ft %6s  corpus %s  %s\n' "$target" "$seconds" "$execs" "$cov" "$ft" "$corpus" "$verdict"
done
exit $status
