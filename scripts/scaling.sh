#!/usr/bin/env bash
# Checks that every reader of `search` takes time linear in its input: each
# case is timed (CPU time of the release binary) on an input of N bytes and
# on one of 4N, in pairs, and the script fails when the median ratio exceeds
# 6 (4 when linear, with room for noise; a quadratic reader gives 16). How
# the pairs are timed: scripts/lib/linear-time.sh.
#
#   scripts/scaling.sh            # builds the release binary if it is missing
#   SEARCH_BINARY=path scripts/scaling.sh
#   MAX_RATIO=5 SCALING_MB=8 scripts/scaling.sh
#
# Cases: NDJSON read in one pass (piped) and in parallel blocks (a file over
# 8 MiB), a JSON array from a file, from a pipe, in parallel blocks (one
# element per line, over 8 MiB) and on one line (one pass under 8 MiB, in
# blocks over it, and in blocks between mistakes the reader in order
# judges), an object
# wrapping its records, gzip NDJSON, lines of text, CSV (from a file and a
# pipe), TSV, CSV with stray quotes, and NDJSON with lines over
# --max-line-bytes (piped and in blocks).
set -euo pipefail

cd "$(dirname "$0")/.."
binary=${SEARCH_BINARY:-.build/release/search}
max_ratio=${MAX_RATIO:-6}
# N for the one-pass cases, in MB; the parallel cases use three times as much
# so that N is over the 8 MiB from which a file is read in blocks.
unit=${SCALING_MB:-4}

if [[ ! -x $binary ]]; then
    swift build -c release --product search >&2
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# Each input is a block of lines repeated to the size wanted: what a reader
# does per byte is the same in a copy, and writing is fast.
python3 - "$work" "$unit" <<'PYTHON'
import gzip
import sys

work, unit = sys.argv[1], int(sys.argv[2])
MB = 1_000_000
words = ["teapot", "queen", "green tea", "lamp", "chair", "coffee", "herbal", "king"]

def records(count, long_every=0):
    for i in range(count):
        name = f"{words[i % len(words)]} {i}"
        about = " ".join(words[(i * 7 + j) % len(words)] for j in range(10))
        if long_every and i % long_every == 0:
            about = "z" * 2000
        yield i, name, about

def write(name, head, block, tail, size):
    with open(f"{work}/{name}", "w") as out:
        out.write(head)
        written = len(head)
        first = True
        while written < size:
            piece = block if first else block.lstrip("\n")
            out.write(piece if first else ",\n" + piece if name.endswith(".json") else piece)
            written += len(piece)
            first = False
        out.write(tail)

def ndjson(long_every=0):
    return "".join(
        f'{{"kind":"product","name":"{n}","price":{i % 90 + 1},"description":"{a}"}}\n'
        for i, n, a in records(2000, long_every))

def json_block():
    return ",\n".join(
        f'{{"kind":"product","name":"{n}","price":{i % 90 + 1},"description":"{a}"}}'
        for i, n, a in records(2000))

def one_line(name, size, head="[", tail="]", odd=False):
    # The JSON array's block with its line breaks taken out: one line of any size.
    block = json_block().replace(",\n", ",")
    if odd:
        # Now and then a mistake that the scan leaves to the reader in
        # order (a backslash outside a string), which reads on from it and
        # offers the rest of the array again a megabyte later.
        block = block.replace('{"kind":"product","name":"teapot 0"', '{"kind":"product",\\"n":1,"name":"teapot 0"')
    with open(f"{work}/{name}", "w") as out:
        out.write(head)
        written = len(head)
        first = True
        while written < size:
            out.write(block if first else "," + block)
            written += len(block) + 1
            first = False
        out.write(tail)

def lines_text():
    return "".join(f"{n} - {a}\n" for i, n, a in records(2000))

def delimited(separator, stray_every=0):
    rows = []
    for i, n, a in records(2000):
        if stray_every and i % stray_every == 7:
            n = '"stray ' + n
        rows.append(separator.join(["product", n, str(i % 90 + 1), a]) + "\n")
    return "".join(rows)

for scale in (1, 4):
    size = unit * scale * MB
    write(f"ndjson-{scale}.jsonl", "", ndjson(), "", size)
    write(f"parallel-{scale}.jsonl", "", ndjson(), "", 3 * size)
    write(f"array-{scale}.json", "[\n", json_block(), "\n]\n", size)
    write(f"arrayparallel-{scale}.json", "[\n", json_block(), "\n]\n", 3 * size)
    write(f"plain-{scale}.csv", "kind,name,price,description\n", delimited(","), "", size)
    write(f"plain-{scale}.tsv", "kind\tname\tprice\tdescription\n", delimited("\t"), "", size)
    write(f"stray-{scale}.csv", "kind,name,price,description\n", delimited(",", stray_every=50), "", size)
    write(f"long-{scale}.jsonl", "", ndjson(long_every=10), "", size)
    one_line(f"oneline-{scale}.json", size)
    one_line(f"onelineparallel-{scale}.json", 3 * size)
    one_line(f"onelineodd-{scale}.json", 3 * size, odd=True)
    one_line(f"wrapped-{scale}.json", size, head='{"total":1,"items":[', tail="]}")
    write(f"lines-{scale}.txt", "", lines_text(), "", size)
    with open(f"{work}/ndjson-{scale}.jsonl", "rb") as plain, gzip.open(f"{work}/gzip-{scale}.jsonl.gz", "wb", 1) as out:
        out.write(plain.read())
    write(f"longparallel-{scale}.jsonl", "", ndjson(long_every=10), "", 3 * size)
PYTHON

# shellcheck source=lib/linear-time.sh
source "$(dirname "$0")/lib/linear-time.sh"

query=(teapot --limit 10 --format jsonl)
run_file() { "$binary" "${query[@]}" --data "$@"; }
run_pipe() { local file=$1; shift; "$binary" "${query[@]}" --data - "$@" <"$file"; }
run_cat() { local file=$1; shift; cat "$file" | "$binary" "${query[@]}" --data - "$@"; }

# name | how it is read | file stem | extra options
cases=(
    "NDJSON, one pass (piped)|run_cat|ndjson-%s.jsonl|"
    "NDJSON, parallel blocks|run_file|parallel-%s.jsonl|"
    "JSON array, file|run_file|array-%s.json|"
    "JSON array, pipe|run_cat|array-%s.json|"
    "JSON array, parallel blocks|run_file|arrayparallel-%s.json|"
    "JSON array on one line, file|run_file|oneline-%s.json|"
    "JSON array on one line, blocks|run_file|onelineparallel-%s.json|"
    "one line, mistakes, blocks|run_file|onelineodd-%s.json|"
    "JSON wrapping its records, pipe|run_cat|wrapped-%s.json|"
    "NDJSON, gzip, file|run_file|gzip-%s.jsonl.gz|"
    "lines of text, file|run_file|lines-%s.txt|"
    "CSV, pipe|run_cat|plain-%s.csv|"
    "CSV, file|run_file|plain-%s.csv|"
    "TSV, file|run_file|plain-%s.tsv|"
    "CSV, stray quotes|run_file|stray-%s.csv|"
    "NDJSON, over-long lines (piped)|run_cat|long-%s.jsonl|--max-line-bytes 1K"
    "NDJSON, over-long lines (blocks)|run_file|longparallel-%s.jsonl|--max-line-bytes 1K"
)

# run_case SCALE: the current case at scale 1 or 4 (for linear_ratio).
run_case() { "$case_how" "$work/$(printf "$case_stem" "$1")" "${case_options[@]}"; }

failed=0
printf '%-36s %10s %10s %10s %8s\n' "reader" "N bytes" "CPU N" "CPU 4N" "ratio"
for entry in "${cases[@]}"; do
    IFS='|' read -r name case_how case_stem extra <<<"$entry"
    read -r -a case_options <<<"$extra"
    verdict=""
    if ! linear_ratio run_case "$max_ratio"; then
        verdict="  <- over $max_ratio"
        failed=1
    fi
    printf '%-36s %10s %9ss %9ss %8.2f%s\n' "$name" "$(stat -c %s "$work/$(printf "$case_stem" 1)")" \
        "$LINEAR_T1" "$LINEAR_T4" "$LINEAR_RATIO" "$verdict"
done

if ((failed)); then
    echo "scaling: FAILED: a reader's time grows faster than its input (ratio over $max_ratio for 4x the input)" >&2
    exit 1
fi
echo "scaling: every reader is linear within noise (ratios at most $max_ratio for 4x the input)"
