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
