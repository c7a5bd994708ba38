#!/usr/bin/env bash
# Checks TextMatching's IDNA (Punycode and mapping, our own code) against Python's idna package:
# creates a virtual environment under .build/idna-venv with idna, asks it for the other spelling
# of every host in scripts/idna/hosts.txt, records its answers as the golden file the
# IDNAOracleTests check, and runs those tests. Run from anywhere; needs python3 with venv and pip
# access to the package registry the first time.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
venv="$root/.build/idna-venv"
if [ ! -x "$venv/bin/python" ]; then
    python3 -m venv "$venv"
    "$venv/bin/pip" install --quiet idna
fi
golden="$root/Tests/TextMatchingTests/__Snapshots__/IDNAOracleTests/oracle.txt"
mkdir -p "$(dirname "$golden")"
"$venv/bin/python" "$root/scripts/idna/idna-oracle.py" "$root/scripts/idna/hosts.txt" > "$golden"
echo "oracle: $(head -1 "$golden"), $(($(wc -l < "$golden") - 1)) hosts -> ${golden#"$root/"}"
cd "$root"
swift build --build-tests --product ResultKitPackageTests >/dev/null 2>&1 || swift build --build-tests
swift test --skip-build --filter IDNAOracleTests
