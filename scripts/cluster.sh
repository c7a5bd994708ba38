#!/usr/bin/env bash
# Starts and stops a local Sphinx search cluster for `search --source` and
# `search --push`: N shard servers, each with one real-time index `items`,
# and one aggregator whose distributed index `items` fans every query out to
# them. Everything listens on 127.0.0.1 only (searchd checks no password).
#
#   scripts/cluster.sh start DIR [--shards N] [--owner PID]
#                                               prints the aggregator's URL last;
#                                               with --owner, the servers stop when PID exits
#                                               (a test process that crashes leaves none behind)
#   scripts/cluster.sh stop DIR                 stops the servers by their PIDs
#
# DIR holds the configs, the data (fresh at each start: searchd ignores a
# changed config for an index that already has data), the logs and the PIDs.
# Each shard's SphinxQL port is its agent port + 1, which is how
# `search --push` finds the shards from the aggregator's URL.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"

usage() {
    echo "usage: scripts/cluster.sh start DIR [--shards N] [--owner PID] | stop DIR" >&2
    exit 64
}

# A TCP port on 127.0.0.1 that nothing answers on, and that this run has not
# handed out yet (the pair PORT, PORT+1 when asked for two). Below the
# kernel's ephemeral range, where outgoing connections take their ports.
taken=" "
ephemeral_low="$(awk '{print $1}' /proc/sys/net/ipv4/ip_local_port_range 2>/dev/null || echo 32768)"
free_port() {
    local span="${1:-1}" port i busy
    for _ in $(seq 200); do
        port=$((10000 + RANDOM % (ephemeral_low - 10002)))
        busy=0
        for ((i = 0; i < span; i++)); do
            if [[ "$taken" == *" $((port + i)) "* ]] || (exec 3<>"/dev/tcp/127.0.0.1/$((port + i))") 2>/dev/null; then
                busy=1
            fi
        done
        if ((busy == 0)); then
            for ((i = 0; i < span; i++)); do taken+="$((port + i)) "; done
            echo "$port"
            return
        fi
    done
    echo "error: no free port found on 127.0.0.1" >&2
    exit 2
}

# Whether process $1 is alive: `kill -0` also succeeds on a zombie, whose
# /proc status says Z.
alive() {
    local state
    state="$(awk '/^State:/ {print $2}' "/proc/$1/status" 2>/dev/null || true)"
    [[ -n "$state" && "$state" != "Z" ]]
}

# The first bytes a server sends on 127.0.0.1 port $1, as decimal numbers
# (a MySQL greeting starts with a 3-byte length, a sequence number 0 and the
# protocol version 10); empty when nothing answers within a second.
greeting() {
    local fd bytes=""
    { exec {fd}<>"/dev/tcp/127.0.0.1/$1"; } 2>/dev/null || return 0
    bytes="$(timeout 1 head -c 5 <&"$fd" 2>/dev/null | od -An -tu1 | tr -s ' \n' ' ' || true)"
    exec {fd}>&-
    echo "$bytes"
}

# Whether process $1 holds the socket that listens on 127.0.0.1 port $2 (a
# port open to connections may be another server's: one that took it after
# it was chosen, while this one retries its bind).
owns_port() {
    local pid="$1" hex inode
    hex="$(printf '%04X' "$2")"
    for inode in $(awk -v local="0100007F:$hex" '$2 == local && $4 == "0A" {print $10}' /proc/net/tcp); do
        if find "/proc/$pid/fd" -maxdepth 1 -lname "socket:\[$inode\]" 2>/dev/null | grep -q .; then return 0; fi
    done
    return 1
}

# Waits until process $1 is alive, greets as a MySQL server (protocol 10) on
# port $2 and holds that port's listening socket, and holds port $4 (its
# agent port) too when given. Status 3 when a port it was given turned out to
# be another process's: the caller starts again on other ports.
wait_ready() {
    local pid="$1" port="$2" log="$3" api="${4:-}" hello
    for _ in $(seq 100); do
        if grep -q "bind() failed" "$log" 2>/dev/null; then return 3; fi
        if ! alive "$pid"; then
            echo "error: searchd (pid $pid) exited while starting; its log, $log, says:" >&2
            tail -5 "$log" >&2 || true
            return 1
        fi
        hello="$(greeting "$port")"
        if [[ -n "$hello" ]]; then
            if ! owns_port "$pid" "$port" || { [[ -n "$api" ]] && ! owns_port "$pid" "$api"; }; then
                # Answered, but by another process: this server cannot bind it.
                return 3
            fi
            if [[ "$(awk '{print $5}' <<<"$hello")" == 10 ]]; then return 0; fi
            echo "error: 127.0.0.1:$port (searchd, pid $pid) does not greet as a MySQL server: $hello" >&2
            return 1
        fi
        sleep 0.05
    done
    echo "error: searchd (pid $pid) did not greet on 127.0.0.1:$port within 5 s" >&2
    return 1
}

stop() {
    local dir="$1" pid pidfile status=0
    shopt -s nullglob
    for pidfile in "$dir"/run/*.pid; do
        pid="$(cat "$pidfile")"
        if alive "$pid"; then
            kill -TERM "$pid" 2>/dev/null || true
            for _ in $(seq 100); do
                alive "$pid" || break
                sleep 0.05
            done
            if alive "$pid"; then
                echo "warning: searchd (pid $pid) ignored SIGTERM for 5 s; killing it" >&2
                kill -KILL "$pid" 2>/dev/null || status=1
            fi
        fi
        rm -f "$pidfile"
    done
    return "$status"
}

# The `index` and `searchd` sections of a shard's config.
shard_config() {
    local dir="$1" name="$2" api="$3" sql="$4" charset="$5"
    cat <<EOF
index items
{
    type = rt
    path = $dir/data/$name/items
    rt_field = f0
    rt_field = f1
    rt_field = f2
    rt_field = f3
    rt_field = f4
    rt_field = f5
    rt_field = f6
    rt_field = f7
    rt_attr_bigint = seq
    rt_attr_uint = len0
    rt_attr_uint = len1
    rt_attr_uint = len2
    rt_attr_uint = len3
    rt_attr_uint = len4
    rt_attr_uint = len5
    rt_attr_uint = len6
    rt_attr_uint = len7
    rt_attr_uint = wt0
    rt_attr_uint = wt1
    rt_attr_uint = wt2
    rt_attr_uint = wt3
    rt_attr_uint = wt4
    rt_attr_uint = wt5
    rt_attr_uint = wt6
    rt_attr_uint = wt7
    rt_attr_string = kind_name
    rt_attr_string = name
    rt_attr_string = record
    rt_attr_json = attrs
    rt_mem_limit = 256M
    # Prefix (cof*) and infix (*offe*) searches. Bare words are not expanded
    # (expand_keywords = 0): the search asks for whole words, prefixes and
    # substrings in separate statements, and an expanded word would find all three.
    dict = keywords
    min_infix_len = 2
    expand_keywords = 0
    charset_table = $charset
}

searchd
{
    listen = 127.0.0.1:$api
    listen = 127.0.0.1:$sql:mysql41
    log = $dir/log/$name.log
    pid_file = $dir/run/$name.searchd-pid
    binlog_path = $dir/data/$name
    max_packet_size = 32M
    listen_backlog = 64
    workers = threads
}
EOF
}

# Starts the cluster, choosing other ports when one was taken meanwhile.
start() {
    local attempt status
    for attempt in 1 2 3; do
        status=0
        start_once "$@" || status=$?
        [[ $status -eq 3 ]] || return "$status"
        echo "note: a port was taken while starting; trying other ports" >&2
    done
    echo "error: could not find free ports on 127.0.0.1 in 3 attempts" >&2
    return 2
}

start_once() {
    local dir="$1" shards="$2"
    command -v searchd >/dev/null || {
        echo "error: searchd not found; install it with: apt-get install sphinxsearch" >&2
        exit 2
    }
    mkdir -p "$dir"
    dir="$(cd "$dir" && pwd)"
    if compgen -G "$dir/run/*.pid" >/dev/null; then stop "$dir" || true; fi
    rm -rf "$dir/data" "$dir/log" "$dir/run" "$dir/conf"
    mkdir -p "$dir/data" "$dir/log" "$dir/run" "$dir/conf"
    local charset
    # One mapping a line, joined by continued lines: searchd refuses long lines.
    charset="$(sed -e '$!s/$/, \\/' "$root/scripts/cluster/charset_table.txt")"

    local agents=() pids=() ports=() apis=() i api sql
    for ((i = 0; i < shards; i++)); do
        api="$(free_port 2)"
        sql=$((api + 1))
        mkdir -p "$dir/data/shard$i"
        shard_config "$dir" "shard$i" "$api" "$sql" "$charset" >"$dir/conf/shard$i.conf"
        agents+=("    agent = 127.0.0.1:$api:items")
        ports+=("$sql")
        apis+=("$api")
    done
    local agg_api agg_sql
    agg_api="$(free_port)"
    agg_sql="$(free_port)"
    {
        echo "index items"
        echo "{"
        echo "    type = distributed"
        printf '%s\n' "${agents[@]}"
        echo "    agent_connect_timeout = 300"
        echo "    agent_query_timeout = 3000"
        echo "}"
        echo
        echo "searchd"
        echo "{"
        echo "    listen = 127.0.0.1:$agg_api"
        echo "    listen = 127.0.0.1:$agg_sql:mysql41"
        echo "    log = $dir/log/aggregator.log"
        echo "    pid_file = $dir/run/aggregator.searchd-pid"
        echo "    binlog_path ="
        echo "    listen_backlog = 64"
        echo "    workers = threads"
        echo "}"
    } >"$dir/conf/aggregator.conf"

    # Stops what started when a later server fails to come up.
    trap 'stop "$dir" >/dev/null 2>&1 || true' ERR
    local name conf pid
    for name in $(seq -f 'shard%g' 0 $((shards - 1))) aggregator; do
        conf="$dir/conf/$name.conf"
        # --nodetach: no watchdog process, and this PID is the server's.
        searchd -c "$conf" --nodetach >"$dir/log/$name.out" 2>&1 </dev/null &
        pid=$!
        echo "$pid" >"$dir/run/$name.pid"
        pids+=("$pid")
    done
    local ready=0
    for ((i = 0; i < shards; i++)); do
        wait_ready "${pids[$i]}" "${ports[$i]}" "$dir/log/shard$i.out" "${apis[$i]}" || ready=$?
        if ((ready != 0)); then break; fi
    done
    if ((ready == 0)); then
        wait_ready "${pids[$shards]}" "$agg_sql" "$dir/log/aggregator.out" "$agg_api" || ready=$?
    fi
    if ((ready != 0)); then
        trap - ERR
        stop "$dir" || true
        return "$((ready == 3 ? 3 : 2))"
    fi
    trap - ERR
    if [[ -n "$owner" ]]; then
        # Watches the owner from a process of its own, detached from this one.
        (
            while alive "$owner" && compgen -G "$dir/run/*.pid" >/dev/null; do sleep 1; done
            stop "$dir" >/dev/null 2>&1 || true
        ) </dev/null >/dev/null 2>&1 &
        disown
    fi
    echo "sphinxql://127.0.0.1:$agg_sql/items" >"$dir/url"
    echo "started $shards shards and an aggregator in $dir (stop with: scripts/cluster.sh stop $dir)" >&2
    echo "sphinxql://127.0.0.1:$agg_sql/items"
}

main() {
    [[ $# -ge 2 ]] || usage
    local command="$1"
    dir="$2"
    shift 2
    case "$command" in
    start)
        shards=2
        owner=""
        while [[ $# -gt 0 ]]; do
            case "$1" in
            --owner)
                [[ $# -ge 2 && "$2" =~ ^[0-9]+$ ]] || { echo "error: --owner takes a process id" >&2; exit 64; }
                owner="$2"
                shift 2
                ;;
            --shards)
                [[ $# -ge 2 && "$2" =~ ^[1-9][0-9]?$ ]] || { echo "error: --shards takes a number from 1 to 99" >&2; exit 64; }
                shards="$2"
                shift 2
                ;;
            *) usage ;;
            esac
        done
        start "$dir" "$shards" || exit $?
        ;;
    stop)
        [[ $# -eq 0 ]] || usage
        [[ -d "$dir" ]] || { echo "error: $dir: no such folder" >&2; exit 2; }
        stop "$dir"
        ;;
    *) usage ;;
    esac
}

# Sourced (by a test of its functions), it only defines them.
if [[ "${BASH_SOURCE[0]}" == "$0" ]]; then main "$@"; fi
