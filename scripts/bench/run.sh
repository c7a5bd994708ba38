#!/usr/bin/env bash
# Builds the release `search` binary and the benchmark programs, then runs them.
#
#   scripts/bench/run.sh [--install] [search|table|all] [-- options for the program]
#
# --install first installs the peers the benchmarks compare with (Debian's
# ripgrep, fzf and jq; Python's tabulate and rich). Figures go to stdout,
# progress to stderr. See Benchmarks/README.md.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"

if [[ "${1:-}" == "--install" ]]; then
    shift
    apt-get install -y ripgrep fzf jq
    python3 -m pip install tabulate rich
fi
which="${1:-all}"
[[ $# -gt 0 ]] && shift
[[ "${1:-}" == "--" ]] && shift
case "$which" in
search | table | all) ;;
*)
    echo "usage: scripts/bench/run.sh [--install] [search|table|all] [-- options]" >&2
    exit 64
    ;;
esac

(cd "$root" && swift build -c release --product search)
(cd "$root/Benchmarks" && swift build -c release)
search="$root/.build/release/search"
bin="$root/Benchmarks/.build/release"

case "$which" in
search) "$bin/search-bench" --search "$search" "$@" ;;
table) "$bin/table-bench" --search "$search" "$@" ;;
all)
    "$bin/search-bench" --search "$search" "$@"
    "$bin/table-bench" --search "$search"
    ;;
esac
