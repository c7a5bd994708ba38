#!/usr/bin/env bash
# Builds and runs the libFuzzer targets of Fuzz/ (a package beside the root
# one, which it depends on by path).
#
#   scripts/fuzz.sh TARGET SECONDS   run one target (or `all`, one after another)
#   scripts/fuzz.sh smoke            every target from its seeds, a fixed number of
#                                    runs with a fixed seed (CI: the same inputs every time)
#   scripts/fuzz.sh list             the targets
#
# TARGET is a product name (FuzzJSONParser) or its short name (json-parser).
# Each run starts from the committed seeds in Fuzz/Corpus/<target> plus the
# inputs earlier local runs found (kept in the scratch folder, not committed).
# A crash, leak or timeout leaves its input in fuzz-artifacts/<target>/ and
# makes the script exit 1; the input is also printed in base64, so a CI log
# is enough to reproduce it. Turn it into a regression test, and add the
# input to Fuzz/Corpus/<target>/ so every smoke run replays it.
#
# Why the smoke run is deterministic: CI gates a change, so it must give the
# same verdict on the same commit. Finding new inputs is what the timed runs
# (`scripts/fuzz.sh all 600`) are for.
#
# Environment: FUZZ_SCRATCH (build folder, default Fuzz/.build), FUZZ_JOBS
# (unset: one process; the machine is shared).
#
# Why the build line differs from the plain recipe: swiftc keeps only the
# last `-sanitize=` flag it is given, so `--sanitize=fuzzer --sanitize=address`
# compiles with AddressSanitizer but without coverage instrumentation, and
# libFuzzer runs blind ("no interesting inputs were found"). The SwiftPM flags
# still choose -parse-as-library and link libFuzzer's main; the trailing
# `-Xswiftc -sanitize=fuzzer,address` gives the compiler both at once.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
fuzz="$root/Fuzz"
scratch="${FUZZ_SCRATCH:-$fuzz/.build}"

targets=(FuzzJSONParser FuzzRecordReader FuzzQueryParser FuzzTableLayout FuzzKindSpec FuzzOptionParser FuzzDelimitedOutput)

# Runs in a smoke run, per target: about 6 s each on a quiet machine.
smoke_runs() {
    case "$1" in
        FuzzJSONParser) echo 300000 ;;
        FuzzRecordReader) echo 1500 ;;
        FuzzQueryParser) echo 8000 ;;
        FuzzTableLayout) echo 4000 ;;
        FuzzKindSpec) echo 120000 ;;
        FuzzOptionParser) echo 20000 ;;
        *) echo 20000 ;;
    esac
}

# The longest input worth trying, per target.
max_len() {
    case "$1" in
        FuzzQueryParser) echo 256 ;;
        FuzzOptionParser) echo 512 ;;
        FuzzDelimitedOutput) echo 1024 ;;
        FuzzTableLayout) echo 2048 ;;
        FuzzRecordReader) echo 8192 ;;
        *) echo 4096 ;;
    esac
}

# json-parser -> FuzzJSONParser; product names pass through.
resolve() {
    local wanted="$1" target short
    for target in "${targets[@]}"; do
        short="$(echo "${target#Fuzz}" | sed -E 's/([a-z])([A-Z])/\1-\2/g; s/JSONP/JSON-P/' | tr '[:upper:]' '[:lower:]')"
        if [ "$wanted" = "$target" ] || [ "$wanted" = "$short" ]; then
            echo "$target"
            return
        fi
    done
    echo "error: unknown fuzz target '$wanted'; try: scripts/fuzz.sh list" >&2
    exit 2
}

build() {
    local log
    log="$(mktemp)"
    echo "==> building $* (release, fuzzer + address sanitizer)"
    local product
    for product in "$@"; do
        # Plugin tools of the root package are compiled with the same flags and
        # print "statements are not allowed at the top level"; they are not used
        # here, and only the exit status of the build counts.
        if ! swift build -c release --package-path "$fuzz" --scratch-path "$scratch" \
            --sanitize=fuzzer --sanitize=address -Xswiftc -sanitize=fuzzer,address \
            --product "$product" >"$log" 2>&1; then
            grep -v "^warning: 'fuzz'" "$log" | tail -40 >&2
            rm -f "$log"
            echo "error: could not build $product" >&2
            exit 2
        fi
    done
    rm -f "$log"
}

# run TARGET SECONDS [RUNS]: prints one summary line; returns 1 when something
# was found. With RUNS, a fixed number of runs from a fixed seed, in a fresh
# corpus folder (so earlier local runs do not change what is tried).
run() {
    local target="$1" seconds="$2" runs_wanted="${3:-}"
    local corpus="$scratch/fuzz-corpus/$target" artifacts="$root/fuzz-artifacts/$target/" log
    local limits=(-max_total_time="$seconds")
    if [ -n "$runs_wanted" ]; then
        corpus="$(mktemp -d)"
        limits=(-runs="$runs_wanted" -seed=1 -max_total_time=600)
    fi
    mkdir -p "$corpus" "$artifacts"
    log="$(mktemp)"
    local status=0 began=$SECONDS
    (cd "$scratch" && SWIFT_BACKTRACE=enable=no ASAN_OPTIONS=detect_leaks=0 \
        "$scratch/release/$target" "$corpus" "$fuzz/Corpus/$target" \
        "${limits[@]}" -max_len="$(max_len "$target")" -timeout=10 -rss_limit_mb=2048 \
        -artifact_prefix="$artifacts" -print_final_stats=1 ${FUZZ_JOBS:+-jobs=$FUZZ_JOBS} \
        >"$log" 2>&1) || status=$?
    seconds=$((SECONDS - began))
    local runs execs corpus_size found
    runs="$(sed -nE 's/^stat::number_of_executed_units: *([0-9]+)/\1/p' "$log" | tail -1)"
    execs="$(sed -nE 's/^stat::average_exec_per_sec: *([0-9]+)/\1/p' "$log" | tail -1)"
    corpus_size="$(find "$corpus" -type f | wc -l)"
    if [ "$status" -eq 0 ]; then
        found="nothing found"
    else
        found="FOUND a problem (exit $status); input saved in $artifacts"
        grep -E "ERROR: |Fatal error|SUMMARY|Test unit written|Invariant|precondition" "$log" | head -12 >&2 || true
        local unit
        unit="$(sed -nE 's/.*Test unit written to (.*)$/\1/p' "$log" | tail -1)"
        if [ -n "$unit" ] && [ -f "$unit" ]; then
            echo "the input, in base64 (base64 -d > input; FUZZ_DESCRIBE=1 $scratch/release/$target input):" >&2
            base64 -w 0 "$unit" >&2
            echo >&2
        fi
    fi
    if [ -n "$runs_wanted" ]; then rm -rf "$corpus"; fi
    printf '%-17s %5ss  %10s runs  %7s exec/s  corpus %5s  %s\n' \
        "$target" "$seconds" "${runs:-?}" "${execs:-?}" "$corpus_size" "$found"
    rm -f "$log"
    [ "$status" -eq 0 ]
}

command="${1:-}"
case "$command" in
    list)
        printf '%s\n' "${targets[@]}"
        ;;
    smoke)
        build "${targets[@]}"
        failed=0
        for target in "${targets[@]}"; do run "$target" 6 "$(smoke_runs "$target")" || failed=1; done
        exit "$failed"
        ;;
    "")
        sed -n '2,14p' "$0" | sed 's/^# \{0,1\}//' >&2
        exit 64
        ;;
    *)
        seconds="${2:?usage: scripts/fuzz.sh TARGET SECONDS}"
        if [ "$command" = all ]; then
            selected=("${targets[@]}")
        else
            selected=("$(resolve "$command")")
        fi
        build "${selected[@]}"
        failed=0
        for target in "${selected[@]}"; do run "$target" "$seconds" || failed=1; done
        exit "$failed"
        ;;
esac
