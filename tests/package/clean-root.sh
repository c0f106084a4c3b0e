#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# The .debs on a clean Debian 12: a minimal bookworm root made here with debootstrap (from
# the mirror this machine's apt uses), the packages installed in it with apt-get, so that their
# Depends are resolved from the mirror (without Recommends). First lockctl alone: what it
# pulls (packages and MB) is printed and nothing of a desktop (libQt6Widgets, libQt6Gui, the
# platform plugins) comes with it; lockctl runs there on SQLite (--version, schema, init,
# acquire, list, release, show) and lockctl exporter serves that table on a loopback port
# (one GET /metrics). Then lockscope (what it adds is printed too) and the window's binary
# started (--version, offscreen). Then liblockscope-dev with cmake and g++: examples/ builds
# against /usr alone and its lockedjob holds a lock there. Needs root (debootstrap, chroot);
# skipped (77) otherwise. The root is made afresh each run (about 30 s) and removed at the
# end; /proc is unmounted however the script ends.
#   clean-root.sh DEB_DIR WORK_DIR VERSION SOURCE_DIR
set -euo pipefail
debs=$1 work=$2 version=$3 source=$4

if [[ $EUID -ne 0 ]]; then
    echo "SKIP: the clean-root install test needs root (debootstrap and chroot); run as root"
    exit 77
fi
for tool in debootstrap chroot; do
    command -v "$tool" >/dev/null ||
        { echo "SKIP: $tool is not installed (scripts/test installs debootstrap)"; exit 77; }
done
arch=$(dpkg --print-architecture)
clideb=$debs/lockctl_${version}_$arch.deb
deb=$debs/lockscope_${version}_$arch.deb
devdeb=$debs/liblockscope-dev_${version}_$arch.deb
for file in "$clideb" "$deb" "$devdeb"; do
    [[ -f $file ]] || { echo "FAIL: no $file (the package_deb test makes it)" >&2; exit 1; }
done

# The mirror of this machine's bookworm sources (deb822 or one-line), else Debian's.
mirror() {
    local files=() uri
    [[ -f /etc/apt/sources.list ]] && files+=(/etc/apt/sources.list)
    for uri in /etc/apt/sources.list.d/*.list /etc/apt/sources.list.d/*.sources; do
        [[ -f $uri ]] && files+=("$uri")
    done
    uri=""
    if [[ ${#files[@]} -gt 0 ]]; then
        uri=$(awk '
            /^deb[ \t]/ { for (i = 2; i <= NF; i++) if ($i ~ /^[a-z]+:\/\//) {
                              if ($(i + 1) == "bookworm") { print $i; exit } break } }
            /^URIs:/ { uri = $2 }
            /^Suites:/ && uri != "" { for (i = 2; i <= NF; i++) if ($i == "bookworm") {
                                         print uri; exit } }
            /^$/ { uri = "" }' "${files[@]}")
    fi
    echo "${uri:-http://deb.debian.org/debian}"
}

root=$work/root
# unmount_all: whatever is mounted under the root (this run's /proc, or a killed run's).
unmount_all() {
    local target
    [[ -d $root ]] || return 0
    findmnt -rn -o TARGET | grep -F "$(realpath "$root")/" | sort -r |
        while read -r target; do umount -l "$target" || true; done
}
cleanup() {
    unmount_all
    if findmnt -rn -o TARGET | grep -qF "$(realpath "$root" 2>/dev/null || echo "$root")/"; then
        echo "WARNING: something is still mounted under $root; not removing it" >&2
    else
        rm -rf "$root"
    fi
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

started=$SECONDS
mkdir -p "$work"
cleanup
source_mirror=$(mirror)
echo "debootstrap bookworm (minbase) from $source_mirror"
debootstrap --variant=minbase bookworm "$root" "$source_mirror" >"$work/debootstrap.log" 2>&1 ||
    { tail -20 "$work/debootstrap.log" >&2; echo "FAIL: debootstrap failed" >&2; exit 1; }
echo "root made in $((SECONDS - started)) s"
mount -t proc proc "$root/proc"
cp /etc/resolv.conf "$root/etc/resolv.conf"
cp "$clideb" "$deb" "$devdeb" "$root/tmp/"
cp -r "$source/examples" "$root/tmp/examples"

# in_root CMD...: CMD in the clean root, with a plain environment.
in_root() {
    chroot "$root" /usr/bin/env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/root LANG=C.UTF-8 \
        DEBIAN_FRONTEND=noninteractive "$@"
}
in_root apt-get update -q >"$work/apt.log" 2>&1 ||
    { tail -20 "$work/apt.log" >&2; echo "FAIL: apt-get update failed" >&2; exit 1; }
# root_mb: the root's size in MB (its files, without /proc, apt's downloaded .debs removed).
root_mb() {
    in_root apt-get clean
    du -sm -x "$root" | cut -f1
}
# install_deb DEB: DEB installed with apt-get, and what it pulled printed: the packages apt
# newly installed (DEB among them) and the MB the root grew by.
install_deb() {
    local before installing log
    log=$work/apt-$(basename "$1").log
    before=$(root_mb)
    installing=$SECONDS
    in_root apt-get install -y -q --no-install-recommends "/tmp/$(basename "$1")" >"$log" 2>&1 || {
        tail -30 "$log" >&2
        echo "FAIL: apt-get install of $(basename "$1") failed" >&2
        exit 1
    }
    cat "$log" >>"$work/apt.log"
    echo "$(basename "$1"): $(sed -n -E 's/^[0-9]+ upgraded, ([0-9]+) newly installed.*/\1/p' \
        "$log") packages newly installed, the root grew by $(($(root_mb) - before)) MB," \
        "in $((SECONDS - installing)) s"
}

status=0
fail() { echo "FAIL: $*" >&2; status=1; }

# lockctl alone: nothing of a desktop comes with it.
install_deb "$clideb"
# shellcheck disable=SC2016 # dpkg-query's format, not the shell's
desktop=$(in_root dpkg-query -W -f '${Package}\n' | grep -E \
    '^(libqt6widgets6|libqt6gui6|libqt6charts6|libqt6opengl6|qt6-qpa-plugins|qtkeychain-qt6|libqt6keychain1)$' ||
    true)
[[ -z $desktop ]] || fail "lockctl pulled a desktop's packages: $desktop"
[[ ! -e $root/usr/bin/lockscope ]] || fail "lockctl installed /usr/bin/lockscope"
# json_value KEY JSON: the string or number value of "KEY" in JSON (a flat object).
json_value() {
    local value='("([^"]*)"|(-?[0-9]+))'
    sed -n -E 's/.*"'"$1"'"[[:space:]]*:[[:space:]]*'"$value"'.*/\2\3/p' <<<"$2"
}

printed=$(in_root lockctl --version) || fail "lockctl --version failed"
[[ $printed == "lockctl $version" ]] || fail "lockctl --version printed \"$printed\""
db=sqlite:/tmp/locks.db
in_root lockctl --db "$db" schema --create >/dev/null || fail "lockctl schema --create failed"
in_root lockctl --db "$db" init nightly --ttl 30s --description "clean root" >/dev/null ||
    fail "lockctl init failed"
acquired=$(in_root lockctl --db "$db" --json acquire nightly --ttl 60s) ||
    fail "lockctl acquire failed: $acquired"
echo "acquire: $acquired"
holder=$(json_value holder "$acquired")
fence=$(json_value fence "$acquired")
[[ $acquired == *'"acquired":true'* && -n $holder && $fence =~ ^[0-9]+$ ]] ||
    fail "acquire did not report a grant with a holder and fence"
listed=$(in_root lockctl --db "$db" --json list) || fail "lockctl list failed"
[[ $listed == *"\"holder\":\"$holder\""* && $listed == *'"name":"nightly"'* ]] ||
    fail "list does not show nightly held by $holder: $listed"
in_root lockctl --db "$db" release nightly --holder "$holder" --fence "$fence" >/dev/null ||
    fail "lockctl release failed"
shown=$(in_root lockctl --db "$db" --json show nightly) || fail "lockctl show failed"
[[ $shown == *'"state":"free"'* && $shown == *"\"fence\":$fence"* ]] ||
    fail "show after the release: $shown"

# lockctl exporter on that table, on a free loopback port: one GET /metrics (bash's /dev/tcp,
# in the root) reports the table up and the lock nightly; the exporter is stopped after it.
# free_port: a loopback port nobody listens on (the root shares this machine's network).
free_port() {
    local port
    while :; do
        port=$((20000 + RANDOM % 40000))
        (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null || { echo "$port"; return; }
    done
}
port=$(free_port)
# chroot execs env, which execs lockctl: $! is the exporter itself.
chroot "$root" /usr/bin/env -i PATH=/usr/bin:/bin LANG=C.UTF-8 \
    lockctl --db "$db" exporter --listen "127.0.0.1:$port" >"$work/exporter.log" 2>&1 &
exporter=$!
# get_metrics: the HTTP answer to GET /metrics (its headers, then Content-Length bytes of
# body: the exporter keeps the connection open), or nothing while nobody listens.
get_metrics() {
    # shellcheck disable=SC2016 # run by the root's bash
    in_root timeout 10 bash -c 'exec 3<>"/dev/tcp/127.0.0.1/$1" || exit 1
        printf "GET /metrics HTTP/1.1\r\nHost: localhost\r\n\r\n" >&3
        length=0
        while IFS= read -r line <&3 && [[ $line != $'"'"'\r'"'"' ]]; do
            echo "$line"
            [[ $line =~ ^Content-Length:\ ([0-9]+) ]] && length=${BASH_REMATCH[1]}
        done
        echo
        head -c "$length" <&3' bash "$port" 2>/dev/null
}
metrics=""
deadline=$((SECONDS + 30))
while [[ -z $metrics && $SECONDS -lt $deadline ]] && kill -0 "$exporter" 2>/dev/null; do
    metrics=$(get_metrics) || metrics=""
    [[ -n $metrics ]] || sleep 0.2 # polls until the exporter listens (30 s at most)
done
kill "$exporter" 2>/dev/null || true
wait "$exporter" 2>/dev/null || true
if [[ $metrics == "HTTP/1."*" 200 "* ]] && grep -Eq '^lockscope_up\{.*\} 1$' <<<"${metrics//$'\r'/}" &&
    grep -q 'lock="nightly"' <<<"$metrics"; then
    echo "exporter: GET /metrics answered 200 with lockscope_up 1 and the lock nightly" \
        "($(grep -c '^lockscope_' <<<"$metrics") samples)"
else
    fail "lockctl exporter did not serve the table: $(head -c 600 <<<"$metrics")" \
        "$(tail -5 "$work/exporter.log")"
fi

# The window's package: what it adds to lockctl (the two together hold what the single
# lockscope package of 0.1.0 held).
install_deb "$deb"
# The window's binary: every library it links is there, and it starts (offscreen, no display).
missing=$(in_root ldd /usr/bin/lockscope | grep 'not found' || true)
[[ -z $missing ]] || fail "lockscope lacks libraries: $missing"
printed=$(in_root env QT_QPA_PLATFORM=offscreen XDG_RUNTIME_DIR=/tmp lockscope --version 2>&1) ||
    fail "lockscope --version failed: $printed"
[[ $printed == *"lockscope $version"* ]] || fail "lockscope --version printed \"$printed\""

# An application built against the development package: cmake and a compiler are the
# application's own; what lockcore needs comes with liblockscope-dev's Depends.
installing=$SECONDS
if in_root apt-get install -y -q --no-install-recommends cmake make g++ \
    "/tmp/$(basename "$devdeb")" >>"$work/apt.log" 2>&1; then
    echo "liblockscope-dev installed with cmake and g++ in $((SECONDS - installing)) s"
    if in_root cmake -S /tmp/examples -B /tmp/examples-build >"$work/example.log" 2>&1 &&
        in_root cmake --build /tmp/examples-build >>"$work/example.log" 2>&1; then
        ran=$(in_root /tmp/examples-build/lockedjob/lockedjob --db "$db" \
            --seconds 1 nightly 2>&1) || fail "lockedjob failed: $ran"
        echo "lockedjob: $ran"
        fence=$(sed -n -E 's/^acquired nightly fence ([0-9]+) holder .*/\1/p' <<<"$ran")
        shown=$(in_root lockctl --db "$db" --json show nightly) || fail "lockctl show failed"
        [[ -n $fence && $ran == *"released nightly fence $fence"* &&
            $shown == *"\"fence\":$fence"* && $shown == *'"state":"free"'* ]] ||
            fail "lockedjob did not hold nightly with the fence it printed: $shown"
    else
        tail -30 "$work/example.log" >&2
        fail "examples/ did not build against liblockscope-dev"
    fi
else
    tail -30 "$work/apt.log" >&2
    fail "apt-get install of liblockscope-dev failed"
fi

echo "clean-root test took $((SECONDS - started)) s"
exit $status
