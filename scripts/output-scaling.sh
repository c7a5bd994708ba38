#!/usr/bin/env bash
# Checks that the writers and the field checks take time linear in their
# input: each case runs at N and at 4N, and the CPU time may grow at most
# 6 times (4 for linear, the rest for noise), where quadratic code grows 16
# times. Release build; CI runs it.
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

# seconds ARGS...: the least CPU time (user + system) of three runs of search.
seconds() {
    local best="" run cpu
    for run in 1 2 3; do
        cpu="$( { TIMEFORMAT='%U %S'; time "$SEARCH" "$@" >/dev/null 2>&1; } 2>&1 | awk '{ print $1 + $2 }')"
        best="$(awk -v a="$cpu" -v b="${best:-$cpu}" 'BEGIN { print (a < b ? a : b) }')"
    done
    echo "$best"
}

failed=0
# check NAME N ARGS...: ARGS hold @FILE@ (the input for the size) and @NAMES@.
check() {
    local name="$1" kind="$2" n="$3"
    shift 3
    local times=() size ratio attempt
    # Over the line, both sizes are measured again (up to three more times,
    # a few seconds apart) and the better time of each kept: a burst of load
    # from elsewhere is not taken for quadratic code (which is over the line
    # on every measurement), as in scripts/scaling.sh.
    for attempt in 1 2 3 4; do
        [ "$attempt" -gt 1 ] && sleep $(((attempt - 1) * 5))
        local index=0
        for size in "$n" "$((4 * n))"; do
            local file="$work/$kind-$size.jsonl"
            [ -f "$file" ] || "$kind" "$size" "$file"
            local args=() arg
            for arg in "$@"; do
                arg="${arg//@FILE@/$file}"
                [ "$arg" = "@NAMES@" ] && arg="$(names "$size")"
                args+=("$arg")
            done
            local spent
            spent="$(seconds "${args[@]}")"
            times[index]="$(awk -v a="$spent" -v b="${times[index]:-$spent}" 'BEGIN { print (a < b ? a : b) }')"
            index=$((index + 1))
        done
        # Below 50 ms a time is mostly start-up and noise: count it as 50 ms.
        ratio="$(awk -v a="${times[0]}" -v b="${times[1]}" 'BEGIN { if (a < 0.05) a = 0.05; printf "%.1f", b / a }')"
        awk -v r="$ratio" 'BEGIN { exit !(r > 6) }' || break
    done
    local verdict="ok"
    if awk -v r="$ratio" 'BEGIN { exit !(r > 6) }'; then
        verdict="NOT LINEAR"
        failed=1
    fi
    printf '%-50s N=%-7s %6ss   4N %6ss   x%-5s %s\n' "$name" "$n" "${times[0]}" "${times[1]}" "$ratio" "$verdict"
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
