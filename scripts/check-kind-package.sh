#!/usr/bin/env bash
# Proves the recipe "In your own package" (README) and the DocC article "Adding a result kind" end to end, as a
# team would follow it:
# - the files both show (Package.swift, a kind module, main.swift), each a ```swift block under a line naming its
#   path, are the same in both, and main.swift is the same as Sources/search/main.swift;
# - written into an empty folder as the README has them, with `.package(path:)` to a copy of this checkout in place
#   of the URL, they build; the kind imports ResultKit alone;
# - the team's binary lists its kind beside the built-in ones, and one search finds both (its bundled sample among
#   theirs, and records piped on stdin), in the table and in --format json;
# - `swift package new-kind Weather` in that package writes the module and its tests and prints what to add to
#   Package.swift; added as printed, the next build registers `weather` and its tests pass.
#
# Usage: scripts/check-kind-package.sh [--docs-only]   (--docs-only: the first point alone, in a second)
# KEEP_WORK=1 keeps the temporary folder (its path is printed) to look at the team's package afterwards.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
work="$(mktemp -d)"
if [[ ${KEEP_WORK:-} == 1 ]]; then
    trap 'echo "kept: $work/AcmeSearch" >&2' EXIT
else
    trap 'rm -rf "$work"' EXIT
fi
fail() { echo "FAIL: $*" >&2; exit 1; }

# extract DOC DEST: writes every ```swift block that follows a line "`PATH`…:" (a blank line between) to DEST/PATH.
extract() {
    awk -v dest="$2" '
        inblock && /^```$/ { inblock = 0; close(out); path = ""; next }
        inblock { print > out; next }
        /^`[^`]+`.*:$/ { match($0, /^`[^`]+`/); path = substr($0, 2, RLENGTH - 2); next }
        /^```swift$/ && path != "" {
            out = dest "/" path
            dir = out; sub(/\/[^\/]*$/, "", dir)
            system("mkdir -p \"" dir "\"")
            inblock = 1; next
        }
        /^[[:space:]]*$/ { next }
        { path = "" }
    ' "$1"
}

team="$work/AcmeSearch"
extract "$root/README.md" "$team"
extract "$root/Sources/ResultKit/ResultKit.docc/AddingAResultKind.md" "$work/docc"
files="$(cd "$team" && find . -type f | sort)"
echo "The recipe's files:"; echo "$files"
for file in ./Package.swift ./Sources/search/main.swift; do
    [[ $file == ./Sources/search/main.swift ]] && file="$(grep '/main.swift$' <<<"$files" || true)"
    [[ -n $file && -f $team/$file ]] || fail "the README's recipe has no ${file:-main.swift}"
done
diff -r "$team" "$work/docc" || fail "the DocC article shows other files than the README"
main="$(grep '/main.swift$' <<<"$files")"
cmp "$team/$main" "$root/Sources/search/main.swift" || fail "the recipe's main.swift is not Sources/search/main.swift"
kind_files="$(grep '^./Sources/[A-Za-z]*Kind/' <<<"$files")" || fail "the recipe has no kind module"
for file in $kind_files; do
    imports="$(grep -E '^(public |package |internal )?import ' "$team/$file" || true)"
    [[ $imports == "public import ResultKit" ]] || fail "$file imports more than ResultKit: $imports"
done
if [[ ${1:-} == --docs-only ]]; then
    echo "kind package: the README and the DocC article show the same files"
    exit 0
fi

# The team's package depends on this checkout, copied to a folder named ResultKit as a clone would be.
mkdir "$work/ResultKit"
git -C "$root" ls-files -z | (cd "$root" && xargs -0 cp --parents -t "$work/ResultKit")
sed -i -E 's|\.package\(url: "[^"]*", from: "0\.[0-9]+\.[0-9]+"\)|.package(path: "../ResultKit")|' "$team/Package.swift"
grep -q '.package(path: "../ResultKit")' "$team/Package.swift" \
    || fail "the recipe's Package.swift has no .package(url:from: \"0.x.y\") to point at the checkout"

cd "$team"
swift build
binary="$(swift build --show-bin-path)/acme-search"
[[ -x $binary ]] || fail "no acme-search binary"

kinds="$("$binary" --list-kinds)"
echo "$kinds"
for kind in ticket card domain product; do
    grep -q "^$kind " <<<"$kinds" || fail "acme-search --list-kinds does not list $kind"
done

table="$("$binary" queen)"
echo "$table"
grep -Eq '^ticket +Queen bed shipped twice +open' <<<"$table" || fail "the ticket sample is not in the table"
grep -Eq '^card +Queen of Hearts ' <<<"$table" || fail "the bundled cards are not in the table"
json="$("$binary" queen --format json)"
jq -e '[.results[] | .kind] | (index("ticket") != null) and (index("card") != null)' <<<"$json" >/dev/null \
    || fail "--format json lacks a ticket or a card: $json"
jq -e '.results[] | select(.kind == "ticket") | .record.name == "Queen bed shipped twice"' <<<"$json" >/dev/null \
    || fail "--format json does not keep the ticket's record"

piped="$(printf '%s\n' '{"kind":"ticket","name":"King-size desk wobbles","status":"closed"}' \
    '{"kind":"card","rank":"K","suit":"spades"}' | "$binary" king --format jsonl)"
echo "$piped"
[[ "$(jq -r .kind <<<"$piped" | sort | tr '\n' ' ')" == "card ticket " ]] \
    || fail "a ticket and a card piped on stdin are not both found"

# The scaffold in the team's package: it writes the module and says what to add to Package.swift.
scaffold="$(swift package --allow-writing-to-package-directory new-kind Weather)"
echo "$scaffold"
[[ -f Sources/WeatherKind/ResultKind+Weather.swift && -f Tests/WeatherKindTests/WeatherTests.swift ]] \
    || fail "new-kind did not write the module and its tests"
targets="$(awk '/^In `targets:`, add$/ { on = 1; next } /^and in the `dependencies:`/ { on = 0 } on' <<<"$scaffold")"
dependency="$(awk 'on { print; exit } /^and in the `dependencies:` of the executable `acme-search`, add$/ { on = 1 }' <<<"$scaffold")"
[[ -n $targets && -n $dependency ]] || fail "new-kind did not say what to add to Package.swift"
# Added where it says, as a person pastes them.
awk -v targets="$targets" -v dependency="$dependency" '
    { print }
    /^    targets: \[$/ { print targets }
    /name: "acme-search",/ { executable = 1 }
    executable && /dependencies: \[$/ { print dependency; executable = 0 }
' Package.swift >Package.swift.new
mv Package.swift.new Package.swift
swift build
"$binary" --list-kinds | grep -q '^weather ' || fail "weather is not registered after adding what new-kind printed"
"$binary" first --kind weather | grep -q 'First weather' || fail "the weather sample is not searchable"
swift test --filter WeatherKindTests
if swift package --allow-writing-to-package-directory new-kind Weather 2>/dev/null; then
    fail "a second Weather was not refused"
fi
echo "kind package: the recipe builds from the docs, its kind and the built-in ones are found together, and new-kind works there"
