#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# lintian on each .deb of DEB_DIR (package_deb makes them): no error (E:) and no warning (W:).
# A tag a package carries on purpose is overridden in the package itself
# (/usr/share/lintian/overrides/<package>, with the reason), where lintian reads it.
#   lintian.sh DEB_DIR
set -euo pipefail
debs=$1
command -v lintian >/dev/null ||
    { echo "SKIP: lintian is not installed (scripts/test installs it)"; exit 77; }
shopt -s nullglob
packages=("$debs"/*.deb)
[[ ${#packages[@]} -gt 0 ]] ||
    { echo "FAIL: no .deb in $debs (package_deb makes them)" >&2; exit 1; }

status=0
for deb in "${packages[@]}"; do
    output=$(lintian --fail-on none --display-level '>=warning' "$deb" 2>&1) || {
        echo "FAIL: lintian did not run on $(basename "$deb"): $output" >&2
        status=1
        continue
    }
    found=$(grep -E '^[EW]: ' <<<"$output" || true)
    if [[ -n $found ]]; then
        echo "FAIL: lintian on $(basename "$deb"):" >&2
        echo "$found" >&2
        status=1
    else
        echo "$(basename "$deb"): lintian clean (no error, no warning)"
    fi
done
exit $status
