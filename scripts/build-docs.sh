#!/usr/bin/env bash
# Builds the DocC documentation of the library modules with the toolchain's
# `docc`, from symbol graphs, into .build/docs/<Module>. ResultKit (the plug-in
# API) and TerminalTable have a catalog of articles; the others are documented
# by their doc comments alone.
#
# Usage: scripts/build-docs.sh [--warnings-as-errors] [--static-hosting BASE] [--coverage]
#
#   --warnings-as-errors  fail on any docc warning (a broken link, a missing
#                         symbol in a Topics list), as CI may choose to
#   --static-hosting BASE transform the archives for a static web server,
#                         served under /BASE/<module> (e.g. GitHub Pages)
#   --coverage            print docc's documentation coverage per module
#
# Environment: SCRATCH_PATH (default .build/docs-scratch) is the build folder
# for the symbol graphs, kept apart from .build so that the extra compiler
# flags do not make the next ordinary build start over. DOCC overrides the
# docc executable.
#
# Exits non-zero when the build or docc fails. To read the docs as you write
# them, on Linux or macOS:
#   "$(dirname "$(readlink -f "$(command -v swift)")")/docc" preview Sources/ResultKit/ResultKit.docc \
#       --additional-symbol-graph-dir .build/docs-scratch/symbol-graphs/ResultKit
# (after one run of this script), or serve .build/docs/<Module> built with --static-hosting.
set -euo pipefail

cd "$(dirname "$0")/.."
modules=(ResultKit KindSpecs SearchEngine ResultOutput TerminalTable)
scratch=${SCRATCH_PATH:-.build/docs-scratch}
# Kept between runs: swiftc writes a module's graph only when it compiles it.
graphs=$scratch/symbol-graphs
output=.build/docs
docc_flags=()
hosting_base=""

while (($# > 0)); do
    case "$1" in
        --warnings-as-errors) docc_flags+=(--warnings-as-errors) ;;
        --static-hosting)
            [[ $# -ge 2 ]] || { echo "error: --static-hosting needs a base path" >&2; exit 64; }
            hosting_base=$2
            shift
            ;;
        --coverage) docc_flags+=(--experimental-documentation-coverage --coverage-summary-level brief) ;;
        -h | --help) sed -n '2,24s/^# \{0,1\}//p' "$0"; exit 0 ;;
        *) echo "error: unknown option '$1'" >&2; echo "Usage: $0 [--warnings-as-errors] [--static-hosting BASE] [--coverage]" >&2; exit 64 ;;
    esac
    shift
done

# The docc beside the swift driver, as the toolchain ships it.
find_docc() {
    if [[ -n ${DOCC:-} ]]; then echo "$DOCC"; return; fi
    if command -v xcrun >/dev/null 2>&1 && xcrun --find docc >/dev/null 2>&1; then xcrun --find docc; return; fi
    local swift_path
    swift_path=$(command -v swift) || { echo "error: swift is not on PATH" >&2; return 1; }
    local beside
    beside="$(dirname "$(readlink -f "$swift_path")")/docc"
    if [[ -x $beside ]]; then echo "$beside"; return; fi
    command -v docc || { echo "error: docc not found beside $swift_path nor on PATH; set DOCC" >&2; return 1; }
}
docc=$(find_docc)

mkdir -p "$graphs/all" "$output"

graphs_dir=$(cd "$graphs/all" && pwd)
echo "==> Building symbol graphs (public API) into $graphs"
for module in "${modules[@]}"; do
    swift build --target "$module" --scratch-path "$scratch" \
        -Xswiftc -emit-symbol-graph \
        -Xswiftc -emit-symbol-graph-dir -Xswiftc "$graphs_dir" \
        -Xswiftc -symbol-graph-minimum-access-level -Xswiftc public
done

status=0
for module in "${modules[@]}"; do
    # One module's graphs: its own, and its extensions of other modules' types.
    rm -rf "${graphs:?}/$module"
    mkdir -p "$graphs/$module"
    cp "$graphs/all/$module.symbols.json" "$graphs/$module/"
    for extension in "$graphs/all/$module@"*.symbols.json; do
        [[ -e $extension ]] && cp "$extension" "$graphs/$module/"
    done
    flags=("${docc_flags[@]}")
    if [[ -n $hosting_base ]]; then
        flags+=(--transform-for-static-hosting --hosting-base-path "$hosting_base/$module")
    fi
    echo "==> docc convert $module -> $output/$module"
    catalog=()
    [[ -d Sources/$module/$module.docc ]] && catalog=("Sources/$module/$module.docc")
    if ! "$docc" convert ${catalog[@]+"${catalog[@]}"} \
        --additional-symbol-graph-dir "$graphs/$module" \
        --fallback-display-name "$module" \
        --fallback-bundle-identifier "org.resultkit.$module" \
        --output-path "$output/$module" \
        ${flags[@]+"${flags[@]}"}; then
        echo "error: docc failed for $module" >&2
        status=1
    fi
done
exit "$status"
