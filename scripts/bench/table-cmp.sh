#!/bin/bash
# Two builds of search, the same table bytes? For each FILE, the table of
# every row at several widths (and --wide, --explain, no width, a query that
# highlights), with every --style and --color never/always: stdout and stderr
# of BEFORE and AFTER compared with cmp.
#
#     scripts/bench/table-cmp.sh BEFORE AFTER FILE...
set -u
BEFORE=$1; AFTER=$2; shift 2
dir=$(mktemp -d); trap 'rm -rf "$dir"' EXIT
fail=0; n=0
for file in "$@"; do
  for extra in "--width 80 coffee" "--width 40" "--width 80" "--width 160" "--width 160 --wide" "--width 100 --explain" ""; do
    for style in plain ascii rounded; do
      for color in never always; do
        # shellcheck disable=SC2086
        "$BEFORE" "" --limit 100000 --data "$file" $extra --style $style --color $color >"$dir/a" 2>"$dir/a.err"
        # shellcheck disable=SC2086
        "$AFTER" "" --limit 100000 --data "$file" $extra --style $style --color $color >"$dir/b" 2>"$dir/b.err"
        n=$((n + 1))
        if ! cmp -s "$dir/a" "$dir/b" || ! cmp -s "$dir/a.err" "$dir/b.err"; then
          echo "DIFFERENT: $file $extra --style $style --color $color"; fail=1
        fi
      done
    done
  done
done
echo "compared $n pairs; $([ $fail = 0 ] && echo "all identical" || echo "some DIFFERENT")"
exit $fail
