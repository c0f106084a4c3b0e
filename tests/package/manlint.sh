# SPDX-License-Identifier: GPL-3.0-or-later
# shellcheck shell=bash
# The lint of a man page, for the man page tests (sourced by them).

# man_lint PAGE: groff -ww and man at 80 columns warn of nothing; prints what they say and
# fails (status 1) otherwise.
man_lint() {
    local page=$1 warnings
    warnings=$(groff -ww -z -man "$page" 2>&1) || { echo "groff failed: $warnings"; return 1; }
    [[ -z $warnings ]] || { echo "groff -ww warns: $warnings"; return 1; }
    warnings=$(LC_ALL=C.UTF-8 MANWIDTH=80 man --warnings -l "$page" 2>&1 >/dev/null) ||
        { echo "man failed: $warnings"; return 1; }
    [[ -z $warnings ]] || { echo "man --warnings warns: $warnings"; return 1; }
}

# require_man_tools: exits 77 (skipped) when groff or man is missing.
require_man_tools() {
    local tool
    for tool in groff man; do
        if ! command -v "$tool" >/dev/null; then
            echo "SKIP: $tool is not installed (groff-base, man-db: scripts/test installs them)"
            exit 77
        fi
    done
}
