#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# The stuck-lock alert end to end: a real Prometheus (Debian's /usr/bin/prometheus) on a free
# loopback port, loading the repository's rules file as it is, scrapes a real
# `lockctl exporter` over real databases (one exporter, a --db for each backend) in each of
# which a lock's holder went away without releasing (acquired with a 1 s lease, never released);
# LockscopeLeaseExpiredNotReleased must go firing in Prometheus's /api/v1/alerts for each, with
# the lock's db, table and lock labels and its holder, and not before the rules' 60 s. The
# exporter's /metrics must pass `promtool check metrics` and serve exactly the metrics
# docs/monitoring.md documents. Prometheus and the exporter are stopped, and the throwaway
# directory removed, however the script ends. About 65 s, whatever the number of backends.
#
#   live-alert.sh SOURCE_DIR LOCKCTL RULES BACKEND...
#
# A BACKEND is sqlite (a database file in the throwaway directory), postgresql or mariadb (the
# server of LOCKSCOPE_TEST_POSTGRESQL_URL / LOCKSCOPE_TEST_MARIADB_URL, a table of its own); a
# server whose URL is not set is left out, unless LOCKSCOPE_TEST_REQUIRE lists it (then the test
# fails). Exit 77 (skipped): prometheus, promtool, curl or jq not installed (scripts/test
# installs them), `lockctl exporter` missing, or no backend left.
set -euo pipefail
source_dir=$1 lockctl=$2 rules=$3
shift 3
# shellcheck source=scripts/lib/common.sh
source "$source_dir/scripts/lib/common.sh" # free_cluster_port, process_alive

skip() { echo "SKIP: $*"; exit 77; }
fail() { echo "FAIL: $*" >&2; exit 1; }
for tool in prometheus promtool curl jq; do
    command -v "$tool" >/dev/null || skip "$tool is not installed"
done
"$lockctl" exporter --help >/dev/null 2>&1 || skip "this lockctl has no exporter command"

tmp=$(mktemp -d /tmp/lockscope-monitoring.XXXXXX)
trap 'rm -rf "$tmp"' EXIT # until cleanup below takes over
# Per backend: its URL, its table, and its stuck lock's holder (which tells the alerts apart).
declare -A urls tables holders
backends=()
for backend in "$@"; do
    case $backend in
    sqlite) url=sqlite:$tmp/locks.db ;;
    postgresql) url=${LOCKSCOPE_TEST_POSTGRESQL_URL:-} ;;
    mariadb) url=${LOCKSCOPE_TEST_MARIADB_URL:-} ;;
    *) fail "unknown backend $backend" ;;
    esac
    if [[ -z $url ]]; then
        [[ ,${LOCKSCOPE_TEST_REQUIRE:-}, == *,$backend,* ]] &&
            fail "no $backend server configured, but LOCKSCOPE_TEST_REQUIRE lists it"
        echo "no $backend server configured: left out"
        continue
    fi
    backends+=("$backend")
    urls[$backend]=$url
    # On a shared server, a table of this run's own.
    tables[$backend]=dist_lock
    [[ $backend == sqlite ]] || tables[$backend]=lockscope_mon_$$_$RANDOM
    holders[$backend]=live-alert-$backend@$(hostname):$$
done
[[ ${#backends[@]} -gt 0 ]] || skip "no backend configured"
exporter_pid="" prometheus_pid=""
# stop PID: TERM, then KILL after 5 s; reaped.
stop() {
    [[ -n $1 ]] || return 0
    kill -TERM "$1" 2>/dev/null || return 0
    for _ in $(seq 50); do process_alive "$1" || break; sleep 0.1; done
    kill -KILL "$1" 2>/dev/null || true
    wait "$1" 2>/dev/null || true
}
# shellcheck disable=SC2317 # called by the EXIT trap
cleanup() {
    trap "" INT TERM
    stop "$prometheus_pid"
    stop "$exporter_pid"
    rm -rf "$tmp"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM
# show_logs: the two servers' logs, on a failure.
show_logs() {
    echo "--- exporter log" >&2; tail -n 30 "$tmp/exporter.log" >&2 || true
    echo "--- prometheus log" >&2; tail -n 30 "$tmp/prometheus.log" >&2 || true
}
die_with_logs() { show_logs; fail "$*"; }

# The stuck locks: acquired with a 1 s lease by a holder that then goes away, never released.
lock=stuck-nightly-job
for backend in "${backends[@]}"; do
    ctl=("$lockctl" --db "${urls[$backend]}" --table "${tables[$backend]}" --no-prompt)
    "${ctl[@]}" schema --create >/dev/null || fail "lockctl schema --create failed on $backend"
done
# Taken before the first acquire: no lease can have ended earlier than 1 s after it.
acquired_at=$(date +%s)
targets=()
for backend in "${backends[@]}"; do
    ctl=("$lockctl" --db "${urls[$backend]}" --table "${tables[$backend]}" --no-prompt)
    "${ctl[@]}" acquire "$lock" --ttl 1s --holder "${holders[$backend]}" >/dev/null ||
        fail "lockctl acquire failed on $backend"
    targets+=(--db "${urls[$backend]}" --table "${tables[$backend]}")
done

# One exporter, read-only over those tables. It and Prometheus run under timeout (which passes
# the cleanup's TERM on): should this script be killed outright (a ctest timeout), they still
# end within 4 minutes.
# Port 0: the exporter takes a free port itself and names it on its first line (a port chosen
# here could be taken before it binds).
timeout 240 "$lockctl" exporter --listen 127.0.0.1:0 "${targets[@]}" >"$tmp/exporter.log" 2>&1 &
exporter_pid=$!
exporter_port=""
for _ in $(seq 100); do
    exporter_port=$(grep -oP '^Serving http://127\.0\.0\.1:\K[0-9]+(?=/metrics)' \
        "$tmp/exporter.log" 2>/dev/null) && break
    process_alive "$exporter_pid" || die_with_logs "the exporter exited"
    sleep 0.1
done
[[ -n $exporter_port ]] || die_with_logs "the exporter did not say where it serves"
metrics_url=http://127.0.0.1:$exporter_port/metrics
curl -fsS --max-time 5 "$metrics_url" >"$tmp/metrics.txt" || die_with_logs "no answer on $metrics_url"
promtool check metrics <"$tmp/metrics.txt" ||
    { cat "$tmp/metrics.txt" >&2; fail "promtool check metrics refuses the exporter's metrics"; }
# The metrics served are those docs/monitoring.md documents, all of them (a native table has a
# history, fences and depths, and the stuck lock has a holder).
# shellcheck disable=SC2016 # the backticks are Markdown's
documented=$(grep -oP '^\| `\Klockscope_[a-z_]+(?=`)' "$source_dir/docs/monitoring.md" | sort -u)
served=$(grep -oP '^# TYPE \K\S+' "$tmp/metrics.txt" | sort -u)
[[ $served == "$documented" ]] ||
    fail "the metrics served differ from docs/monitoring.md's: $(diff <(echo "$documented") \
<(echo "$served") | grep '^[<>]' | tr '\n' ' ')(<: documented only, >: served only)"
for backend in "${backends[@]}"; do
    grep -qF "holder=\"${holders[$backend]}\"} 1" "$tmp/metrics.txt" ||
        { cat "$tmp/metrics.txt" >&2; fail "the metrics have no holder series for $backend"; }
done
echo "the exporter's metrics pass promtool check metrics ($(wc -l <"$tmp/metrics.txt") lines)"

# Prometheus: its own configuration and storage in $tmp, scraping and evaluating every second,
# with the repository's rules file.
cat >"$tmp/prometheus.yml" <<EOF
global:
  scrape_interval: 1s
  scrape_timeout: 1s
  evaluation_interval: 1s
rule_files:
  - $rules
scrape_configs:
  - job_name: lockscope
    static_configs:
      - targets: ['127.0.0.1:$exporter_port']
EOF
promtool check config "$tmp/prometheus.yml" >/dev/null || fail "promtool check config"
# Prometheus has no port 0: a port below the kernel's range for outgoing connections (which
# took one once: "bind: address already in use"), and another if it is taken all the same.
start_prometheus() {
    prometheus_port=$(free_cluster_port) || fail "no free port for Prometheus"
    timeout 240 prometheus --config.file="$tmp/prometheus.yml" --storage.tsdb.path="$tmp/data" \
        --web.listen-address="127.0.0.1:$prometheus_port" >"$tmp/prometheus.log" 2>&1 &
    prometheus_pid=$!
    api=http://127.0.0.1:$prometheus_port
    for _ in $(seq 300); do
        curl -fsS -o /dev/null --max-time 2 "$api/-/ready" 2>/dev/null && return 0
        process_alive "$prometheus_pid" || return 1
        sleep 0.1
    done
    return 0 # not ready in 30 s: said below
}
for attempt in 1 2 3; do
    start_prometheus && break
    if ! grep -q 'address already in use' "$tmp/prometheus.log" || ((attempt == 3)); then
        die_with_logs "Prometheus exited"
    fi
    echo "port $prometheus_port was taken meanwhile; Prometheus again on another"
done
curl -fsS -o /dev/null --max-time 2 "$api/-/ready" || die_with_logs "Prometheus is not ready"
rules_loaded=$(curl -fsS "$api/api/v1/rules" |
    jq -r '[.data.groups[] | select(.name == "lockscope") | .rules[].name] | sort | join(",")')
expected_rules=$(grep -Po '^\s*- alert: \K\S+' "$rules" | sort | paste -sd,)
[[ $rules_loaded == "$expected_rules" ]] ||
    die_with_logs "Prometheus loaded the rules \"$rules_loaded\", not \"$expected_rules\""
echo "Prometheus is ready on 127.0.0.1:$prometheus_port with the rules $rules_loaded"

# The alerts, one per backend: firing with the lock's labels and holder, not before the lease
# has been expired for the rules' 60 s (the leases ended 1 s after their acquires).
selector='.data.alerts[] | select(.labels.alertname == "LockscopeLeaseExpiredNotReleased")'
deadline=$((acquired_at + 120))
firing='[]'
while [[ $(date +%s) -lt $deadline ]]; do
    process_alive "$exporter_pid" || die_with_logs "the exporter exited"
    process_alive "$prometheus_pid" || die_with_logs "Prometheus exited"
    curl -fsS --max-time 2 "$api/api/v1/alerts" >"$tmp/alerts.json" || true
    firing=$(jq -c "[$selector | select(.state == \"firing\")]" "$tmp/alerts.json" 2>/dev/null ||
        echo '[]')
    [[ $(jq length <<<"$firing") -ge ${#backends[@]} ]] && break
    sleep 1
done
fired_after=$(($(date +%s) - acquired_at))
[[ $(jq length <<<"$firing") -ge ${#backends[@]} ]] || {
    cat "$tmp/alerts.json" >&2 || true
    die_with_logs "LockscopeLeaseExpiredNotReleased did not fire for each backend within 120 s"
}
echo "firing after ${fired_after}s: $firing"
[[ $fired_after -ge 60 ]] ||
    fail "the alerts fired ${fired_after}s after the acquires, before the leases had been expired 60 s"
[[ $(jq length <<<"$firing") -eq ${#backends[@]} ]] ||
    fail "more alerts than stuck locks: $(jq length <<<"$firing") for ${#backends[@]}"
for backend in "${backends[@]}"; do
    alert=$(jq -c --arg holder "${holders[$backend]}" '[.[] | select(.labels.holder == $holder)]' \
        <<<"$firing")
    [[ $(jq length <<<"$alert") -eq 1 ]] || fail "no alert (or several) with $backend's holder"
    check_label() {
        local got
        got=$(jq -r ".[0].labels.$1 // \"\"" <<<"$alert")
        [[ $got == "$2" ]] || fail "$backend: the alert's label $1 is \"$got\", not \"$2\""
    }
    check_label lock "$lock"
    check_label table "${tables[$backend]}"
    check_label job lockscope
    check_label severity warning
    db=$(jq -r '.[0].labels.db // ""' <<<"$alert")
    [[ -n $db && $db != *@* ]] || fail "$backend: the alert's db label \"$db\" is empty or shows credentials"
    jq -r '.[0].annotations.description' <<<"$alert" | grep -qF "\"${holders[$backend]}\"" ||
        fail "$backend: the alert's description does not name the holder"
    echo "$backend: LockscopeLeaseExpiredNotReleased for $lock (db $db, table ${tables[$backend]})"
done
# Nothing else is wrong: the tables and the exporter are up.
up=$(curl -fsS "$api/api/v1/query" --data-urlencode 'query=min(lockscope_up) + min(up{job="lockscope"})' |
    jq -r '.data.result[0].value[1] // ""')
[[ $up == 2 ]] || fail "lockscope_up and up are not all 1 (sum of minima $up)"
echo "PASS: LockscopeLeaseExpiredNotReleased fired for each of ${backends[*]}"
