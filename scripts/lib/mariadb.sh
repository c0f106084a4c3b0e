# SPDX-License-Identifier: GPL-3.0-or-later
# shellcheck shell=bash
# Throwaway MariaDB server for tests: mariadb_start DIR / mariadb_stop DIR.
# Sourced after common.sh. The server keeps everything under DIR, listens on a
# random port of 127.0.0.1 (and on DIR/mysql.sock), and has a database
# lockscope_test and a user lockscope with a password and all privileges.

# mariadb_as_root DIR PROGRAM ARG...: run a client program (mariadb,
# mariadb-admin) as the server's root account, over the socket in DIR.
mariadb_as_root() {
    local dir=$1 program=$2
    shift 2
    "$program" --no-defaults --socket="$dir/mysql.sock" -uroot "$@"
}

# mariadb_create_test_database LOG ROOT_CLIENT...: the database lockscope_test and the account
# lockscope (with its password, all privileges) on a running server, through ROOT_CLIENT (a
# command that, given a client program and its arguments, runs it as the server's root:
# `mariadb_as_root DIR`, `galera_as_root DIR N`). Only the lockscope account is reachable over
# TCP: anonymous accounts and root over TCP are dropped; root stays on the socket. Loads the
# named time zones too (the tests set a session to Pacific/Kiritimati, UTC+14, which MariaDB
# cannot take as a numeric offset). What the clients print goes to LOG.
mariadb_create_test_database() {
    local log=$1
    shift
    if ! "$@" mariadb >"$log" 2>&1 <<SQL; then
DELETE FROM mysql.global_priv WHERE User = '' OR (User = 'root' AND Host <> 'localhost');
FLUSH PRIVILEGES;
CREATE DATABASE lockscope_test;
CREATE USER 'lockscope'@'127.0.0.1' IDENTIFIED BY '$TEST_DB_PASSWORD';
CREATE USER 'lockscope'@'localhost' IDENTIFIED BY '$TEST_DB_PASSWORD';
GRANT ALL ON *.* TO 'lockscope'@'127.0.0.1';
GRANT ALL ON *.* TO 'lockscope'@'localhost';
SQL
        log "error: setting up database lockscope_test failed:"
        cat "$log" >&2
        return 1
    fi
    if ! mariadb-tzinfo-to-sql /usr/share/zoneinfo 2>/dev/null | "$@" mariadb mysql >>"$log" 2>&1; then
        log "error: loading the time zone tables failed:"
        tail -n 20 "$log" >&2
        return 1
    fi
}

# mariadb_start DIR [OPTION...]: create, start and export LOCKSCOPE_TEST_MARIADB_URL. The
# OPTIONs go to mariadbd after the usual ones, which they override (--skip-ssl,
# --ssl-cert=FILE).
mariadb_start() {
    local dir=$1 mariadbd port pid i ready=no args=()
    shift
    mariadbd=$(find_program mariadbd) || return 1
    prepare_server_dir "$dir" || return 1
    port=$(free_port) || return 1

    # Run as the server user rather than with --user=nobody: as root,
    # mariadb-install-db --user would also chown the system's auth_pam_tool_dir.
    log "MariaDB: creating a data directory in $dir/data"
    if ! as_server_user "$dir" mariadb-install-db --no-defaults --datadir="$dir/data" \
        --auth-root-authentication-method=normal --skip-test-db >"$dir/install-db.log" 2>&1; then
        log "error: mariadb-install-db failed; end of $dir/install-db.log:"
        tail -n 20 "$dir/install-db.log" >&2
        return 1
    fi

    # Fast test settings: the log is written at each commit and flushed once a second.
    # LOCKSCOPE_DURABLE=1: flushed at each commit, as production runs it.
    local flush=2
    [[ ${LOCKSCOPE_DURABLE:-0} == 1 ]] && flush=1
    log "MariaDB: starting on 127.0.0.1:$port (innodb_flush_log_at_trx_commit=$flush)"
    args=(--no-defaults --datadir="$dir/data" --port="$port" --bind-address=127.0.0.1
        --socket="$dir/mysql.sock" --pid-file="$dir/mariadb.pid" --log-error="$dir/mariadb.err"
        --innodb-flush-log-at-trx-commit=$flush --innodb-buffer-pool-size=128M
        --max-connections=300 --skip-name-resolve
        --plugin-load-add=metadata_lock_info # lists user locks (the Database locks tab)
        --ssl-cert="$dir/server.crt" --ssl-key="$dir/server.key")
    if [[ $EUID -eq 0 ]]; then args+=(--user=nobody); fi
    args+=("$@")
    make_test_certificate "$dir" || { log "error: could not make a TLS certificate"; return 1; }
    # setsid: the server gets no terminal signals (Ctrl-C); mariadb_stop stops it.
    setsid "$mariadbd" "${args[@]}" </dev/null >>"$dir/mariadbd.out" 2>&1 &
    pid=$!
    echo "$pid" >"$dir/mariadbd.launch-pid"
    # For mariadb_crash_restart: the same program and arguments, one per line.
    printf '%s\n' "$mariadbd" "${args[@]}" >"$dir/mariadbd.command"

    for ((i = 0; i < 300; i++)); do
        if mariadb_as_root "$dir" mariadb-admin ping >/dev/null 2>&1; then
            ready=yes
            break
        fi
        process_alive "$pid" || break # the server died
        sleep 0.2
    done
    if [[ $ready != yes ]]; then
        log "error: MariaDB did not start; end of $dir/mariadb.err:"
        tail -n 20 "$dir/mariadb.err" >&2
        mariadb_stop "$dir"
        return 1
    fi

    if ! mariadb_create_test_database "$dir/setup.log" mariadb_as_root "$dir"; then
        mariadb_stop "$dir"
        return 1
    fi

    echo "$port" >"$dir/port"
    export LOCKSCOPE_TEST_MARIADB_URL="mysql://lockscope:$TEST_DB_PASSWORD@127.0.0.1:$port/lockscope_test"
    export LOCKSCOPE_TEST_MARIADB_CA=$dir/server.crt
    log "MariaDB: ready at 127.0.0.1:$port (database lockscope_test)"
}

# mariadb_stop DIR: stop the server started by mariadb_start DIR, if it runs.
# Never fails.
mariadb_stop() {
    local dir=$1 pid="" i
    if [[ -s $dir/mariadb.pid ]]; then
        pid=$(<"$dir/mariadb.pid")
    elif [[ -s $dir/mariadbd.launch-pid ]]; then
        pid=$(<"$dir/mariadbd.launch-pid")
    fi
    # Only a pid that is still a mariadbd is ours to stop.
    if [[ -z $pid || $(cat "/proc/$pid/comm" 2>/dev/null) != mariadbd ]]; then
        return 0
    fi
    log "MariaDB: stopping"
    mariadb_as_root "$dir" mariadb-admin shutdown >/dev/null 2>&1 ||
        kill -TERM "$pid" 2>/dev/null || true
    # Not kill -0: a stopped server stays a zombie until init reaps it (seen: 1.8 s).
    for ((i = 0; i < 300; i++)); do
        process_alive "$pid" || return 0
        sleep 0.2
    done
    log "warning: MariaDB did not stop in 60 s, killing it"
    kill -KILL "$pid" 2>/dev/null || true
    return 0
}

# mariadb_crash_restart DIR: SIGKILL of the server (no shutdown; crash recovery at start) and a
# start with the same arguments, for the fault tests.
mariadb_crash_restart() {
    local dir=$1 pid i command=()
    [[ -s $dir/mariadb.pid && -s $dir/mariadbd.command ]] || return 1
    pid=$(<"$dir/mariadb.pid")
    mapfile -t command <"$dir/mariadbd.command"
    kill -KILL "$pid" 2>/dev/null || return 1
    # Not kill -0: the dead server stays a zombie until init reaps it (seen: 1.8 s).
    for ((i = 0; i < 100; i++)); do
        process_alive "$pid" || break
        sleep 0.1
    done
    rm -f "$dir/mariadb.pid"
    setsid "${command[@]}" </dev/null >>"$dir/mariadbd.out" 2>&1 &
    echo "$!" >"$dir/mariadbd.launch-pid"
    for ((i = 0; i < 600; i++)); do
        mariadb_as_root "$dir" mariadb-admin ping >/dev/null 2>&1 && return 0
        sleep 0.1
    done
    return 1
}
