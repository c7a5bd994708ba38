# Shared by scripts/scaling.sh and scripts/output-scaling.sh: is a command's
# CPU time linear in its input? Source it, then call `linear_ratio FN`.
#
# FN is a function that takes a scale, 1 or 4, and runs the command on the
# input of that scale. Linear code takes 4 times the CPU time at scale 4;
# quadratic code takes 16 times.
#
# How it stays honest on a shared machine. The two scales are timed in
# pairs, one right after the other, and each pair gives a ratio. Load from
# elsewhere (another VM on the host, a CI neighbour) slows both runs of a pair
# about alike, so it barely moves that pair's ratio. Taking the best time of
# each scale on its own does not work that way: a quiet run at N and a busy
# minute at 4N once gave 6.0 for a reader that measures 3.8. The verdict is
# the median ratio of three pairs. If that median is over the line, two more
# sets of three are timed a few seconds apart, and the best median counts.
# Quadratic code is over the line in every pair, so this cannot hide it.

# cpu_seconds CMD...: CPU time (user + system, of every process of the run)
# of one run, in seconds. Its output and failure are ignored: the tests judge
# those.
cpu_seconds() {
    { TIMEFORMAT='%U %S'; time "$@" >/dev/null 2>&1 || true; } 2>&1 | awk '{ printf "%.3f\n", $1 + $2 }'
}

# linear_ratio FN MAX [FLOOR]: times FN 1 and FN 4 as described above. FLOOR
# (seconds, 0.0005 unless given) is the least time taken for scale 1, so
# that start-up noise in a tiny run does not make a huge ratio. It sets
# LINEAR_T1, LINEAR_T4 (the pair whose ratio is the median) and LINEAR_RATIO.
# It returns 1 when even the best median is over MAX.
linear_ratio() {
    local fn=$1 max=$2 floor=${3:-0.0005}
    local set round pairs best=""
    # One run of each scale first, unmeasured: the input into the page
    # cache, the binary into memory.
    "$fn" 1 >/dev/null 2>&1 || true
    "$fn" 4 >/dev/null 2>&1 || true
    for set in 1 2 3; do
        ((set > 1)) && sleep $(((set - 1) * 5))
        pairs=""
        for round in 1 2 3; do
            local t1 t4
            t1=$(cpu_seconds "$fn" 1)
            t4=$(cpu_seconds "$fn" 4)
            pairs+="$(awk -v a="$t1" -v b="$t4" -v f="$floor" 'BEGIN { printf "%.4f %s %s", b / (a < f ? f : a), a, b }')"$'\n'
        done
        # The median pair of the three, by ratio.
        local median
        median=$(printf '%s' "$pairs" | sort -n | sed -n 2p)
        if [[ -z $best ]] || awk -v a="${median%% *}" -v b="${best%% *}" 'BEGIN { exit !(a < b) }'; then
            best=$median
        fi
        awk -v a="${best%% *}" -v b="$max" 'BEGIN { exit !(a > b) }' || break
    done
    read -r LINEAR_RATIO LINEAR_T1 LINEAR_T4 <<<"$best"
    awk -v a="$LINEAR_RATIO" -v b="$max" 'BEGIN { exit !(a > b) }' && return 1
    return 0
}
