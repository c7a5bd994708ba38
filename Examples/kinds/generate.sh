#!/usr/bin/env bash
# Regenerates the samples of the example kind specs, deterministically:
#   Examples/kinds/countries.jsonl  from Debian iso-codes (ISO 3166-1)
#   Examples/kinds/timezones.jsonl  from tzdata's zone1970.tab and its zone rules
#   Examples/kinds/packages.json    from dpkg's status database (16 base packages)
#   Examples/kinds/users.csv        from base-passwd's passwd.master
# Sources, fields and licences: Examples/kinds/README.md.
#
# Needs (the versions used for the committed files):
#   - Debian 12 (bookworm) packages iso-codes 4.15.0-1 and tzdata 2025b-0+deb12u2, base-passwd 3.6.1,
#     and the versions of the 16 packages that packages.json lists
#   - jq, GNU awk or mawk, GNU date
# Usage: Examples/kinds/generate.sh   (set SKIP_INSTALL=1 to use what is installed)
set -euo pipefail
export LC_ALL=C

cd "$(dirname "$0")"

if [[ "${SKIP_INSTALL:-0}" != 1 ]] && ! dpkg-query -W iso-codes tzdata jq >/dev/null 2>&1; then
    apt-get update
    apt-get install -y iso-codes tzdata jq
fi

# Countries: every ISO 3166-1 entry, in iso-codes order, with all its fields
# and "kind" first.
jq -c '."3166-1"[] | {kind: "country"} + .' /usr/share/iso-codes/json/iso_3166-1.json >countries.jsonl

# Time zones: every zone of zone1970.tab, sorted by name. Coordinates (ISO 6709,
# ±DDMM[SS]±DDDMM[SS]) become decimal degrees rounded to 4 places. The UTC
# offset is the smaller of the zone's offsets on 15 January and 15 July 2025
# (its standard time); observes_dst says whether the two differ.
january=1736899200  # 2025-01-15T00:00:00Z
july=1752537600     # 2025-07-15T00:00:00Z
grep -v '^#' /usr/share/zoneinfo/zone1970.tab | sort -t "$(printf '\t')" -k3,3 |
    while IFS=$'\t' read -r codes coordinates zone comment; do
        winter=$(TZ="$zone" date -d "@$january" +%z)
        summer=$(TZ="$zone" date -d "@$july" +%z)
        printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$codes" "$coordinates" "$zone" "$comment" "$winter" "$summer"
    done |
    awk -F '\t' '
        function minutes(offset,   sign) {
            sign = substr(offset, 1, 1) == "-" ? -1 : 1
            return sign * (substr(offset, 2, 2) * 60 + substr(offset, 4, 2))
        }
        function degrees(text,   sign, digits, value) {
            sign = substr(text, 1, 1) == "-" ? -1 : 1
            digits = substr(text, 2)
            if (length(digits) % 2 == 1) {  # longitude: three digits of degrees
                value = substr(digits, 1, 3) + substr(digits, 4, 2) / 60 + substr(digits, 6, 2) / 3600
            } else {
                value = substr(digits, 1, 2) + substr(digits, 3, 2) / 60 + substr(digits, 5, 2) / 3600
            }
            value = sprintf("%.4f", sign * value)
            sub(/0+$/, "", value)
            sub(/\.$/, "", value)
            return value
        }
        function quoted(text) {
            gsub(/\\/, "\\\\", text)
            gsub(/"/, "\\\"", text)
            return "\"" text "\""
        }
        {
            split($1, codes, ",")
            list = ""
            for (i = 1; i in codes; i++) list = list (i > 1 ? "," : "") quoted(codes[i])
            match($2, /^[+-][0-9]+/)
            latitude = substr($2, 1, RLENGTH)
            longitude = substr($2, RLENGTH + 1)
            a = minutes($5); b = minutes($6)
            standard = a < b ? a : b
            offset = standard < 0 ? -standard : standard
            text = sprintf("%s%02d:%02d", standard < 0 ? "-" : "+", int(offset / 60), offset % 60)
            printf "{\"kind\":\"timezone\",\"name\":%s,\"countries\":[%s],\"coordinates\":%s,", quoted($3), list, quoted($2)
            printf "\"latitude\":%s,\"longitude\":%s,", degrees(latitude), degrees(longitude)
            printf "\"utc_offset\":%s,\"utc_offset_minutes\":%d,\"observes_dst\":%s", quoted(text), standard, a != b ? "true" : "false"
            if ($4 != "") printf ",\"comment\":%s", quoted($4)
            printf "}\n"
        }' >timezones.jsonl

# Packages: sixteen packages of every Debian 12 system, from dpkg's status
# database, as one JSON array: the maintainer as an object, each dependency
# (the first of its alternatives) as an object with its version constraint.
packages=(adduser apt base-files base-passwd bash coreutils dpkg grep gzip iso-codes libc6 login passwd sed tar tzdata)
dpkg-query -W -f='${Package}\t${Version}\t${Section}\t${Installed-Size}\t${Maintainer}\t${Depends}\t${Pre-Depends}\t${binary:Summary}\n' \
    "${packages[@]}" | sort |
    jq -R -s '
        def dependency: sub("^ +"; "") | sub(" *\\|.*$"; "") |
            capture("^(?<name>[^ (:]+)(:[a-z]+)?( \\((?<version>[^)]*)\\))?") | if .version == null then del(.version) else . end;
        def dependencies: if . == "" then [] else split(",") | map(dependency) end;
        split("\n") | map(select(. != "") | split("\t") | {
            name: .[0], version: .[1], section: .[2], installed_size: (.[3] | tonumber),
            maintainer: (.[4] | capture("^(?<name>.*) <(?<email>[^>]*)>$")),
            depends: ((.[6] | dependencies) + (.[5] | dependencies)),
            summary: .[7]
        })' >packages.json
echo "packages.json: $(jq length packages.json) records"

# Users: the users every Debian system defines, from base-passwd's
# passwd.master, as CSV with a header row.
{
    echo "name,password,uid,gid,gecos,home,shell"
    tr ':' ',' </usr/share/base-passwd/passwd.master
} >users.csv
echo "users.csv: $(($(wc -l <users.csv) - 1)) records"

# Every line must be one JSON object with a kind.
for file in countries.jsonl timezones.jsonl; do
    lines=$(wc -l <"$file")
    valid=$(jq -c 'select(type == "object" and (.kind | type) == "string")' "$file" | wc -l)
    [[ "$lines" == "$valid" ]] || { echo "error: $file has $((lines - valid)) invalid lines" >&2; exit 1; }
    echo "$file: $lines records"
done
