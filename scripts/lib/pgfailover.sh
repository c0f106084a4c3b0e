# SPDX-License-Identifier: GPL-3.0-or-later
# shellcheck shell=bash
# Throwaway PostgreSQL with pg_auto_failover on 127.0.0.1 for tests: pgfailover_start DIR /
# pgfailover_stop DIR, and for the fault tests pgfailover_kill_primary DIR,
# pgfailover_wait_primary DIR TIMEOUT_S, pgfailover_restart DIR N and pgfailover_state DIR.
# Sourced after common.sh.
#
# A monitor and two nodes (node1 starts as the primary, node2 is its synchronous standby), each
# run by its own pg_autoctl, which starts and stops its Postgres. Everything lives under DIR:
# the data directories (DIR/monitor, DIR/node1, DIR/node2), pg_autoctl's configuration, state
# and pid files (DIR/home, its HOME and XDG directories), the Unix sockets (DIR/sock), the logs
# (DIR/NAME.log) and the ports (DIR/NAME.port). The servers listen on random ports of
# 127.0.0.1 with trust authentication; the database lockscope_test is owned by the user
# lockscope, which has a password too.

PGFAILOVER_BIN=/usr/lib/postgresql/15/bin # the PostgreSQL that postgresql-15-auto-failover is for

# pgfailover_env DIR: the environment of pg_autoctl and its Postgres, one VAR=VALUE a line.
pgfailover_env() {
    local dir=$1
    printf '%s\n' "HOME=$dir/home" "XDG_CONFIG_HOME=$dir/home/config" \
        "XDG_DATA_HOME=$dir/home/data" "XDG_RUNTIME_DIR=$dir/home/run" \
        "PG_CONFIG=$PGFAILOVER_BIN/pg_config" "PATH=$PGFAILOVER_BIN:$PATH" \
        "PGHOST=$dir/sock" \
        "PG_REGRESS_SOCK_DIR=$dir/sock" # pg_autoctl starts Postgres with -k this directory
}

# pgfailover_as_user DIR CMD...: run CMD as the server user (nobody when we are root), in DIR,
# with pg_autoctl's environment.
pgfailover_as_user() {
    local dir=$1 vars=()
    shift
    mapfile -t vars < <(pgfailover_env "$dir")
    as_server_user "$dir" env -u PGPORT -u PGUSER -u PGDATABASE -u PGSERVICE "${vars[@]}" "$@"
}

# pgfailover_superuser: the name of the nodes' superuser (initdb's default: the server user).
pgfailover_superuser() {
    if [[ $EUID -eq 0 ]]; then echo nobody; else id -un; fi
}

# pgfailover_psql DIR NAME ARG...: psql as the superuser of NAME (monitor, node1, node2) over its
# socket: quiet, unaligned, tuples only, stopping at the first error.
pgfailover_psql() {
    local dir=$1 name=$2
    shift 2
    "$PGFAILOVER_BIN/psql" -X -q -At -v ON_ERROR_STOP=1 -h "$dir/sock" -p "$(<"$dir/$name.port")" \
        -U "$(pgfailover_superuser)" "$@"
}

# pgfailover_launch DIR NAME PG_AUTOCTL_ARG...: run pg_autoctl in the background, in a session
# of its own (no terminal signals; pgfailover_kill_session can end it).
pgfailover_launch() {
    local dir=$1 name=$2 pg_autoctl vars=()
    shift 2
    pg_autoctl=$(find_program pg_autoctl) || return 1
    mapfile -t vars < <(pgfailover_env "$dir")
    if [[ $EUID -eq 0 ]]; then
        (cd "$dir" && exec setsid "$(find_program runuser)" -u nobody -- env -u PGPORT -u PGUSER \
            -u PGDATABASE -u PGSERVICE "${vars[@]}" "$pg_autoctl" "$@" </dev/null >>"$dir/$name.log" 2>&1) &
    else
        (cd "$dir" && exec setsid env -u PGPORT -u PGUSER -u PGDATABASE -u PGSERVICE "${vars[@]}" \
            "$pg_autoctl" "$@" </dev/null >>"$dir/$name.log" 2>&1) &
    fi
    echo "$!" >"$dir/$name.launch-pid"
    disown "$!" # a node killed by pgfailover_kill_primary is not reported as a job of this shell
}

# pgfailover_session_pids DIR NAME: the pids of the session started by pgfailover_launch DIR
# NAME (pg_autoctl, its services and the postmaster; Postgres' own children live in sessions of
# their own). Prints nothing when that session has ended: a session is only ours while one of
# its processes names DIR/NAME on its command line.
pgfailover_session_pids() {
    local dir=$1 name=$2 sid pid ours=no pids=()
    [[ -s $dir/$name.launch-pid ]] || return 0
    sid=$(<"$dir/$name.launch-pid")
    mapfile -t pids < <(pgrep -s "$sid" 2>/dev/null || true)
    for pid in "${pids[@]}"; do
        if tr '\0' ' ' 2>/dev/null <"/proc/$pid/cmdline" | grep -qF -- "$dir/$name "; then
            ours=yes
        fi
    done
    [[ $ours == yes ]] && printf '%s\n' "${pids[@]}"
    return 0
}

# pgfailover_postmaster DIR NAME: print the pid of NAME's postmaster if it runs.
pgfailover_postmaster() {
    local dir=$1 name=$2 pid
    [[ -s $dir/$name/postmaster.pid ]] || return 1
    pid=$(head -n 1 "$dir/$name/postmaster.pid")
    [[ $(cat "/proc/$pid/comm" 2>/dev/null) == postgres ]] && process_alive "$pid" || return 1
    echo "$pid"
}

# pgfailover_kill_session DIR NAME: SIGKILL of NAME's pg_autoctl processes, its postmaster and
# the postmaster's children, all at once (a crash of that machine). Never fails.
pgfailover_kill_session() {
    local dir=$1 name=$2 postmaster="" pids=() i
    mapfile -t pids < <(pgfailover_session_pids "$dir" "$name")
    if postmaster=$(pgfailover_postmaster "$dir" "$name"); then
        pids+=("$postmaster")
        mapfile -t -O "${#pids[@]}" pids < <(pgrep -P "$postmaster" 2>/dev/null || true)
    fi
    [[ ${#pids[@]} -gt 0 ]] || return 0
    kill -KILL "${pids[@]}" 2>/dev/null || true
    for ((i = 0; i < 100; i++)); do
        process_alive "${pids[@]}" || break
        sleep 0.1
    done
    return 0
}

# pgfailover_states DIR: the monitor's view, one node a line: name, port, reported state,
# assigned state.
pgfailover_states() {
    local dir=$1
    pgfailover_psql "$dir" monitor -F ' ' -d pg_auto_failover \
        -c "SELECT nodename, nodeport, reportedstate, goalstate FROM pgautofailover.node ORDER BY nodeid" \
        2>/dev/null
}

# pgfailover_node_state DIR N: node N's reported and assigned states ("secondary secondary").
pgfailover_node_state() {
    local dir=$1 n=$2
    pgfailover_states "$dir" | awk -v node="node$n" '$1 == node { print $3, $4 }'
}

# pgfailover_writable DIR N: whether node N is a primary that takes writes: the monitor says so
# (single, wait_primary or primary, reached) and its Postgres is out of recovery.
pgfailover_writable() {
    local dir=$1 n=$2 state
    state=$(pgfailover_node_state "$dir" "$n")
    case $state in
    "single single" | "wait_primary wait_primary" | "primary primary") ;;
    *) return 1 ;;
    esac
    [[ $(pgfailover_psql "$dir" "node$n" -d postgres -c "SELECT pg_is_in_recovery()" 2>/dev/null) == f ]]
}

# pgfailover_wait_state DIR N TIMEOUT_S STATE...: wait until node N has reached one of the
# STATEs (reported and assigned alike) and its Postgres answers.
pgfailover_wait_state() {
    local dir=$1 n=$2 timeout=$3 state="" i wanted
    shift 3
    for ((i = 0; i < timeout * 4; i++)); do
        state=$(pgfailover_node_state "$dir" "$n" || true)
        for wanted in "$@"; do
            [[ $state == "$wanted $wanted" ]] &&
                pgfailover_psql "$dir" "node$n" -d postgres -c "SELECT 1" >/dev/null 2>&1 && return 0
        done
        sleep 0.25
    done
    log "error: pg_auto_failover node $n is not $* after $timeout s (${state:-unknown}); end of $dir/node$n.log:"
    tail -n 20 "$dir/node$n.log" >&2
    return 1
}

# pgfailover_start DIR: create and start the monitor, the primary and its standby, and export
# LOCKSCOPE_TEST_PGFAILOVER_URL (both nodes, for the read-write one) and
# LOCKSCOPE_TEST_PGFAILOVER_DIR.
pgfailover_start() {
    local dir=$1 name port used=() monitor_url url i
    find_program pg_autoctl >/dev/null || { log "(package pg-auto-failover-cli)"; return 1; }
    if [[ ! -x $PGFAILOVER_BIN/pg_ctl || ! -f $PGFAILOVER_BIN/../lib/pgautofailover.so ]]; then
        log "error: PostgreSQL 15 with pg_auto_failover not found (packages postgresql-15-auto-failover, postgresql)"
        return 1
    fi
    prepare_server_dir "$dir" || return 1
    as_server_user "$dir" mkdir -p home/config home/data home/run sock || return 1
    for name in monitor node1 node2; do
        while :; do
            port=$(free_cluster_port) || return 1
            [[ " ${used[*]} " == *" $port "* ]] || break
        done
        used+=("$port")
        echo "$port" >"$dir/$name.port"
    done
    monitor_url="postgres://autoctl_node@127.0.0.1:$(<"$dir/monitor.port")/pg_auto_failover?sslmode=disable"
    # Common to every pg_autoctl create: loopback only, no TLS, trust (tests only).
    local common=(--pgctl "$PGFAILOVER_BIN/pg_ctl" --listen 127.0.0.1 --hostname 127.0.0.1
        --auth trust --no-ssl)

    # Fast test settings: no fsync (a commit still reaches the operating system, and the standby,
    # before it is acknowledged). LOCKSCOPE_DURABLE=1: as production runs it. full_page_writes
    # stays on (pg_rewind needs it when a failed primary rejoins), and synchronous_commit is what
    # pg_auto_failover sets (on, with a synchronous standby).
    local fsync=off
    [[ ${LOCKSCOPE_DURABLE:-0} == 1 ]] && fsync=on

    log "pg_auto_failover: creating the monitor on 127.0.0.1:$(<"$dir/monitor.port")"
    if ! pgfailover_as_user "$dir" pg_autoctl create monitor --pgdata "$dir/monitor" \
        --pgport "$(<"$dir/monitor.port")" "${common[@]}" >"$dir/monitor-create.log" 2>&1; then
        log "error: pg_autoctl create monitor failed; end of $dir/monitor-create.log:"
        tail -n 20 "$dir/monitor-create.log" >&2
        pgfailover_stop "$dir"
        return 1
    fi
    # Its postgresql.conf includes pg_auto_failover's settings on its first line: what follows
    # wins. Health checks every second, a node unhealthy after 3 s, a primary that lost the
    # monitor demoting itself after 5 s: a killed primary fails over in about 10 s.
    cat >>"$dir/monitor/postgresql.conf" <<CONF

# Lockscope's test settings (pgfailover.sh)
fsync = $fsync
pgautofailover.health_check_period = 1000
pgautofailover.health_check_timeout = 1000
pgautofailover.health_check_max_retries = 1
pgautofailover.health_check_retry_delay = 500
pgautofailover.node_considered_unhealthy_timeout = 3000
pgautofailover.primary_demote_timeout = 5000
CONF
    pgfailover_launch "$dir" monitor run --pgdata "$dir/monitor" || return 1
    for ((i = 0; i < 240; i++)); do
        pgfailover_psql "$dir" monitor -d pg_auto_failover -c "SELECT 1 FROM pgautofailover.formation" \
            >/dev/null 2>&1 && break
        sleep 0.25
    done
    if ((i == 240)); then
        log "error: the pg_auto_failover monitor did not start; end of $dir/monitor.log:"
        tail -n 20 "$dir/monitor.log" >&2
        pgfailover_stop "$dir"
        return 1
    fi

    # node1: created (initdb, registered as single) and stopped, given the test settings, run.
    log "pg_auto_failover: creating the primary on 127.0.0.1:$(<"$dir/node1.port") (fsync=$fsync)"
    if ! pgfailover_as_user "$dir" pg_autoctl create postgres --pgdata "$dir/node1" \
        --pgport "$(<"$dir/node1.port")" --name node1 --monitor "$monitor_url" "${common[@]}" \
        >"$dir/node1-create.log" 2>&1; then
        log "error: pg_autoctl create postgres failed for the primary; end of $dir/node1-create.log:"
        tail -n 20 "$dir/node1-create.log" >&2
        pgfailover_stop "$dir"
        return 1
    fi
    # As postgres.sh's server (pg_auto_failover would size shared_buffers to the machine); the
    # standby copies this file with the data directory.
    cat >>"$dir/node1/postgresql.conf" <<CONF

# Lockscope's test settings (pgfailover.sh)
fsync = $fsync
max_connections = 300
shared_buffers = 128MB
CONF
    pgfailover_launch "$dir" node1 run --pgdata "$dir/node1" || return 1
    if ! pgfailover_wait_state "$dir" 1 60 single; then
        pgfailover_stop "$dir"
        return 1
    fi

    if ! pgfailover_psql "$dir" node1 -d postgres >"$dir/setup.log" 2>&1 <<SQL; then
CREATE ROLE lockscope LOGIN PASSWORD '$TEST_DB_PASSWORD';
CREATE DATABASE lockscope_test OWNER lockscope;
CHECKPOINT;
SQL
        log "error: creating database lockscope_test failed:"
        cat "$dir/setup.log" >&2
        pgfailover_stop "$dir"
        return 1
    fi

    # node2: a copy of node1 (pg_basebackup), then its synchronous standby. The CHECKPOINT above
    # leaves the spread checkpoint that pg_basebackup starts with little to write (after CREATE
    # DATABASE, it would take a minute and a half).
    log "pg_auto_failover: creating the standby on 127.0.0.1:$(<"$dir/node2.port")"
    pgfailover_launch "$dir" node2 create postgres --pgdata "$dir/node2" \
        --pgport "$(<"$dir/node2.port")" --name node2 --monitor "$monitor_url" "${common[@]}" --run ||
        return 1
    if ! pgfailover_wait_state "$dir" 2 120 secondary || ! pgfailover_wait_state "$dir" 1 60 primary; then
        pgfailover_stop "$dir"
        return 1
    fi

    url="postgresql://lockscope:$TEST_DB_PASSWORD@127.0.0.1:$(<"$dir/node1.port"),127.0.0.1:$(<"$dir/node2.port")/lockscope_test?target_session_attrs=read-write"
    if [[ $("$PGFAILOVER_BIN/psql" -X -At "$url" -c "SELECT current_setting('port')" 2>>"$dir/setup.log") != "$(<"$dir/node1.port")" ]]; then
        log "error: $url does not reach the primary as lockscope; see $dir/setup.log"
        pgfailover_stop "$dir"
        return 1
    fi
    export LOCKSCOPE_TEST_PGFAILOVER_URL=$url
    export LOCKSCOPE_TEST_PGFAILOVER_DIR=$dir
    log "pg_auto_failover: ready, primary 127.0.0.1:$(<"$dir/node1.port"), standby 127.0.0.1:$(<"$dir/node2.port"), monitor 127.0.0.1:$(<"$dir/monitor.port") (database lockscope_test)"
}

# pgfailover_stop_one DIR NAME: ask NAME's pg_autoctl to stop (it stops its Postgres), without
# waiting.
pgfailover_stop_one() {
    local dir=$1 name=$2
    [[ -n $(pgfailover_session_pids "$dir" "$name") ]] || return 0
    pgfailover_as_user "$dir" pg_autoctl stop --pgdata "$dir/$name" >/dev/null 2>&1 ||
        kill -TERM "$(<"$dir/$name.launch-pid")" 2>/dev/null || true
}

# pgfailover_wait_stopped DIR NAME: wait up to 60 s for NAME's pg_autoctl and Postgres to end,
# then kill what is left. Never fails.
pgfailover_wait_stopped() {
    local dir=$1 name=$2 i
    for ((i = 0; i < 240; i++)); do
        [[ -z $(pgfailover_session_pids "$dir" "$name") ]] &&
            ! pgfailover_postmaster "$dir" "$name" >/dev/null && return 0
        sleep 0.25
    done
    log "warning: pg_auto_failover $name did not stop in 60 s, killing it"
    pgfailover_kill_session "$dir" "$name"
    return 0
}

# pgfailover_stop DIR: stop what pgfailover_start DIR started: the monitor first (so that it
# orders no failover while the nodes stop), then the nodes. Never fails.
pgfailover_stop() {
    local dir=$1 name running=()
    [[ -d $dir ]] || return 0
    for name in monitor node1 node2; do
        if [[ -n $(pgfailover_session_pids "$dir" "$name") ]] ||
            pgfailover_postmaster "$dir" "$name" >/dev/null; then
            running+=("$name")
        fi
    done
    [[ ${#running[@]} -gt 0 ]] || return 0
    log "pg_auto_failover: stopping ${running[*]}"
    for name in "${running[@]}"; do
        pgfailover_stop_one "$dir" "$name"
        [[ $name == monitor ]] && pgfailover_wait_stopped "$dir" monitor
    done
    for name in "${running[@]}"; do
        pgfailover_wait_stopped "$dir" "$name"
    done
    return 0
}

# pgfailover_primary DIR: print the number of the node that the monitor has as the primary.
pgfailover_primary() {
    local dir=$1
    pgfailover_states "$dir" |
        awk '$3 ~ /^(single|wait_primary|primary)$/ { sub(/^node/, "", $1); print $1; exit }' | grep .
}

# pgfailover_kill_primary DIR: SIGKILL of the primary's Postgres and of its pg_autoctl (nothing
# demotes it: the monitor fails over to the standby). Prints the killed node's number;
# pgfailover_restart DIR N brings it back.
pgfailover_kill_primary() {
    local dir=$1 n
    n=$(pgfailover_primary "$dir") || { log "error: the monitor names no primary"; return 1; }
    pgfailover_kill_session "$dir" "node$n"
    echo "$n" >"$dir/killed"
    log "pg_auto_failover: killed node$n, the primary (127.0.0.1:$(<"$dir/node$n.port"))"
    echo "$n"
}

# pgfailover_wait_primary DIR TIMEOUT_S: wait until a node other than the one that
# pgfailover_kill_primary killed (any node if none was killed) is a primary that takes writes;
# print its port.
pgfailover_wait_primary() {
    local dir=$1 timeout=${2:-60} killed="" n i
    [[ -s $dir/killed ]] && killed=$(<"$dir/killed")
    for ((i = 0; i < timeout * 4; i++)); do
        for n in 1 2; do
            [[ $n == "$killed" ]] && continue
            if pgfailover_writable "$dir" "$n"; then
                cat "$dir/node$n.port"
                return 0
            fi
        done
        sleep 0.25
    done
    log "error: no primary after $timeout s; the monitor says:"
    pgfailover_states "$dir" >&2
    return 1
}

# pgfailover_restart DIR N: start node N's pg_autoctl again (after pgfailover_kill_primary); it
# rejoins as a standby (pg_rewind onto the new primary). Waits until it is one.
pgfailover_restart() {
    local dir=$1 n=$2 pid
    [[ -s $dir/node$n.port ]] || { log "error: no node$n in $dir"; return 1; }
    if [[ -n $(pgfailover_session_pids "$dir" "node$n") ]] || pgfailover_postmaster "$dir" "node$n" >/dev/null; then
        log "error: node$n is running"
        return 1
    fi
    # A postmaster.pid left by the kill would stop Postgres if its pid were taken meanwhile.
    if [[ -s $dir/node$n/postmaster.pid ]]; then
        pid=$(head -n 1 "$dir/node$n/postmaster.pid")
        process_alive "$pid" || rm -f "$dir/node$n/postmaster.pid"
    fi
    log "pg_auto_failover: restarting node$n"
    pgfailover_launch "$dir" "node$n" run --pgdata "$dir/node$n" || return 1
    pgfailover_wait_state "$dir" "$n" 120 secondary || return 1
    rm -f "$dir/killed"
    log "pg_auto_failover: node$n is a standby again"
}

# pgfailover_state DIR: pg_autoctl show state (the monitor's view of the nodes).
pgfailover_state() {
    local dir=$1
    pgfailover_as_user "$dir" pg_autoctl show state --pgdata "$dir/monitor"
}
