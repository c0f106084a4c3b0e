#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# The read-only database user of docs/monitoring.md, as the docs write it: its SQL block for
# the backend (the first ```sql block is PostgreSQL's, the second MariaDB's) is run with this
# run's names (a user, database and table of its own); `lockctl exporter` logged in as that user
# must read the table (lockscope_up 1, the counters from the history, the lock's holder), and the
# user must be refused a write. The user and the table are dropped however the script ends.
#
#   readonly-user.sh SOURCE_DIR LOCKCTL BACKEND
#
# BACKEND is postgresql (LOCKSCOPE_TEST_POSTGRESQL_URL, whose user may create roles, as
# scripts/test's is) or mariadb (LOCKSCOPE_TEST_MARIADB_URL, and root over the socket in
# LOCKSCOPE_TEST_MARIADB_DIR). Exit 77 (skipped): curl, jq, psql or mysql missing, lockctl without
# exporter, or the server not configured and LOCKSCOPE_TEST_REQUIRE not listing BACKEND.
set -euo pipefail
source_dir=$1 lockctl=$2 backend=$3
# shellcheck source=scripts/lib/common.sh
source "$source_dir/scripts/lib/common.sh" # process_alive

skip() { echo "SKIP: $*"; exit 77; }
fail() { echo "FAIL: $*" >&2; exit 1; }
case $backend in
postgresql) url=${LOCKSCOPE_TEST_POSTGRESQL_URL:-} client=psql block=1 ;;
mariadb) url=${LOCKSCOPE_TEST_MARIADB_URL:-} client=mysql block=2 ;;
*) fail "unknown backend $backend" ;;
esac
for tool in curl jq "$client"; do
    command -v "$tool" >/dev/null || skip "$tool is not installed"
done
"$lockctl" exporter --help >/dev/null 2>&1 || skip "this lockctl has no exporter command"
if [[ -z $url || ($backend == mariadb && -z ${LOCKSCOPE_TEST_MARIADB_DIR:-}) ]]; then
    [[ ,${LOCKSCOPE_TEST_REQUIRE:-}, == *,$backend,* ]] &&
        fail "no $backend server configured, but LOCKSCOPE_TEST_REQUIRE lists it"
    skip "no $backend server configured"
fi
# scheme://user:password@host:port/database
[[ $url =~ ^[a-z]+://([^:@/]+):([^@/]*)@([^:/]+):([0-9]+)/([^?]+) ]] ||
    fail "cannot read user, password, host, port and database from the $backend URL"
admin_user=${BASH_REMATCH[1]} admin_password=${BASH_REMATCH[2]} host=${BASH_REMATCH[3]}
port=${BASH_REMATCH[4]} database=${BASH_REMATCH[5]}

suffix=$$_$RANDOM
table=lockscope_ro_$suffix user=lockscope_ro_$suffix password=ro-$RANDOM-$RANDOM-$RANDOM
# admin_sql: SQL on stdin, as a user who may create users and grant.
admin_sql() {
    if [[ $backend == postgresql ]]; then
        PGPASSWORD=$admin_password psql -X -q -v ON_ERROR_STOP=1 -h "$host" -p "$port" \
            -U "$admin_user" "$database"
    else
        mysql --no-defaults --socket="$LOCKSCOPE_TEST_MARIADB_DIR/mysql.sock" -uroot "$database"
    fi
}
# as_reader SQL: one statement as the read-only user.
as_reader() {
    if [[ $backend == postgresql ]]; then
        PGPASSWORD=$password psql -X -q -v ON_ERROR_STOP=1 -h "$host" -p "$port" -U "$user" \
            "$database" -c "$1"
    else
        mysql --no-defaults -h "$host" -P "$port" -u "$user" -p"$password" "$database" -e "$1"
    fi
}

exporter_pid=""
# shellcheck disable=SC2317 # called by the EXIT trap
cleanup() {
    trap "" INT TERM
    if [[ -n $exporter_pid ]]; then
        kill -TERM "$exporter_pid" 2>/dev/null || true
        wait "$exporter_pid" 2>/dev/null || true
    fi
    if [[ $backend == postgresql ]]; then
        admin_sql <<EOF || true
DROP TABLE IF EXISTS ${table}_event, $table;
DROP OWNED BY $user;
DROP ROLE IF EXISTS $user;
EOF
    else
        admin_sql <<EOF || true
DROP TABLE IF EXISTS ${table}_event, $table;
DROP USER IF EXISTS '$user'@'$host';
EOF
    fi
    rm -f "$sql" "$sql.log" "$sql.out"
}
sql=$(mktemp)
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

# The table, a lock force-released (a history event), and a lock left held by a dead holder.
lockctl() { "$lockctl" --db "$url" --table "$table" --no-prompt "$@"; }
lockctl schema --create >/dev/null || fail "lockctl schema --create failed"
lockctl acquire job --ttl 1m --holder gone@host >/dev/null || fail "lockctl acquire failed"
fence=$(lockctl --json show job | jq -r '.lock.fence // empty')
[[ $fence =~ ^[0-9]+$ ]] || fail "no fence in lockctl show"
lockctl force-release job --fence "$fence" --reason "readonly-user test" >/dev/null ||
    fail "lockctl force-release failed"
lockctl acquire job --ttl 1s --holder dead@host >/dev/null || fail "lockctl acquire failed"

# The docs' SQL, with this run's names.
awk -v want="$block" '/^```sql/ { n++; inside = (n == want); next } /^```/ { inside = 0 } inside' \
    "$source_dir/docs/monitoring.md" |
    sed -e "s/lockscope_exporter/$user/g" -e "s/a long random password/$password/g" \
        -e "s/'10\.0\.0\.%'/'$host'/g" -e "s/dist_lock/$table/g" \
        -e "s/\borders\b/$database/g" -e "s/\bjobs\./$database./g" >"$sql"
grep -q "GRANT SELECT" "$sql" || fail "no GRANT SELECT in docs/monitoring.md's SQL block $block"
echo "--- the docs' SQL, as run:"
sed "s/$password/***/g" "$sql"
admin_sql <"$sql" || fail "the docs' SQL failed on $backend"

# The exporter as that user.
if [[ $backend == postgresql ]]; then
    reader_url=postgresql://$user@$host:$port/$database
else
    reader_url=mysql://$user@$host:$port/$database
fi
# Under timeout, so that it ends even if this script is killed outright.
# Port 0: the exporter takes a free port itself and names it on its first line.
LOCKSCOPE_PASSWORD=$password timeout 60 "$lockctl" --no-prompt exporter --listen 127.0.0.1:0 \
    --db "$reader_url" --table "$table" >"$sql.out" 2>"$sql.log" &
exporter_pid=$!
port2=""
for _ in $(seq 100); do
    port2=$(grep -oP '^Serving http://127\.0\.0\.1:\K[0-9]+(?=/metrics)' "$sql.out") && break
    process_alive "$exporter_pid" || break
    sleep 0.1
done
metrics=""
# Until the table is up, for 10 s (a first scrape may come before the connection).
for _ in $(seq 50); do
    [[ -n $port2 ]] || break
    metrics=$(curl -fsS --max-time 5 "http://127.0.0.1:$port2/metrics" 2>/dev/null) || true
    grep -qE '^lockscope_up\{[^}]*\} 1$' <<<"$metrics" && break
    process_alive "$exporter_pid" || break
    sleep 0.2
done
expect() {
    grep -qE "$1" <<<"$metrics" || {
        echo "$metrics" >&2
        cat "$sql.log" >&2
        fail "the exporter, as the read-only user, does not serve $1"
    }
}
expect '^lockscope_up\{[^}]*\} 1$'
expect '^lockscope_force_releases_total\{[^}]*\} 1$'
expect '^lockscope_lock_holder_info\{[^}]*lock="job"[^}]*holder="dead@host"\} 1$'
echo "the exporter reads $table as $user"

# And the user can only read.
as_reader "SELECT COUNT(*) FROM $table" >/dev/null || fail "$user cannot read $table"
if as_reader "UPDATE $table SET holder = 'x'" >/dev/null 2>&1; then
    fail "$user could write to $table"
fi
if as_reader "DELETE FROM ${table}_event" >/dev/null 2>&1; then
    fail "$user could delete from ${table}_event"
fi
echo "PASS: $user reads $table and ${table}_event and cannot write"
