#!/usr/bin/env bash
# Runs a local Sphinx search cluster for `search --source` and
# `search --push`: N shard servers, each with one real-time index `items`,
# and one aggregator whose distributed index `items` fans every query out to
# them. Everything listens on 127.0.0.1 only (searchd checks no password).
#
#   scripts/cluster.sh start DIR [--shards N] [--owner PID] [--fresh]
#       Starts the cluster in DIR and prints its URL last (DIR/url holds it).
#       A DIR that holds a stopped cluster is resumed: the same data, the
#       same ports, the same URL. A running one is refused. --fresh wipes
#       DIR's cluster first and starts an empty one on new ports. With
#       --owner, the servers stop when process PID exits (a test process
#       that crashes leaves none behind).
#   scripts/cluster.sh stop DIR      stops the servers by their PIDs; the data stays
#   scripts/cluster.sh status DIR    each server up or down, records per shard, the total and the URL;
#                                    exit 0 when every server is up, 3 when one is not
#   scripts/cluster.sh destroy DIR   stops the servers and deletes the cluster's data
#
# DIR holds the configs (conf/), the data and binlogs (data/: kept over
# stop, start, a killed searchd and a reboot), the logs (log/) and the PIDs
# (run/). Each shard's SphinxQL port is its agent port + 1, which is how
# `search --push` finds the shards from the aggregator's URL.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"

usage() {
    echo "usage: scripts/cluster.sh start DIR [--shards N] [--owner PID] [--fresh] | stop DIR | status DIR | destroy DIR" >&2
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

# Runs one SphinxQL statement (ASCII) on 127.0.0.1 port $1 and prints the
# first value of its first row; nothing when it fails. The login, the
# statement and the goodbye go out at once; the server answers each in turn
# and closes, and the answer is read to its end.
first_value() {
    local port="$1" sql="$2" fd length
    { exec {fd}<>"/dev/tcp/127.0.0.1/$port"; } 2>/dev/null || return 0
    length=$((${#sql} + 1))
    {
        # HandshakeResponse41: 35 bytes, sequence 1; capabilities LONG_PASSWORD,
        # PROTOCOL_41, SECURE_CONNECTION; 16 MB packets; utf8; user "x"; no password.
        printf '\x23\x00\x00\x01\x01\x82\x00\x00\x00\x00\x00\x01\x21'
        printf '\x00%.0s' $(seq 23)
        printf 'x\x00\x00'
        printf "\\x$(printf %02x $((length & 255)))\\x$(printf %02x $((length >> 8 & 255)))\\x00\\x00\\x03"
        printf '%s' "$sql"
        printf '\x01\x00\x00\x00\x01'
    } >&"$fd" 2>/dev/null || { exec {fd}>&-; return 0; }
    timeout 2 cat <&"$fd" 2>/dev/null | od -An -tu1 -v | awk '
        { for (i = 1; i <= NF; i++) bytes[n++] = $i }
        function length_at(p) { return bytes[p] + bytes[p + 1] * 256 + bytes[p + 2] * 65536 }
        END {
            p = 0
            p += 4 + length_at(p)                      # the greeting
            if (bytes[p + 4] != 0) exit                # the login was refused
            p += 4 + length_at(p)
            if (bytes[p + 4] == 255) exit              # the statement failed
            columns = bytes[p + 4]
            p += 4 + length_at(p)
            for (c = 0; c < columns; c++) p += 4 + length_at(p)
            p += 4 + length_at(p)                      # the end of the columns
            if (bytes[p + 4] == 254) exit              # no rows
            size = bytes[p + 4]
            if (size >= 251) exit
            for (i = 0; i < size; i++) printf "%c", bytes[p + 5 + i]
        }' || true
    exec {fd}>&- 2>/dev/null || true
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
    for _ in $(seq 600); do
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
    echo "error: searchd (pid $pid) did not greet on 127.0.0.1:$port within 30 s" >&2
    return 1
}

# The names of the servers of cluster $1, shards first.
servers() {
    local dir="$1" conf
    for conf in "$dir"/conf/shard*.conf; do
        [[ -e "$conf" ]] && basename "$conf" .conf
    done | sort -V
    [[ -e "$dir/conf/aggregator.conf" ]] && echo aggregator
    return 0
}

# The SphinxQL port a server's config listens on.
sql_port() {
    sed -n 's/^ *listen = 127\.0\.0\.1:\([0-9]*\):mysql41$/\1/p' "$1" | head -1
}

# The agent (binary protocol) port a server's config listens on.
api_port() {
    sed -n 's/^ *listen = 127\.0\.0\.1:\([0-9]*\)$/\1/p' "$1" | head -1
}

# The PIDs of the servers of cluster $1 that are running.
running() {
    local dir="$1" pidfile pid
    shopt -s nullglob
    for pidfile in "$dir"/run/*.pid; do
        pid="$(cat "$pidfile")"
        if alive "$pid"; then echo "$pid"; fi
    done
}

stop() {
    local dir="$1" pid pidfile status=0
    shopt -s nullglob
    for pidfile in "$dir"/run/*.pid; do
        pid="$(cat "$pidfile")"
        if alive "$pid"; then
            # SIGTERM: searchd saves its real-time indexes and exits.
            kill -TERM "$pid" 2>/dev/null || true
            for _ in $(seq 600); do
                alive "$pid" || break
                sleep 0.05
            done
            if alive "$pid"; then
                echo "warning: searchd (pid $pid) ignored SIGTERM for 30 s; killing it (its binlog keeps the data)" >&2
                kill -KILL "$pid" 2>/dev/null || status=1
            fi
        fi
        rm -f "$pidfile"
    done
    return "$status"
}

# The `index` and `searchd` sections of a shard's config. The index's
# fields and attributes are those of `ClusterLayout` (Sources/SphinxCluster/
# Layout): a test holds the two together.
shard_config() {
    local dir="$1" name="$2" api="$3" sql="$4" slot
    echo "index items"
    echo "{"
    echo "    type = rt"
    echo "    path = $dir/data/$name/items"
    for slot in 0 1 2 3 4 5 6 7; do echo "    rt_field = f$slot"; done
    for slot in 0 1 2 3 4 5 6 7; do echo "    rt_field = tr$slot"; done
    echo "    rt_field = fz"
    echo "    rt_field = nf"
    echo "    rt_attr_bigint = seq"
    echo "    rt_attr_uint = line"
    echo "    rt_attr_string = src"
    echo "    rt_attr_string = kind_name"
    echo "    rt_attr_string = record"
    echo "    rt_attr_json = attrs"
    for attribute in wt len ir; do
        for slot in 0 1 2 3 4 5 6 7; do echo "    rt_attr_uint = $attribute$slot"; done
    done
    cat <<EOF
    rt_mem_limit = 256M
    # The texts arrive as search's own tokens: letters, digits and _ only.
    # Prefixes (_wcof*) and parts of words (*offe*) need dict = keywords and
    # min_infix_len; no word is expanded by itself (expand_keywords = 0).
    charset_table = 0..9, a..z, _, A..Z->a..z
    dict = keywords
    min_infix_len = 2
    expand_keywords = 0
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

# Starts the servers of the cluster whose configs are in $1/conf, and waits
# until each answers. Status 3 when one's port is another process's.
launch() {
    local dir="$1" name conf pid ready=0
    local names=() pids=()
    mapfile -t names < <(servers "$dir")
    mkdir -p "$dir/log" "$dir/run"
    # Stops what started when a later server fails to come up.
    trap 'stop "$dir" >/dev/null 2>&1 || true' ERR
    for name in "${names[@]}"; do
        conf="$dir/conf/$name.conf"
        # --nodetach: no watchdog process, and this PID is the server's.
        searchd -c "$conf" --nodetach >"$dir/log/$name.out" 2>&1 </dev/null &
        pid=$!
        echo "$pid" >"$dir/run/$name.pid"
        pids+=("$pid")
    done
    local i
    for i in "${!names[@]}"; do
        conf="$dir/conf/${names[$i]}.conf"
        wait_ready "${pids[$i]}" "$(sql_port "$conf")" "$dir/log/${names[$i]}.out" "$(api_port "$conf")" || ready=$?
        if ((ready != 0)); then break; fi
    done
    trap - ERR
    if ((ready != 0)); then
        stop "$dir" || true
        return "$ready"
    fi
    return 0
}

# Writes the configs of a new cluster of $2 shards in $1, on free ports.
configure() {
    local dir="$1" shards="$2" i api sql agents=()
    rm -rf "$dir/data" "$dir/log" "$dir/run" "$dir/conf" "$dir/url"
    mkdir -p "$dir/data" "$dir/conf"
    for ((i = 0; i < shards; i++)); do
        api="$(free_port 2)"
        sql=$((api + 1))
        mkdir -p "$dir/data/shard$i"
        shard_config "$dir" "shard$i" "$api" "$sql" >"$dir/conf/shard$i.conf"
        agents+=("    agent = 127.0.0.1:$api:items")
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
}

start() {
    local dir="$1" shards="$2" fresh="$3" given_shards="$4"
    command -v searchd >/dev/null || {
        echo "error: searchd not found; install it with: apt-get install sphinxsearch" >&2
        exit 2
    }
    mkdir -p "$dir"
    dir="$(cd "$dir" && pwd)"
    if [[ -n "$(running "$dir")" ]]; then
        echo "error: a cluster is running in $dir (pids $(running "$dir" | tr '\n' ' ' | sed 's/ $//')); stop it first: scripts/cluster.sh stop $dir" >&2
        exit 2
    fi
    local status=0
    if [[ -z "$fresh" && -e "$dir/conf/aggregator.conf" ]]; then
        # Resume: the same configs, so the same ports, data and URL.
        local had
        had="$(servers "$dir" | grep -c '^shard' || true)"
        if [[ -n "$given_shards" && "$given_shards" != "$had" ]]; then
            echo "error: $dir holds a cluster of $had shards, not $given_shards; start it as it is, or with --fresh to wipe it" >&2
            exit 2
        fi
        launch "$dir" || status=$?
        if ((status == 3)); then
            echo "error: a port of the cluster in $dir is taken by another process; free it, or start with --fresh (which wipes the data) on new ports" >&2
            exit 2
        fi
        ((status == 0)) || exit 2
        shards="$had"
        echo "resumed $shards shards and an aggregator in $dir (stop with: scripts/cluster.sh stop $dir)" >&2
    else
        local attempt
        for attempt in 1 2 3; do
            configure "$dir" "$shards"
            status=0
            launch "$dir" || status=$?
            ((status == 3)) || break
            echo "note: a port was taken while starting; trying other ports" >&2
        done
        if ((status == 3)); then
            echo "error: could not find free ports on 127.0.0.1 in 3 attempts" >&2
            exit 2
        fi
        ((status == 0)) || exit 2
        echo "started $shards shards and an aggregator in $dir (stop with: scripts/cluster.sh stop $dir)" >&2
    fi
    if [[ -n "$owner" ]]; then
        # Watches the owner from a process of its own, detached from this one.
        (
            while alive "$owner" && compgen -G "$dir/run/*.pid" >/dev/null; do sleep 1; done
            stop "$dir" >/dev/null 2>&1 || true
        ) </dev/null >/dev/null 2>&1 &
        disown
    fi
    local url
    url="sphinxql://127.0.0.1:$(sql_port "$dir/conf/aggregator.conf")/items"
    echo "$url" >"$dir/url"
    echo "$url"
}

status() {
    local dir="$1" name conf pid state count total=0 down=0 shards=0
    [[ -e "$dir/conf/aggregator.conf" ]] || { echo "error: $dir holds no cluster (no conf/aggregator.conf)" >&2; exit 2; }
    printf '%-11s %-6s %-8s %-16s %s\n' SERVER STATE PID ADDRESS RECORDS
    while read -r name; do
        conf="$dir/conf/$name.conf"
        pid="$(cat "$dir/run/$name.pid" 2>/dev/null || true)"
        state=down
        if [[ -n "$pid" ]] && alive "$pid" && [[ "$(awk '{print $5}' <<<"$(greeting "$(sql_port "$conf")")")" == 10 ]]; then
            state=up
        fi
        count="-"
        if [[ "$name" == shard* ]]; then
            shards=$((shards + 1))
            if [[ "$state" == up ]]; then
                count="$(first_value "$(sql_port "$conf")" "SELECT COUNT(*) FROM items")"
                [[ "$count" =~ ^[0-9]+$ ]] && total=$((total + count)) || count="?"
            fi
        fi
        [[ "$state" == up ]] || down=$((down + 1))
        printf '%-11s %-6s %-8s %-16s %s\n' "$name" "$state" "${pid:--}" "127.0.0.1:$(sql_port "$conf")" "$count"
    done < <(servers "$dir")
    echo "total: $total records in $shards shards$( ((down > 0)) && echo "; $down server(s) down" )"
    echo "url: sphinxql://127.0.0.1:$(sql_port "$dir/conf/aggregator.conf")/items"
    ((down == 0)) || return 3
}

destroy() {
    local dir="$1"
    [[ -e "$dir/conf/aggregator.conf" ]] || { echo "error: $dir holds no cluster (no conf/aggregator.conf); nothing deleted" >&2; exit 2; }
    stop "$dir" || true
    rm -rf "$dir/data" "$dir/log" "$dir/run" "$dir/conf" "$dir/url"
    rmdir "$dir" 2>/dev/null || true
    echo "destroyed the cluster in $dir" >&2
}

main() {
    [[ $# -ge 2 ]] || usage
    local command="$1"
    dir="$2"
    shift 2
    case "$command" in
    start)
        local shards=2 given_shards="" fresh=""
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
                given_shards="$2"
                shift 2
                ;;
            --fresh)
                fresh=1
                shift
                ;;
            *) usage ;;
            esac
        done
        start "$dir" "$shards" "$fresh" "$given_shards"
        ;;
    stop)
        [[ $# -eq 0 ]] || usage
        [[ -d "$dir" ]] || { echo "error: $dir: no such folder" >&2; exit 2; }
        stop "$dir"
        ;;
    status)
        [[ $# -eq 0 ]] || usage
        status "$dir"
        ;;
    destroy)
        [[ $# -eq 0 ]] || usage
        destroy "$dir"
        ;;
    *) usage ;;
    esac
}

# Sourced (by a test of its functions), it only defines them.
if [[ "${BASH_SOURCE[0]}" == "$0" ]]; then main "$@"; fi
