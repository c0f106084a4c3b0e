#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# shellcheck source-path=SCRIPTDIR
# lockctl's man page (resources/man/lockctl.1) lints without a warning (groff -ww, and man at
# 80 columns), and documents every command that "lockctl --help" lists (a subsection of
# COMMANDS), the options that each command's --help lists (in that subsection), and the
# global options (in GLOBAL OPTIONS).
#   manpage.sh LOCKCTL MANPAGE
set -euo pipefail
lockctl=$1 page=$2
source "$(dirname "${BASH_SOURCE[0]}")/helpparse.sh"
source "$(dirname "${BASH_SOURCE[0]}")/manlint.sh"
require_man_tools
status=0
fail() { echo "FAIL: $*" >&2; status=1; }

lint=$(man_lint "$page") || fail "$lint"

text=$(LC_ALL=C.UTF-8 MANWIDTH=1000 man -l "$page" 2>/dev/null)
# section TITLE: the lines of the section TITLE (a heading at column 0).
section() { awk -v t="$1" '/^[A-Z]/ { on = ($0 == t); next } on' <<<"$text"; }
# documents TEXT OPTION: TEXT names OPTION as a word.
documents() { grep -Eq -- "(^|[^a-z-])$2([^a-z-]|\$)" <<<"$1"; }

if ! commands=$(help_commands "$lockctl"); then
    echo "FAIL: $lockctl --help failed" >&2
    exit 1
fi
[[ $(wc -l <<<"$commands") -ge 10 ]] || fail "could not read the commands of lockctl --help"
for command in $commands; do
    if ! options=$(help_options "$lockctl" "$command"); then
        fail "lockctl $command --help failed"
        continue
    fi
    # Its subsection: from the heading that starts with the command to the next heading.
    body=$(section COMMANDS | awk -v c="$command" '/^   [^ ]/ { on = ($1 == c) } on')
    if [[ -z $body ]]; then
        fail "no subsection for the command $command"
        continue
    fi
    for option in $options; do
        documents "$body" "$option" || fail "$command: $option is not in its subsection"
    done
done
options=$(help_options "$lockctl") || fail "lockctl --help failed"
for option in $options; do
    documents "$(section "GLOBAL OPTIONS")" "$option" || fail "global option $option is missing"
done
for name in "EXIT STATUS" ENVIRONMENT FILES EXAMPLES "SEE ALSO"; do
    [[ -n $(section "$name") ]] || fail "no $name section"
done
[[ $status -eq 0 ]] && echo "the man page documents $(wc -w <<<"$commands") commands, lint clean"
exit $status
