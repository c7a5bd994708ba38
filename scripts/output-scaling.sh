#!/usr/bin/env bash
# Checks that the writers and the field checks take time linear in their
# input: each case runs at N and at 4N, and the CPU time may grow at most
# 6 times (4 for linear, the rest for noise), where quadratic code grows 16
# times. Release build; CI runs it. How N and 4N are timed, in pairs:
# scripts/lib/linear-time.sh.
#
#   scripts/output-scaling.sh            every case
#   SEARCH=path scripts/output-scaling.sh   with a binary already built
#
# Cases: many records that each have a field of their own (CSV, TSV, and the
# "Available fields" list of an unknown --fields name); one record with very
# many fields (CSV, the fields list); Markdown and CSV of many --fields.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
if [ -z "${SEARCH:-}" ]; then
    echo "==> building search (release)"
    swift build -c release --product search --package-path "$root" >/dev/null
    SEARCH="$root/.build/release/search"
fi
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

# records N FILE: N product records, each with one field no other has.
records() {
    awk -v n="$1" 'BEGIN { for (i = 0; i < n; i++) printf "{\"kind\":\"product\",\"name\":\"thing %d\",\"price\":1,\"u%d\":%d}\n", i, i, i }' >"$2"
}
# thousand N FILE: 1,000 records and one that has the fields u0 to uN-1, so
# that --fields of N names is valid and the output grows with N alone.
thousand() {
    records 1000 "$2"
    awk -v n="$1" 'BEGIN { printf "{\"kind\":\"product\",\"name\":\"all\",\"price\":1"; for (i = 0; i < n; i++) printf ",\"u%d\":%d", i, i; print "}" }' >>"$2"
}
# wide N FILE: one product record with N fields.
wide() {
    awk -v n="$1" 'BEGIN { printf "{\"kind\":\"product\",\"name\":\"wide thing\",\"price\":1"; for (i = 0; i < n; i++) printf ",\"k%d\":%d", i, i; print "}" }' >"$2"
}
# names N: u0,u1,…
names() {
    awk -v n="$1" 'BEGIN { for (i = 0; i < n; i++) printf "%su%d", (i ? "," : ""), i }'
}

# shellcheck source=lib/linear-time.sh
source "$root/scripts/lib/linear-time.sh"

# run_check SCALE: search on the current case's input at N (SCALE 1) or 4N
# (SCALE 4), for linear_ratio. The input is made the first time it is needed.
run_check() {
    local size=$((check_n * $1))
    local file="$work/$check_kind-$size.jsonl"
    [ -f "$file" ] || "$check_kind" "$size" "$file"
    local args=() arg
    for arg in "${check_args[@]}"; do
        arg="${arg//@FILE@/$file}"
        [ "$arg" = "@NAMES@" ] && arg="$(names "$size")"
        args+=("$arg")
    done
    "$SEARCH" "${args[@]}"
}

failed=0
# check NAME KIND N ARGS...: ARGS hold @FILE@ (the input for the size) and
# @NAMES@. Below 50 ms a time is mostly start-up and noise: N's time counts
# as at least 50 ms.
check() {
    local name="$1" verdict="ok"
    check_kind="$2" check_n="$3"
    shift 3
    check_args=("$@")
    if ! linear_ratio run_check 6 0.05; then
        verdict="NOT LINEAR"
        failed=1
    fi
    printf '%-50s N=%-7s %6ss   4N %6ss   x%-5.1f %s\n' "$name" "$check_n" "$LINEAR_T1" "$LINEAR_T4" "$LINEAR_RATIO" "$verdict"
}

check "csv, a field per record" records 20000 "" --data @FILE@ --limit 1000000 -o csv
check "tsv, a field per record" records 20000 "" --data @FILE@ --limit 1000000 -o tsv
check "unknown --fields, a field per record" records 20000 "" --data @FILE@ --limit 1000000 -o csv --fields nope
check "csv, one record of N fields" wide 100000 "" --data @FILE@ -o csv
check "unknown --fields, one record of N fields" wide 100000 "" --data @FILE@ -o tsv --fields nope
# A command line holds about 128 KiB per argument: 16,000 names at most.
check "markdown, 1,000 records, --fields of N names" thousand 4000 "" --data @FILE@ --limit 2000 -o markdown --fields @NAMES@
check "csv, 1,000 records, --fields of N names" thousand 4000 "" --data @FILE@ --limit 2000 -o csv --fields @NAMES@
exit "$failed"
