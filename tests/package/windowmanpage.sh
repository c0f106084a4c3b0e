#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# shellcheck source-path=SCRIPTDIR
# The window's man page (resources/man/lockscope.1) lints without a warning (groff -ww, and man
# at 80 columns) and documents, in its OPTIONS section, every option that "lockscope --help"
# lists (run on the offscreen platform: no display needed).
#   windowmanpage.sh LOCKSCOPE MANPAGE
set -euo pipefail
lockscope=$1 page=$2
source "$(dirname "${BASH_SOURCE[0]}")/helpparse.sh"
source "$(dirname "${BASH_SOURCE[0]}")/manlint.sh"
require_man_tools
status=0
fail() { echo "FAIL: $*" >&2; status=1; }

lint=$(man_lint "$page") || fail "$lint"
text=$(LC_ALL=C.UTF-8 MANWIDTH=1000 man -l "$page" 2>/dev/null)
options_section=$(awk '/^[A-Z]/ { on = ($0 == "OPTIONS"); next } on' <<<"$text")
[[ -n $options_section ]] || fail "no OPTIONS section"
export QT_QPA_PLATFORM=offscreen
options=$(help_options "$lockscope") || { echo "FAIL: $lockscope --help failed" >&2; exit 1; }
[[ $(wc -l <<<"$options") -ge 5 ]] || fail "could not read the options of lockscope --help"
for option in $options --help; do
    grep -Eq -- "(^|[^a-z-])$option([^a-z-]|\$)" <<<"$options_section" ||
        fail "$option is not in OPTIONS"
done
for name in "EXIT STATUS" ENVIRONMENT FILES "SEE ALSO"; do
    awk -v t="$name" '$0 == t { found = 1 } END { exit !found }' <<<"$text" ||
        fail "no $name section"
done
[[ $status -eq 0 ]] && echo "the man page documents $(wc -w <<<"$options") options, lint clean"
exit $status
