#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# "lockscope --help" and "--version" answer with no display at all (no X, no Wayland, no
# QT_QPA_PLATFORM), as Qt's own tools do: exit 0 and the expected text; --lang applies.
#   headless-help.sh LOCKSCOPE VERSION
set -uo pipefail
lockscope=$1 version=$2
failures=0

# run ARGS...: lockscope's output and exit status without a display.
run() {
    output=$(env -u DISPLAY -u WAYLAND_DISPLAY -u QT_QPA_PLATFORM "$lockscope" "$@" 2>&1)
    status=$?
}

# expect WHAT PATTERN: the last run exited 0 and its output has PATTERN (fixed text).
expect() {
    if [[ $status -ne 0 ]] || ! grep -qF -- "$2" <<<"$output"; then
        echo "FAIL: lockscope $1: exit $status, expected \"$2\" in:"
        echo "$output" | head -20
        failures=$((failures + 1))
    else
        echo "PASS: lockscope $1"
    fi
}

run --help
expect --help "--db <URL>"
run -h
expect -h "Usage: "
run --help-all
expect --help-all "--window-threshold <LOCKS>"
run --version
expect --version "lockscope $version"
if [[ $output != "lockscope $version" ]]; then
    echo "FAIL: lockscope --version printed more than its version:"
    echo "$output"
    failures=$((failures + 1))
fi
run --db sqlite:/nonexistent.db --version
expect "--db ... --version" "lockscope $version"
run --lang zh_CN --help
expect "--lang zh_CN --help" "监控和管理存储在数据库表中的分布式锁。"
exit $((failures > 0))
