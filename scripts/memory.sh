#!/usr/bin/env bash
# Proves that memory grows neither with the number of warnings nor with the
# size of an input that streams: the peak resident memory of `search` over
# inputs that make a warning per line, and over a 1 GB JSON array, and a
# gzip file, an API's response, a CSV file and a text file of 1M records,
# each read as a file (of 8 MiB or more: the parallel path, for NDJSON) and
# through stdin (the streaming path), must stay under a cap; and so must a
# table of lines 200,000 columns wide, and a push of 1M records into a cluster of its own (when searchd is there),
# under a cap of its own. Prints a table; exits 1 when a run goes over its
# cap or fails.
#
#   scripts/memory.sh            build the release binary, then measure (CI)
#
# Environment: SEARCH_BINARY (a built `search`; skips the build),
# MEMORY_CAP_MB (default 64), PUSH_MEMORY_CAP_MB (a push's, default the same), MEMORY_SCRATCH (where the inputs are written;
# default a temporary folder, removed at the end).
#
# The inputs:
#   malformed      1M lines of malformed JSON, each a warning
#   unknown-kinds  1M records of a million distinct unknown kinds
#   capped-stream  3M lines, one in three malformed and the rest products
# and inputs that are large, not hostile, read as a stream whatever their size:
#   array-1gb      a JSON array of over 1 GB on one line (10M records)
#   gzip-1m        1M NDJSON records compressed with gzip
#   wrapped-1m     an object wrapping 1M records, on one line (an API's response)
#   csv-1m         1M CSV rows after a header, quoted fields with commas
#   lines-1m       1M lines of text
# each of which must be read whole (--stats counts every record), and, for
# these, piped into the picker (`search -i` in a tmux pane, with a private
# server; skipped when tmux is missing) until its status line counts every
# record: the picker copies what comes, a record per line, to a temporary
# file, and its memory is bounded as a one-shot search's.
#
# Peak memory is the kernel's high-water mark of resident memory, as
# `/usr/bin/time` reports it (Maximum resident set size), or, for the
# picker, as /proc/PID/status does (VmHWM) once every record has come.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cap_mb="${MEMORY_CAP_MB:-64}"
push_cap_mb="${PUSH_MEMORY_CAP_MB:-$cap_mb}"

if [[ -n "${SEARCH_BINARY:-}" ]]; then
    binary="$SEARCH_BINARY"
else
    swift build --package-path "$root" -c release --product search >&2
    binary="$(swift build --package-path "$root" -c release --show-bin-path)/search"
fi
[[ -x "$binary" ]] || { echo "error: no search binary at $binary" >&2; exit 2; }
[[ -x /usr/bin/time ]] || { echo "error: /usr/bin/time is needed (apt-get install time)" >&2; exit 2; }

scratch="${MEMORY_SCRATCH:-}"
if [[ -z "$scratch" ]]; then
    scratch="$(mktemp -d)"
    trap 'rm -rf "$scratch"' EXIT
fi
mkdir -p "$scratch"

# The inputs, written with awk: no interpreter beyond the shell's tools.
awk 'BEGIN { for (i = 0; i < 1000000; i++) printf "{\"name\": oops %d\n", i }' >"$scratch/malformed.jsonl"
awk 'BEGIN { for (i = 0; i < 1000000; i++) printf "{\"kind\":\"k%d\",\"name\":\"tea %d\"}\n", i, i }' \
    >"$scratch/unknown-kinds.jsonl"
awk 'BEGIN {
    for (i = 0; i < 3000000; i++) {
        if (i % 3 == 0) printf "{\"kind\":\"product\",\"name\": broken %d\n", i
        else printf "{\"kind\":\"product\",\"name\":\"tea %d\",\"price\":%d}\n", i, i % 100
    }
}' >"$scratch/capped-stream.jsonl"

awk 'BEGIN {
    printf "["
    for (i = 0; i < 10000000; i++) {
        if (i) printf ","
        printf "{\"kind\":\"product\",\"name\":\"tea %d\",\"price\":%d,\"description\":\"a pot of green tea, loose leaves, %d\"}", i, i % 100, i
    }
    printf "]\n"
}' >"$scratch/array-1gb.json"
awk 'BEGIN { for (i = 0; i < 1000000; i++) printf "{\"kind\":\"product\",\"name\":\"tea %d\",\"price\":%d}\n", i, i % 100 }' \
    | gzip -1 >"$scratch/gzip-1m.jsonl.gz"
awk 'BEGIN {
    printf "{\"total\":1000000,\"items\":["
    for (i = 0; i < 1000000; i++) printf "%s{\"kind\":\"product\",\"name\":\"tea %d\",\"price\":%d}", (i ? "," : ""), i, i % 100
    printf "]}\n"
}' >"$scratch/wrapped-1m.json"
awk 'BEGIN { print "kind,name,price"; for (i = 0; i < 1000000; i++) printf "product,\"tea %d, loose\",%d\n", i, i % 100 }' \
    >"$scratch/csv-1m.csv"
awk 'BEGIN { for (i = 0; i < 1000000; i++) printf "%d tea pots on shelf %d, row %d\n", i, i % 100, i % 7 }' \
    >"$scratch/lines-1m.txt"
declare -A large_records=([array-1gb.json]=10000000 [gzip-1m.jsonl.gz]=1000000 [wrapped-1m.json]=1000000
    [csv-1m.csv]=1000000 [lines-1m.txt]=1000000)
if (($(wc -c <"$scratch/array-1gb.json") < 1000000000)); then
    echo "error: the JSON array is under 1 GB" >&2
    exit 2
fi

# Runs `search tea --stats` (and OPTIONS) over FILE, read from the file or
# from stdin (PATH: file or stdin), under /usr/bin/time; sets status,
# seconds and peak_kb, and leaves its stderr in $scratch/stderr.
measure() {
    local file=$1 path=$2 stats="$scratch/time" start
    shift 2
    start=$(date +%s.%N)
    status=0
    if [[ $path == file ]]; then
        /usr/bin/time -f '%M' -o "$stats" "$binary" tea --data "$file" --stats "$@" \
            >/dev/null 2>"$scratch/stderr" || status=$?
    else
        /usr/bin/time -f '%M' -o "$stats" "$binary" tea --data - --stats "$@" \
            <"$file" >/dev/null 2>"$scratch/stderr" || status=$?
    fi
    seconds=$(awk -v s="$start" -v e="$(date +%s.%N)" 'BEGIN { printf "%.1f", e - s }')
    peak_kb=$(tail -n 1 "$stats")
}

# judge INPUT PATH FILE CAP MISSING: prints the row of the run measured
# last (status, seconds, peak_kb): a failure when it failed, went over CAP
# MB, or when MISSING, what it lost, is not empty; sets failed then.
judge() {
    local input=$1 path=$2 file=$3 cap=$4 missing=$5 result=ok
    if ((status != 0)); then
        result="failed (exit $status): $(head -c 200 "$scratch/stderr")"
    elif ((peak_kb > cap * 1024)); then
        result="over the ${cap} MB cap"
    elif [[ -n $missing ]]; then
        result=$missing
    fi
    [[ $result == ok ]] || failed=1
    printf '%-15s %-6s %9.1f %8.1f %6s %s\n' "$input" "$path" "$(awk -v b="$(wc -c <"$file")" 'BEGIN { print b / 1048576 }')" \
        "$(awk -v k="${peak_kb:-0}" 'BEGIN { print k / 1024 }')" "$seconds" "$result"
}

# read_whole RECORDS: nothing when --stats says RECORDS records were read
# (grouped by thousands: 10,000,000), else what it says.
read_whole() {
    grep -q "^stats: read $(sed ':a;s/\B[0-9]\{3\}\>/,&/;ta' <<<"$1"), " "$scratch/stderr" \
        || echo "not read whole: $(grep -m1 '^stats: read' "$scratch/stderr")"
}

# Runs `cat FILE | search -i` in a tmux pane (80x14, a server of its own)
# until its status line counts RECORDS of them, reads its peak memory, and
# leaves it with Esc; sets status (1 when it never counted them all),
# seconds, peak_kb and peak_mb.
measure_picker() {
    local file=$1 records=$2 socket="memory-$$" pid deadline grouped start
    grouped=$(sed ':a;s/\B[0-9]\{3\}\>/,&/;ta' <<<"$records")
    start=$(date +%s.%N)
    status=1
    peak_kb=0
    printf '#!/usr/bin/env bash\nexec "$1" -i < <(cat "$2")\n' >"$scratch/pick.sh"
    chmod +x "$scratch/pick.sh"
    tmux -L "$socket" new-session -d -x 80 -y 14 "$(printf '%q ' "$scratch/pick.sh" "$binary" "$file")"
    pid=$(tmux -L "$socket" display-message -p '#{pane_pid}')
    deadline=$((SECONDS + 900))
    while ((SECONDS < deadline)); do
        if tmux -L "$socket" capture-pane -p 2>/dev/null | grep -q "^  $grouped of $grouped"; then
            status=0
            break
        fi
        sleep 0.5
    done
    peak_kb=$(awk '/^VmHWM:/ { print $2 }' "/proc/$pid/status" 2>/dev/null || echo 0)
    tmux -L "$socket" send-keys Escape
    deadline=$((SECONDS + 10))
    while tmux -L "$socket" has-session 2>/dev/null && ((SECONDS < deadline)); do sleep 0.2; done
    tmux -L "$socket" kill-server 2>/dev/null || true
    seconds=$(awk -v s="$start" -v e="$(date +%s.%N)" 'BEGIN { printf "%.1f", e - s }')
}

threshold=$((8 << 20))
failed=0
printf '%-15s %-6s %9s %8s %6s %s\n' INPUT PATH "SIZE MB" "PEAK MB" SECS RESULT
for input in malformed unknown-kinds capped-stream; do
    file="$scratch/$input.jsonl"
    size=$(wc -c <"$file")
    if ((size < threshold)); then
        echo "error: $file is under 8 MiB: it would not take the parallel path" >&2
        exit 2
    fi
    for path in file stdin; do
        measure "$file" "$path"
        # 0: results; 1: none. Anything else is a failure of the run itself.
        ((status > 1)) || status=0
        # Capped: a tally line ('...: ... and N more') or one line naming
        # the unknown kinds shown ('unknown kinds 'a', 'b' and N more: ...'),
        # and few warning lines in all.
        missing=""
        if (($(grep -cE '^warning: (.*: \.\.\. and |unknown kinds .* and [0-9,]+ more: )' "$scratch/stderr") == 0)) \
            || (($(grep -c '^warning: ' "$scratch/stderr") > 200)); then
            missing="no '... and N more' summary line: warnings not capped"
        fi
        judge "$input" "$path" "$file" "$cap_mb" "$missing"
    done
done
paths=(file stdin)
if command -v tmux >/dev/null; then paths+=(picker); else echo "note: no tmux: the picker is not measured" >&2; fi
for input in array-1gb.json gzip-1m.jsonl.gz wrapped-1m.json csv-1m.csv lines-1m.txt; do
    file="$scratch/$input"
    for path in "${paths[@]}"; do
        if [[ $path == picker ]]; then
            measure_picker "$file" "${large_records[$input]}"
            missing=""
            if ((status != 0)); then
                missing="the picker did not count every record"
                status=0
            fi
            judge "${input%%.*}" "$path" "$file" "$cap_mb" "$missing"
            continue
        fi
        measure "$file" "$path"
        judge "${input%%.*}" "$path" "$file" "$cap_mb" "$(read_whole "${large_records[$input]}")"
    done
done

# A table whose lines are 200,000 columns wide (one name that long among
# 10,000, with room for it: --width 250000) is drawn about 1 MiB at a time,
# not a block of rows at a time (872 MB before).
awk 'BEGIN {
    for (i = 0; i < 10000; i++) printf "{\"kind\":\"product\",\"name\":\"tea %d\",\"price\":1}\n", i
    printf "{\"kind\":\"product\",\"name\":\"tea "
    for (i = 0; i < 200000; i++) printf "x"
    printf "\",\"price\":2}\n"
}' >"$scratch/wide-name.jsonl"
measure "$scratch/wide-name.jsonl" file --limit 20000 --width 250000
judge wide-name table "$scratch/wide-name.jsonl" "$cap_mb" "$(read_whole 10001)"

# A push into a cluster (two shards on 127.0.0.1, in the scratch folder)
# holds its batches in flight (four of at most 4 MiB a shard) and 1 MiB of
# the ids it names shared ids from (the rest in a temporary file): bounded
# however many records it loads. It held 21 bytes of every record before:
# 82.5 MB for these records, 52.1 MB now.
if command -v searchd >/dev/null; then
    cluster="$scratch/cluster"
    "$root/scripts/cluster.sh" start "$cluster" --fresh >/dev/null 2>&1
    start=$(date +%s.%N)
    status=0
    /usr/bin/time -f '%M' -o "$scratch/time" "$binary" --push "$(cat "$cluster/url")" \
        --data "$scratch/gzip-1m.jsonl.gz" >"$scratch/stdout" 2>"$scratch/stderr" || status=$?
    seconds=$(awk -v s="$start" -v e="$(date +%s.%N)" 'BEGIN { printf "%.1f", e - s }')
    peak_kb=$(tail -n 1 "$scratch/time")
    held=$(cat "$scratch/stdout" "$scratch/stderr" | grep -m1 '^loaded ' || true)
    "$root/scripts/cluster.sh" destroy "$cluster" >/dev/null 2>&1
    missing=""
    [[ $held == "loaded 1000000 records into "*"1000000 added"* ]] || missing="not every record was loaded: $held"
    judge gzip-1m push "$scratch/gzip-1m.jsonl.gz" "$push_cap_mb" "$missing"
else
    echo "note: no searchd: a push is not measured" >&2
fi
exit "$failed"
