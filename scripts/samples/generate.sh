#!/usr/bin/env bash
# Regenerates ResultKit's bundled real sample data, deterministically:
#   Examples/data/{domains,products,cards,mixed}.jsonl
#   Sources/{Domain,Product,Card}Kind/Sample/<X>Sample.swift
# Sources, field mapping and selection rules: LICENSES/README.md.
#
# Needs (the versions used for the committed files):
#   - Debian 12 (bookworm) with apt lists for bookworm main (apt-get update);
#     apt packages unicode-data 15.0.0-1, publicsuffix 20230209.2326-1, iso-codes 4.15.0-1
#   - python3 (3.11 used) with venv; PyPI packages hstspreload==2025.1.1, great-tables==1.1.0
#     (installed with --no-deps into a private venv: only their data files are read)
#   - jq, to validate every output line
# Usage: scripts/samples/generate.sh   (set SKIP_INSTALL=1 to reuse what is installed)
set -euo pipefail

cd "$(dirname "$0")/../.."
venv="${SAMPLES_VENV:-${TMPDIR:-/tmp}/resultkit-samples-venv}"

if [[ "${SKIP_INSTALL:-0}" != 1 ]]; then
    if ! dpkg-query -W unicode-data publicsuffix iso-codes jq >/dev/null 2>&1; then
        apt-get update
        apt-get install -y unicode-data publicsuffix iso-codes jq
    elif ! compgen -G "/var/lib/apt/lists/*debian_dists_bookworm_main_binary-amd64_Packages*" >/dev/null; then
        apt-get update
    fi
    [[ -x "$venv/bin/python" ]] || python3 -m venv "$venv"
    "$venv/bin/pip" install --quiet --disable-pip-version-check --no-deps \
        hstspreload==2025.1.1 great-tables==1.1.0
fi

"$venv/bin/python" scripts/samples/generate.py

# Every line must be one JSON object with a kind.
for file in Examples/data/*.jsonl; do
    jq -ec 'select(type == "object" and (.kind | type) == "string")' "$file" >/dev/null
    lines=$(wc -l <"$file")
    valid=$(jq -c 'select(type == "object" and (.kind | type) == "string")' "$file" | wc -l)
    [[ "$lines" == "$valid" ]] || { echo "error: $file has $((lines - valid)) invalid lines" >&2; exit 1; }
done
# Schemas of the three kinds (see LICENSES/README.md).
jq -e -n '[inputs | select(.status | IN("available", "taken", "other") | not)] | length == 0' \
    Examples/data/domains.jsonl >/dev/null
jq -e -n '[inputs | select(
        (.name | type) != "string"
        or ((.price | type) as $t | $t != "number" and $t != "null")
        or ((.rating | type) as $t | $t != "null" and ($t != "number" or .rating < 0 or .rating > 5)))]
    | length == 0' Examples/data/products.jsonl >/dev/null
jq -e -n '[inputs] | length == 52 and ([.[] | "\(.rank) \(.suit)"] | unique | length) == 52
    and all(.[]; (.rank | IN("A","2","3","4","5","6","7","8","9","10","J","Q","K"))
        and (.suit | IN("spades","hearts","diamonds","clubs")))' Examples/data/cards.jsonl >/dev/null
# The Swift files embed exactly the NDJSON files.
for pair in Domain:domains Product:products Card:cards; do
    swift="Sources/${pair%%:*}Kind/Sample/${pair%%:*}Sample.swift"
    sed -n '/^let sampleNDJSON/,/^    """#$/p' "$swift" | sed '1d;$d;s/^    //' | cmp - "Examples/data/${pair##*:}.jsonl"
done
wc -c Examples/data/*.jsonl Sources/*Kind/Sample/*Sample.swift
