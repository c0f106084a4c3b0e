# SPDX-License-Identifier: GPL-3.0-or-later
# shellcheck shell=bash
# Shared helpers for the scripts in scripts/: logging, root/sudo, Debian
# packages, building, and the unprivileged user the throwaway database servers
# run as. Sourced, never executed.

SCRIPT_NAME=$(basename "$0")
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)

# The password of the throwaway test databases (they listen on 127.0.0.1 only).
# shellcheck disable=SC2034 # used by the scripts that source this file
TEST_DB_PASSWORD=lockscope-test-pw

# shellcheck disable=SC2034
build_packages=(
    build-essential cmake ninja-build pkg-config
    qt6-base-dev qt6-charts-dev libqt6opengl6-dev
    # lockctl exporter's HTTP server; Qt6HttpServer's CMake package needs Qt6WebSockets', which
    # Debian 12's qt6-httpserver-dev does not depend on.
    qt6-httpserver-dev qt6-websockets-dev
    libqt6sql6-sqlite libqt6sql6-psql libqt6sql6-mysql libqt6sql6-odbc libmariadb-dev libpq-dev
    qt6-l10n-tools qt6-tools-dev qt6-tools-dev-tools qt6-translations-l10n
    qtkeychain-qt6-dev libgl-dev xvfb xauth fonts-wqy-microhei
)
# Needed by scripts/test in addition to build_packages; unixODBC and the PostgreSQL and MariaDB
# ODBC drivers for the suites run through ODBC (odbc.sh).
# shellcheck disable=SC2034
test_packages=(postgresql mariadb-server mariadb-client faketime openssl
    unixodbc odbc-postgresql odbc-mariadb)
# The libFuzzer targets (scripts/fuzz, and scripts/test after ctest): clang and its
# compiler-rt (libclang_rt.fuzzer, asan, ubsan), which Debian 12 ships for its default clang 14
# in libclang-rt-14-dev.
# shellcheck disable=SC2034
fuzz_packages=(clang libclang-rt-14-dev)
# The clusters of scripts/test and scripts/dev-servers cluster: a 3-node MariaDB Galera cluster
# (galera.sh; rsync for its state transfers) and PostgreSQL with pg_auto_failover (pgfailover.sh;
# the monitor's extension and the pg_autoctl command).
# shellcheck disable=SC2034
cluster_packages=(galera-4 rsync postgresql-15-auto-failover pg-auto-failover-cli)
# The package tests of scripts/test (tests/package.cmake): the desktop entry's and AppStream
# metadata's validators, dpkg-shlibdeps for cpack's Debian package, debootstrap for the clean
# Debian 12 root it is installed on, groff and man for the man pages' lint, lintian for the
# packages, systemd-analyze (systemd) for the exporter's unit, reuse for every file's licence.
# shellcheck disable=SC2034
package_packages=(desktop-file-utils appstream dpkg-dev debootstrap groff-base man-db lintian
    systemd reuse)
# The monitoring tests of scripts/test (tests/monitoring.cmake): Prometheus and promtool (the
# alert rules checked and unit-tested, and a real Prometheus firing the stuck-lock alert from
# lockctl exporter), curl and jq to ask it and the exporter.
# shellcheck disable=SC2034
monitoring_packages=(prometheus curl jq)

log() { printf '%s: %s\n' "$SCRIPT_NAME" "$*" >&2; }
die() { log "error: $*"; exit 1; }

# as_root CMD...: run CMD as root (directly if we are root, else via sudo).
as_root() {
    if [[ $EUID -eq 0 ]]; then
        "$@"
    elif command -v sudo >/dev/null; then
        sudo "$@"
    else
        die "need root to run '$*' but sudo is not installed"
    fi
}

# ensure_packages PKG...: install the Debian packages that are not installed yet.
ensure_packages() {
    local pkg missing=()
    for pkg in "$@"; do
        if [[ $(dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null || true) != "install ok installed" ]]; then
            missing+=("$pkg")
        fi
    done
    [[ ${#missing[@]} -gt 0 ]] || return 0
    log "installing missing packages: ${missing[*]}"
    as_root env DEBIAN_FRONTEND=noninteractive apt-get update -q >&2
    as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends \
        -o DPkg::Lock::Timeout=600 "${missing[@]}" >&2
}

# build_project [TARGET...]: configure and build into $ROOT/build: the given targets only
# (scripts/run: the window and lockctl first, not the 300 targets of the tests), or all.
build_project() {
    log "building in $ROOT/build${1:+ ($*)}"
    cmake -S "$ROOT" -B "$ROOT/build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo
    local targets=()
    [[ $# -gt 0 ]] && targets=(--target "$@")
    cmake --build "$ROOT/build" -j "$(nproc)" "${targets[@]}"
}

# free_port [LOW HIGH]: print a random TCP port in LOW-HIGH (default 20000-60000) that nothing
# listens on at 127.0.0.1 (connecting to it fails).
free_port() {
    local port try low=${1:-20000} high=${2:-60000}
    for ((try = 0; try < 100; try++)); do
        port=$((low + ((RANDOM << 15) | RANDOM) % (high - low + 1)))
        if ! (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then
            echo "$port"
            return 0
        fi
    done
    log "error: no free TCP port found on 127.0.0.1"
    return 1
}

# free_cluster_port: like free_port, but below the ports the kernel gives to outgoing
# connections (net.ipv4.ip_local_port_range, 32768-60999 by default). The clusters' ports are all
# chosen first and bound seconds later, one node after another: a port of that range could be
# taken meanwhile by any connection of this machine (seen: a Galera node aborting with "Address
# already in use").
free_cluster_port() {
    local ephemeral=32768
    read -r ephemeral _ 2>/dev/null </proc/sys/net/ipv4/ip_local_port_range || true
    if [[ $ephemeral =~ ^[0-9]+$ && $ephemeral -gt 11000 ]]; then
        free_port 10000 $((ephemeral - 1))
    else
        free_port
    fi
}

# process_alive PID...: whether any of the PIDs still runs (a zombie, which has already let go
# of its ports and files but waits for its parent to reap it, does not).
process_alive() {
    local pid state
    for pid in "$@"; do
        state=$(awk '/^State:/ { print $2 }' "/proc/$pid/status" 2>/dev/null) || continue
        [[ -n $state && $state != Z ]] && return 0
    done
    return 1
}

# find_program NAME: print the path of NAME, also looking in the sbin
# directories that a non-root user's PATH usually lacks.
find_program() {
    local dir
    if command -v "$1"; then return 0; fi
    for dir in /usr/sbin /sbin /usr/local/sbin; do
        if [[ -x $dir/$1 ]]; then echo "$dir/$1"; return 0; fi
    done
    log "error: $1 not found"
    return 1
}

# The database servers never run as root: when we are root they run as the
# user nobody, otherwise as ourselves.
#
# as_nobody CMD...: run CMD as the user nobody (we are root).
as_nobody() {
    local runuser
    runuser=$(find_program runuser) || return 1
    "$runuser" -u nobody -- "$@"
}

# prepare_server_dir DIR: create DIR and hand it to the server user.
prepare_server_dir() {
    local dir=$1
    mkdir -p "$dir" || return 1
    if [[ $EUID -eq 0 ]]; then
        chown nobody: "$dir" || return 1
        if ! as_nobody test -w "$dir"; then
            log "error: user nobody cannot write $dir (are all its parent directories world-searchable?)"
            return 1
        fi
    fi
}

# give_to_server_user FILE...: make FILEs owned by the server user.
give_to_server_user() {
    if [[ $EUID -eq 0 ]]; then chown nobody: "$@"; fi
}

# as_server_user DIR CMD...: run CMD as the server user, in directory DIR.
as_server_user() {
    local dir=$1
    shift
    if [[ $EUID -eq 0 ]]; then
        (cd "$dir" && as_nobody "$@")
    else
        (cd "$dir" && exec "$@")
    fi
}

# make_test_certificate DIR: a self-signed certificate for 127.0.0.1 (DIR/server.crt, also the
# CA clients verify it with) and its key (DIR/server.key, readable by the server user only), so
# that the test servers accept TLS. Valid for two days.
make_test_certificate() {
    local dir=$1
    openssl req -x509 -newkey rsa:2048 -nodes -days 2 -subj "/CN=127.0.0.1" \
        -addext "subjectAltName=IP:127.0.0.1" -keyout "$dir/server.key" \
        -out "$dir/server.crt" >"$dir/openssl.log" 2>&1 || return 1
    chmod 600 "$dir/server.key"
    chmod 644 "$dir/server.crt"
    if [[ $EUID -eq 0 ]]; then chown nobody: "$dir/server.key" "$dir/server.crt"; fi
}
