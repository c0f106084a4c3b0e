#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# The exporter's systemd unit (resources/systemd/lockscope-exporter@.service) passes
# "systemd-analyze verify": a copy in WORK_DIR whose ExecStart names this build's lockctl
# instead of /usr/bin/lockctl, verified as an instance with lockctl(1) on the man path (systemd
# checks its Documentation=); any message of the verify fails the test. Skipped (77) without
# systemd-analyze.
#   systemd-unit.sh UNIT LOCKCTL MANPAGE WORK_DIR
set -euo pipefail
unit=$1 lockctl=$2 page=$3 work=$4
command -v systemd-analyze >/dev/null ||
    { echo "SKIP: systemd-analyze is not installed (systemd: scripts/test installs it)"; exit 77; }
grep -qx 'ExecStart=/usr/bin/lockctl .*' "$unit" ||
    { echo "FAIL: the unit's ExecStart does not start /usr/bin/lockctl" >&2; exit 1; }

rm -rf "$work"
mkdir -p "$work/man/man1"
cp "$page" "$work/man/man1/lockctl.1"
template=$(basename "$unit")
instance=${template/@./@test.}
sed "s|^ExecStart=/usr/bin/lockctl |ExecStart=$lockctl |" "$unit" >"$work/$template"
# Verified from WORK_DIR, which holds the template: systemd finds the instance's template there.
output=$(cd "$work" && MANPATH=$work/man SYSTEMD_LOG_COLOR=0 \
    systemd-analyze verify --man=yes "$work/$instance" 2>&1) || {
    echo "FAIL: systemd-analyze verify failed: $output" >&2
    exit 1
}
# Messages about other units of this machine (its own /etc/systemd) are not this unit's.
mine=$(grep -F -e "$instance" -e "$template" <<<"$output" || true)
[[ -z $mine ]] || { echo "FAIL: systemd-analyze verify: $mine" >&2; exit 1; }
echo "systemd-analyze verify: $template clean"
