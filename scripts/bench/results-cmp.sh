#!/bin/bash
# Two builds of search, the same answers? For each FILE, every query shape of
# search-bench and more (typos, sorts, offsets, filters, fields, no match),
# as a table and as JSON: stdout, stderr and exit status of BEFORE and AFTER
# compared with cmp. For checking that a speed change changed nothing else.
#
#     scripts/bench/results-cmp.sh BEFORE AFTER FILE...
set -u
BEFORE=$1; AFTER=$2; shift 2
dir=$(mktemp -d); trap 'rm -rf "$dir"' EXIT
queries=(coffee cofee zzqxj '"queen of hearts"' '"coffee mug"' 'coffee -mug' category:garden 'price<5'
  'kind:card queen' café 日本 'coffee grinder' qeen mugg grindr 'price>100 coffee' 'rating:' xn com refund warranty
  'name:coffee' 'kind:domain open' 'status:available' '' dffcy smrpnc rcpe sgrn)
extras=("" "--sort -price" "--sort name --limit 5" "--offset 10" "--limit 1000")
fail=0; n=0
for file in "$@"; do
  for query in "${queries[@]}"; do
    for extra in "${extras[@]}"; do
      for format in table json; do
        # shellcheck disable=SC2086
        "$BEFORE" "$query" --data "$file" --format $format --width 120 $extra >"$dir/a" 2>"$dir/a.err"
        echo "exit $?" >>"$dir/a.err"
        # shellcheck disable=SC2086
        "$AFTER" "$query" --data "$file" --format $format --width 120 $extra >"$dir/b" 2>"$dir/b.err"
        echo "exit $?" >>"$dir/b.err"
        n=$((n + 1))
        if ! cmp -s "$dir/a" "$dir/b" || ! cmp -s "$dir/a.err" "$dir/b.err"; then
          echo "DIFFERENT: $file $query $extra --format $format"; fail=1
        fi
      done
    done
  done
done
echo "compared $n runs; $([ $fail = 0 ] && echo "all identical" || echo "some DIFFERENT")"
exit $fail
