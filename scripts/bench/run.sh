#!/usr/bin/env bash
# Builds the release `search` binary and the benchmark programs, then runs them.
#
#   scripts/bench/run.sh [--install] [search|table|all] [-- options for the program]
#
# --install first installs the peers the benchmarks compare with: Debian's
# ripgrep, fzf and jq (apt-get, as root), and Python's tabulate and rich into a
# virtual environment, .build/bench-venv (Debian 12's Python refuses a system
# pip install, PEP 668). The table benchmark uses that environment's python3
# when it exists. Figures go to stdout, progress to stderr. See
# Benchmarks/README.md.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"

if [[ "${1:-}" == "--install" ]]; then
    shift
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ripgrep fzf jq python3-venv
    python3 -m venv "$root/.build/bench-venv"
    "$root/.build/bench-venv/bin/python3" -m pip install --quiet tabulate rich
fi
venv_python="$root/.build/bench-venv/bin/python3"
python_flag=()
[[ -x "$venv_python" ]] && python_flag=(--python "$venv_python")
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
table) "$bin/table-bench" --search "$search" "${python_flag[@]}" "$@" ;;
all)
    "$bin/search-bench" --search "$search" "$@"
    "$bin/table-bench" --search "$search" "${python_flag[@]}"
    ;;
esac
