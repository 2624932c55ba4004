#!/usr/bin/env bash
# Builds every libFuzzer target of this package once and runs each for SECONDS (default 10), one
# after another, with the flags of run.sh. Prints one line of figures per target (executions,
# coverage, corpus) and fails if any target crashes, or runs without coverage counters.
# Usage: scripts/fuzz/run-all.sh [SECONDS] [TARGET...]
set -euo pipefail
cd "$(dirname "$0")"
seconds="${1:-10}"
shift || true
targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
    targets=(FuzzHTTPHead FuzzChunked FuzzMultipart FuzzQuery FuzzPercent FuzzParameters FuzzJSON FuzzPropertyList FuzzWebSocket)
fi
# One build of all targets (see run.sh for why both sanitizer flags are needed).
swift build -c release --scratch-path .build-fuzz/build --sanitize=fuzzer -Xswiftc -sanitize=fuzzer,address 2>&1 \
    | grep -E "error|warning: |Compiling|Build complete" | grep -v "^\[" || true
status=0
for target in "${targets[@]}"; do
    corpus_name="$(echo "${target#Fuzz}" | tr '[:upper:]' '[:lower:]')"
    seeds="corpus/$corpus_name"
    scratch=".build-fuzz/corpus-$corpus_name"
    log=".build-fuzz/$target.log"
    mkdir -p "$scratch" "$seeds"
    extra=()
    asan_options=""
    # Foundation's PropertyListSerialization leaks its CFError (about 400 bytes) on every malformed
    # XML property list (README: What fuzzing found); leak detection would stop this target at its
    # first seed, and LeakSanitizer's report at exit would count as a crash.
    if [ "$target" = FuzzPropertyList ]; then extra=(-detect_leaks=0); asan_options=detect_leaks=0; fi
    ASAN_OPTIONS="$asan_options" SWIFT_BACKTRACE=enable=no ".build-fuzz/build/release/$target" -max_total_time="$seconds" -max_len=4096 \
        -timeout=2 -rss_limit_mb=1024 -print_final_stats=1 -artifact_prefix="$PWD/.build-fuzz/" \
        ${extra[@]+"${extra[@]}"} "$scratch" "$seeds" > "$log" 2>&1 || true
    execs=$(grep -o "stat::number_of_executed_units: *[0-9]*" "$log" | grep -o "[0-9]*$" || echo "?")
    last=$(grep -E "^#[0-9]+" "$log" | tail -1 || true)
    cov=$(echo "$last" | grep -o "cov: [0-9]*" | grep -o "[0-9]*" || echo "?")
    ft=$(echo "$last" | grep -o "ft: [0-9]*" | grep -o "[0-9]*" || echo "?")
    corpus=$(echo "$last" | grep -o "corp: [0-9]*/[0-9a-zA-Z]*" | cut -d' ' -f2 || echo "?")
    verdict=ok
    if ! grep -q "INFO: Loaded 1 modules" "$log"; then verdict="NO COVERAGE COUNTERS"; status=1; fi
    if grep -q "ERROR: libFuzzer\|deadly signal\|ERROR: AddressSanitizer\|Fatal error\|==ERROR" "$log"; then
        verdict="CRASH (see $log; input in .build-fuzz/crash-*)"; status=1
    fi
    printf '%-17s %4ss  %9s execs  cov %5s  ft %6s  corpus %s  %s\n' "$target" "$seconds" "$execs" "$cov" "$ft" "$corpus" "$verdict"
done
exit $status
