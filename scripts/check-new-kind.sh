#!/usr/bin/env bash
# Proves the kind plugins end to end, in a throwaway copy of the package:
# `swift package new-kind Weather` scaffolds a fourth kind module and lists it
# in Package.swift; the very next `swift build` registers it through the
# RegisterKinds build plugin with no core or CLI change; its scaffolded tests
# pass; and the scaffold refuses a kind that exists or a bad name. Its twin,
# scripts/check-kind-package.sh, proves the same in a team's own package.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

git -C "$root" ls-files -z | (cd "$root" && xargs -0 cp --parents -t "$work")
cd "$work"

swift package --allow-writing-to-package-directory new-kind Weather
grep -q '"WeatherKind",' Package.swift || { echo "FAIL: WeatherKind not added to Package.swift" >&2; exit 1; }
for module in ResultKit KindSpecs SearchEngine ResultOutput SearchCLI; do
    git -C "$root" diff --no-index --quiet "$root/Sources/$module" "Sources/$module" \
        || { echo "FAIL: the scaffold changed Sources/$module" >&2; exit 1; }
done

swift build --product search
kinds="$(.build/debug/search --list-kinds)"
echo "$kinds"
grep -q '^weather ' <<<"$kinds" || { echo "FAIL: weather is not registered" >&2; exit 1; }
.build/debug/search first --kind weather | grep -q 'First weather' \
    || { echo "FAIL: the weather sample is not searchable" >&2; exit 1; }

# Its tests pass, and the scaffolded module keeps the module rules (it imports ResultKit alone).
swift test --filter 'WeatherKindTests|ModuleGraphTests'

if swift package --allow-writing-to-package-directory new-kind Weather 2>/dev/null; then
    echo "FAIL: a second Weather was not refused" >&2; exit 1
fi
if swift package --allow-writing-to-package-directory new-kind 'bad-name' 2>/dev/null; then
    echo "FAIL: an invalid name was not refused" >&2; exit 1
fi
echo "new-kind: scaffolded, registered, searchable, tested, and refuses duplicates and bad names"
