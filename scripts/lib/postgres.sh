# SPDX-License-Identifier: GPL-3.0-or-later
# shellcheck shell=bash
# Throwaway PostgreSQL server for tests: pg_start DIR / pg_stop DIR.
# Sourced after common.sh. The server keeps everything under DIR, listens on a
# random port of 127.0.0.1 with password (SCRAM) authentication, and has a
# database lockscope_test owned by user lockscope.

# pg_bindir: the bin directory of the newest installed PostgreSQL.
pg_bindir() {
    local dir
    dir=$(printf '%s\n' /usr/lib/postgresql/*/bin | sort -V | tail -n 1)
    if [[ ! -x $dir/pg_ctl || ! -x $dir/initdb ]]; then
        log "error: PostgreSQL server not found under /usr/lib/postgresql (package postgresql)"
        return 1
    fi
    echo "$dir"
}

# pg_start DIR: create, start and export LOCKSCOPE_TEST_POSTGRESQL_URL.
pg_start() {
    local dir=$1 bin port pwfile
    bin=$(pg_bindir) || return 1
    prepare_server_dir "$dir" || return 1
    port=$(free_port) || return 1

    log "PostgreSQL: creating a cluster in $dir/data"
    pwfile=$dir/pwfile
    (umask 077 && printf '%s\n' "$TEST_DB_PASSWORD" >"$pwfile") || return 1
    give_to_server_user "$pwfile" || return 1
    if ! as_server_user "$dir" "$bin/initdb" -D "$dir/data" -U lockscope \
        --auth=scram-sha-256 --pwfile="$pwfile" --encoding=UTF8 --locale=C.UTF-8 \
        >"$dir/initdb.log" 2>&1; then
        rm -f "$pwfile"
        log "error: PostgreSQL initdb failed; end of $dir/initdb.log:"
        tail -n 20 "$dir/initdb.log" >&2
        return 1
    fi
    rm -f "$pwfile"

    # Fast test settings: no fsync (a commit still reaches the operating system before it is
    # acknowledged, as the crash test needs). LOCKSCOPE_DURABLE=1: as production runs it.
    local durability="-c fsync=off -c synchronous_commit=on -c full_page_writes=off"
    if [[ ${LOCKSCOPE_DURABLE:-0} == 1 ]]; then
        durability="-c fsync=on -c synchronous_commit=on -c full_page_writes=on"
    fi
    log "PostgreSQL: starting on 127.0.0.1:$port ($durability)"
    make_test_certificate "$dir" || { log "error: could not make a TLS certificate"; return 1; }
    if ! as_server_user "$dir" "$bin/pg_ctl" -D "$dir/data" -w -t 60 -l "$dir/pg.log" start \
        -o "-p $port -k $dir -c listen_addresses=127.0.0.1 $durability -c max_connections=300 -c shared_buffers=128MB -c ssl=on -c ssl_cert_file=$dir/server.crt -c ssl_key_file=$dir/server.key" \
        >"$dir/pg_ctl.log" 2>&1; then
        log "error: PostgreSQL did not start; end of $dir/pg.log:"
        tail -n 20 "$dir/pg.log" "$dir/pg_ctl.log" >&2
        pg_stop "$dir"
        return 1
    fi

    if ! PGPASSWORD=$TEST_DB_PASSWORD "$bin/createdb" -h 127.0.0.1 -p "$port" -U lockscope \
        lockscope_test >"$dir/createdb.log" 2>&1; then
        log "error: creating database lockscope_test failed:"
        cat "$dir/createdb.log" >&2
        tail -n 20 "$dir/pg.log" >&2
        pg_stop "$dir"
        return 1
    fi

    echo "$port" >"$dir/port"
    export LOCKSCOPE_TEST_POSTGRESQL_URL="postgresql://lockscope:$TEST_DB_PASSWORD@127.0.0.1:$port/lockscope_test"
    export LOCKSCOPE_TEST_POSTGRESQL_CA=$dir/server.crt
    log "PostgreSQL: ready at 127.0.0.1:$port (database lockscope_test)"
}

# pg_stop DIR: stop the server started by pg_start DIR, if it runs. Never fails.
pg_stop() {
    local dir=$1 bin
    [[ -f $dir/data/postmaster.pid ]] || return 0
    bin=$(pg_bindir) || return 0
    log "PostgreSQL: stopping"
    if ! as_server_user "$dir" "$bin/pg_ctl" -D "$dir/data" -m fast -w -t 60 stop >/dev/null 2>&1; then
        log "warning: PostgreSQL fast stop failed, trying immediate stop"
        as_server_user "$dir" "$bin/pg_ctl" -D "$dir/data" -m immediate -w -t 30 stop >/dev/null 2>&1 ||
            log "warning: could not stop PostgreSQL in $dir"
    fi
    return 0
}

# pg_crash_restart DIR: a crash of the server (immediate stop: no shutdown checkpoint, recovery
# from the WAL at start) and a start with the same options, for the fault tests.
pg_crash_restart() {
    local dir=$1 bin
    bin=$(pg_bindir) || return 1
    as_server_user "$dir" "$bin/pg_ctl" -D "$dir/data" -m immediate -w -t 60 -l "$dir/pg.log" \
        restart >"$dir/pg_ctl-restart.log" 2>&1
}
