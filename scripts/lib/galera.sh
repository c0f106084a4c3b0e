# SPDX-License-Identifier: GPL-3.0-or-later
# shellcheck shell=bash
# Throwaway 3-node MariaDB Galera cluster on 127.0.0.1 for tests: galera_start DIR /
# galera_stop DIR, galera_node_url DIR N, and for the fault tests (scripts/cluster-fault)
# galera_kill DIR N, galera_restart DIR N and galera_bootstrap DIR N. Sourced after common.sh.
#
# Node N (1, 2, 3) keeps everything under DIR/nodeN: its my.cnf (given to mariadbd as
# --defaults-file), its data directory, its socket, logs and pid files, and the port files
# (port: SQL, gcomm: group communication, ist, sst). Each node listens on random ports of
# 127.0.0.1 only. The cluster has a database lockscope_test and a user lockscope with a password
# and all privileges, on every node.
#
# As root the nodes run as the user mysql (the package's), which owns DIR/node*: the rsync state
# transfer (SST) of a joining node only works when the server runs as the owner of the data
# directory. Otherwise they run as ourselves.

GALERA_PROVIDER=/usr/lib/galera/libgalera_smm.so
GALERA_NODES=(1 2 3)

# galera_as_user DIR CMD...: run CMD as the nodes' user, in directory DIR.
galera_as_user() {
    local dir=$1 runuser
    shift
    if [[ $EUID -eq 0 ]]; then
        runuser=$(find_program runuser) || return 1
        (cd "$dir" && exec "$runuser" -u mysql -- "$@")
    else
        (cd "$dir" && exec "$@")
    fi
}

# galera_as_root DIR N PROGRAM ARG...: run a client program (mariadb, mariadb-admin) as the
# server's root account of node N, over its socket.
galera_as_root() {
    local dir=$1 n=$2 program=$3
    shift 3
    "$program" --no-defaults --socket="$dir/node$n/mysql.sock" -uroot "$@"
}

# galera_status DIR N VARIABLE: print the value of the status variable VARIABLE of node N
# (wsrep_local_state_comment, wsrep_cluster_size, ...); fails when the node does not answer.
galera_status() {
    local dir=$1 n=$2 variable=$3
    galera_as_root "$dir" "$n" mariadb -N -B -e "SHOW GLOBAL STATUS LIKE '$variable'" 2>/dev/null |
        awk '{ print $2 }'
}

# galera_pid DIR N: print the pid of node N's mariadbd if it runs; fails otherwise.
galera_pid() {
    local dir=$1 n=$2 pid=""
    if [[ -s $dir/node$n/mariadb.pid ]]; then
        pid=$(<"$dir/node$n/mariadb.pid")
    fi
    # Between the launch and the pid file, and after a crash that left a stale pid file: the
    # launch pid (setsid runs mariadbd in the process it was given).
    if [[ -z $pid || $(cat "/proc/$pid/comm" 2>/dev/null) != mariadbd ]] &&
        [[ -s $dir/node$n/mariadbd.launch-pid ]]; then
        pid=$(<"$dir/node$n/mariadbd.launch-pid")
    fi
    # Only a pid that is still a mariadbd (and not a zombie) is ours.
    [[ -n $pid && $(cat "/proc/$pid/comm" 2>/dev/null) == mariadbd ]] && process_alive "$pid" || return 1
    echo "$pid"
}

# galera_launch DIR N ARG...: start node N's mariadbd in the background with its my.cnf and
# ARGs (--wsrep-new-cluster, --wsrep-start-position=...).
galera_launch() {
    local dir=$1 n=$2 mariadbd
    shift 2
    mariadbd=$(find_program mariadbd) || return 1
    rm -f "$dir/node$n/mariadb.pid"
    # --defaults-file must come first. setsid: no terminal signals (Ctrl-C), and a process group
    # of its own that galera_stop_node can clean up (the SST scripts and their rsync).
    setsid "$mariadbd" --defaults-file="$dir/node$n/my.cnf" "$@" \
        </dev/null >>"$dir/node$n/mariadbd.out" 2>&1 &
    echo "$!" >"$dir/node$n/mariadbd.launch-pid"
    disown "$!" # a node killed by galera_kill is not reported as a job of this shell
}

# galera_wait_synced DIR N TIMEOUT_S: wait until node N says it is Synced with the cluster.
# Fails when the node dies or the time runs out.
galera_wait_synced() {
    local dir=$1 n=$2 timeout=$3 i pid state
    pid=$(<"$dir/node$n/mariadbd.launch-pid")
    for ((i = 0; i < timeout * 4; i++)); do
        state=$(galera_status "$dir" "$n" wsrep_local_state_comment || true)
        [[ $state == Synced ]] && return 0
        process_alive "$pid" || break # the node died
        sleep 0.25
    done
    log "error: Galera node $n is not Synced (${state:-not answering}); end of $dir/node$n/mariadb.err:"
    tail -n 30 "$dir/node$n/mariadb.err" >&2
    return 1
}

# galera_write_config DIR N FLUSH: node N's my.cnf, from the port files of all nodes.
galera_write_config() {
    local dir=$1 n=$2 flush=$3 m members=() node
    node=$dir/node$n
    for m in "${GALERA_NODES[@]}"; do
        members+=("127.0.0.1:$(<"$dir/node$m/gcomm")")
    done
    local IFS=,
    {
        echo "# Galera node $n of the throwaway test cluster in $dir (written by galera.sh)."
        echo "[mysqld]"
        [[ $EUID -eq 0 ]] && echo "user=mysql"
        echo "datadir=$node/data"
        echo "port=$(<"$node/port")"
        echo "bind-address=127.0.0.1"
        echo "socket=$node/mysql.sock"
        echo "pid-file=$node/mariadb.pid"
        echo "log-error=$node/mariadb.err"
        echo "skip-name-resolve"
        echo "max_connections=300"
        echo "innodb_buffer_pool_size=128M"
        echo "innodb_flush_log_at_trx_commit=$flush"
        echo "# lists user locks (the Database locks tab), as mariadb.sh loads it"
        echo "plugin-load-add=metadata_lock_info"
        echo "# what Galera needs"
        echo "binlog_format=ROW"
        echo "default_storage_engine=InnoDB"
        echo "innodb_autoinc_lock_mode=2"
        echo "wsrep_on=ON"
        echo "wsrep_provider=$GALERA_PROVIDER"
        echo "wsrep_cluster_name=lockscope_test"
        echo "wsrep_cluster_address=gcomm://${members[*]}"
        echo "wsrep_node_name=node$n"
        echo "wsrep_node_address=127.0.0.1:$(<"$node/gcomm")"
        echo "wsrep_node_incoming_address=127.0.0.1:$(<"$node/port")"
        # A node that stops answering is suspected after 3 s and dropped after 6 s (instead of
        # 5 and 15 s), so that a killed node's peers go on quickly.
        echo "wsrep_provider_options='gmcast.listen_addr=tcp://127.0.0.1:$(<"$node/gcomm"); ist.recv_addr=127.0.0.1:$(<"$node/ist"); evs.suspect_timeout=PT3S; evs.inactive_timeout=PT6S; evs.install_timeout=PT6S; evs.join_retrans_period=PT0.5S'"
        echo "wsrep_sst_method=rsync"
        echo "wsrep_sst_receive_address=127.0.0.1:$(<"$node/sst")"
    } >"$node/my.cnf"
}

# galera_start DIR: create and start the three nodes, one after another, and export
# LOCKSCOPE_TEST_GALERA_URLS (the three nodes' URLs, separated by single spaces) and
# LOCKSCOPE_TEST_GALERA_DIR.
galera_start() {
    local dir=$1 n port name used=() urls=()
    find_program mariadbd >/dev/null || return 1
    find_program rsync >/dev/null || return 1 # the state transfer of a joining node
    if [[ ! -f $GALERA_PROVIDER ]]; then
        log "error: $GALERA_PROVIDER not found (package galera-4)"
        return 1
    fi
    if [[ $EUID -eq 0 ]] && ! id mysql >/dev/null 2>&1; then
        log "error: user mysql not found (package mariadb-server creates it)"
        return 1
    fi

    mkdir -p "$dir" || return 1
    chmod 755 "$dir"
    for n in "${GALERA_NODES[@]}"; do
        mkdir -p "$dir/node$n/data" || return 1
        # Twelve ports, all different: SQL, group communication, IST and SST of each node.
        for name in port gcomm ist sst; do
            while :; do
                port=$(free_cluster_port) || return 1
                [[ " ${used[*]} " == *" $port "* ]] || break
            done
            used+=("$port")
            echo "$port" >"$dir/node$n/$name"
        done
        if [[ $EUID -eq 0 ]]; then
            chown -R mysql: "$dir/node$n" || return 1
            if ! galera_as_user "$dir" test -w "$dir/node$n/data"; then
                log "error: user mysql cannot write $dir/node$n (are all its parent directories world-searchable?)"
                return 1
            fi
        fi
    done

    # Fast test settings, as mariadb.sh: the log is written at each commit and flushed once a
    # second. LOCKSCOPE_DURABLE=1: flushed at each commit, as production runs it.
    local flush=2
    [[ ${LOCKSCOPE_DURABLE:-0} == 1 ]] && flush=1
    for n in "${GALERA_NODES[@]}"; do
        galera_write_config "$dir" "$n" "$flush" || return 1
    done

    # Only node 1 gets a data directory here; the others receive a copy of node 1's by SST
    # when they join, and with it the accounts, the database and the time zone tables that are
    # set up below, before they join. (Galera replicates CREATE USER and GRANT, but not the
    # DELETE from mysql.global_priv nor the time zone rows: the mysql.* tables are Aria.)
    log "Galera: creating node 1's data directory in $dir/node1/data"
    if ! galera_as_user "$dir/node1" mariadb-install-db --no-defaults --datadir="$dir/node1/data" \
        --auth-root-authentication-method=normal --skip-test-db >"$dir/node1/install-db.log" 2>&1; then
        log "error: mariadb-install-db failed; end of $dir/node1/install-db.log:"
        tail -n 20 "$dir/node1/install-db.log" >&2
        return 1
    fi

    log "Galera: starting node 1 on 127.0.0.1:$(<"$dir/node1/port") (a new cluster, innodb_flush_log_at_trx_commit=$flush)"
    if ! galera_launch "$dir" 1 --wsrep-new-cluster || ! galera_wait_synced "$dir" 1 90; then
        galera_stop "$dir"
        return 1
    fi

    # On node 1, before the others join (they receive it all by SST, see above).
    if ! mariadb_create_test_database "$dir/setup.log" galera_as_root "$dir" 1; then
        galera_stop "$dir"
        return 1
    fi

    for n in "${GALERA_NODES[@]:1}"; do
        log "Galera: starting node $n on 127.0.0.1:$(<"$dir/node$n/port") (joins by SST from node 1)"
        if ! galera_launch "$dir" "$n" || ! galera_wait_synced "$dir" "$n" 120; then
            galera_stop "$dir"
            return 1
        fi
    done

    # Every node: three members, and the lockscope account over TCP with the time zones.
    for n in "${GALERA_NODES[@]}"; do
        port=$(<"$dir/node$n/port")
        if [[ $(galera_status "$dir" "$n" wsrep_cluster_size) != "${#GALERA_NODES[@]}" ]] ||
            [[ $(mariadb --no-defaults -h 127.0.0.1 -P "$port" -u lockscope -p"$TEST_DB_PASSWORD" \
                -N -B -e "SELECT CONVERT_TZ('2000-01-01 00:00:00', 'UTC', 'Pacific/Kiritimati')" \
                lockscope_test 2>>"$dir/setup.log") != "2000-01-01 14:00:00" ]]; then
            log "error: Galera node $n is not usable (cluster size, account or time zones); see $dir/setup.log"
            galera_stop "$dir"
            return 1
        fi
        urls+=("$(galera_node_url "$dir" "$n")")
    done

    export LOCKSCOPE_TEST_GALERA_URLS="${urls[*]}"
    export LOCKSCOPE_TEST_GALERA_DIR=$dir
    log "Galera: ready, 3 nodes at 127.0.0.1:$(<"$dir/node1/port"),$(<"$dir/node2/port"),$(<"$dir/node3/port") (database lockscope_test)"
}

# galera_node_url DIR N: print node N's URL for the lockscope account.
galera_node_url() {
    local dir=$1 n=$2
    [[ -s $dir/node$n/port ]] || return 1
    echo "mysql://lockscope:$TEST_DB_PASSWORD@127.0.0.1:$(<"$dir/node$n/port")/lockscope_test"
}

# galera_stop_node DIR N: stop node N if it runs, and what is left of its process group (an
# SST script and its rsync). Never fails.
galera_stop_node() {
    local dir=$1 n=$2 pid i
    pid=$(galera_pid "$dir" "$n") || return 0
    galera_as_root "$dir" "$n" mariadb-admin shutdown >/dev/null 2>&1 ||
        kill -TERM "$pid" 2>/dev/null || true
    for ((i = 0; i < 240; i++)); do
        process_alive "$pid" || break
        sleep 0.25
    done
    if process_alive "$pid"; then
        log "warning: Galera node $n did not stop in 60 s, killing it"
        kill -KILL -- "-$pid" 2>/dev/null || kill -KILL "$pid" 2>/dev/null || true
    fi
    # The pid of a process group stays taken while any of its members lives: whatever is
    # still in this group is ours.
    pkill -KILL -g "$pid" 2>/dev/null || true
    return 0
}

# galera_stop DIR: stop the nodes started by galera_start DIR that run, the last started
# first. Never fails.
galera_stop() {
    local dir=$1 n
    [[ -d $dir ]] || return 0
    for n in 3 2 1; do
        if galera_pid "$dir" "$n" >/dev/null; then
            log "Galera: stopping node $n"
            galera_stop_node "$dir" "$n"
        fi
    done
    return 0
}

# galera_kill DIR N: SIGKILL of node N's mariadbd (no shutdown; the others go on as a cluster of
# two), for the fault tests. galera_restart DIR N brings it back.
galera_kill() {
    local dir=$1 n=$2 pid i
    pid=$(galera_pid "$dir" "$n") || { log "error: Galera node $n does not run"; return 1; }
    kill -KILL "$pid" || return 1
    for ((i = 0; i < 100; i++)); do
        process_alive "$pid" || break
        sleep 0.1
    done
    pkill -KILL -g "$pid" 2>/dev/null || true # an SST script of a node killed while joining
    log "Galera: node $n (pid $pid) killed"
}

# galera_bootstrap DIR N: make node N, running without quorum (its peers killed), the primary
# component again on its own (pc.bootstrap), so that the others can rejoin it with
# galera_restart. Waits until it is a Synced primary.
galera_bootstrap() {
    local dir=$1 n=$2 i status state
    galera_pid "$dir" "$n" >/dev/null || { log "error: Galera node $n does not run"; return 1; }
    if ! galera_as_root "$dir" "$n" mariadb -e "SET GLOBAL wsrep_provider_options = 'pc.bootstrap=YES'"; then
        log "error: Galera node $n refused pc.bootstrap"
        return 1
    fi
    for ((i = 0; i < 120; i++)); do
        status=$(galera_status "$dir" "$n" wsrep_cluster_status || true)
        state=$(galera_status "$dir" "$n" wsrep_local_state_comment || true)
        if [[ $status == Primary && $state == Synced ]]; then
            log "Galera: node $n is the primary component again"
            return 0
        fi
        sleep 0.25
    done
    log "error: Galera node $n did not become primary (${status:-?}, ${state:-?})"
    return 1
}

# galera_restart DIR N: start node N again after galera_kill: mariadbd --wsrep-recover reads the
# last position it committed from InnoDB, and the node starts from there
# (--wsrep-start-position), receiving what it missed from a peer by IST. Waits until it is
# Synced.
galera_restart() {
    local dir=$1 n=$2 mariadbd position
    if galera_pid "$dir" "$n" >/dev/null; then
        log "error: Galera node $n is running"
        return 1
    fi
    [[ -s $dir/node$n/my.cnf ]] || { log "error: no Galera node $n in $dir"; return 1; }
    mariadbd=$(find_program mariadbd) || return 1
    rm -f "$dir/node$n/mariadb.pid" "$dir/node$n/recover.log"
    if ! "$mariadbd" --defaults-file="$dir/node$n/my.cnf" --wsrep-recover \
        --log-error="$dir/node$n/recover.log" </dev/null >/dev/null 2>&1; then
        log "error: mariadbd --wsrep-recover failed for Galera node $n; end of $dir/node$n/recover.log:"
        tail -n 20 "$dir/node$n/recover.log" >&2
        return 1
    fi
    position=$(sed -n 's/.*WSREP: Recovered position: *\([0-9a-f-]*:-\{0,1\}[0-9]*\).*/\1/p' \
        "$dir/node$n/recover.log" | tail -n 1)
    if [[ -z $position ]]; then
        log "error: no recovered position for Galera node $n in $dir/node$n/recover.log"
        return 1
    fi
    log "Galera: restarting node $n from position $position"
    galera_launch "$dir" "$n" --wsrep-start-position="$position" || return 1
    galera_wait_synced "$dir" "$n" 120
}
