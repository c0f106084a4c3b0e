#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# shellcheck source-path=SCRIPTDIR
# lockctl's bash completion (resources/completion/lockctl.bash), sourced in bash and driven as
# bash drives it (COMP_WORDS, COMP_CWORD, then the function "complete -p lockctl" names): it
# offers exactly the commands of "lockctl --help" for "lockctl <TAB>", each command's options
# (its --help) and the global ones for "lockctl COMMAND --<TAB>", nothing for "--db <TAB>" (not
# even file names), and the profiles that --profile's help names for "--profile <TAB>".
#   completion.sh LOCKCTL COMPLETION
set -euo pipefail
lockctl=$1 completion=$2
source "$(dirname "${BASH_SOURCE[0]}")/helpparse.sh"
status=0
fail() { echo "FAIL: $*" >&2; status=1; }
# words TEXT: TEXT on one line.
words() { tr -s '\n' ' ' <<<"$1"; }

# shellcheck source=/dev/null
source "$completion"
if ! spec=$(complete -p lockctl 2>/dev/null); then
    echo "FAIL: $completion registers no completion for lockctl" >&2
    exit 1
fi
function=$(sed -n -E 's/.*-F ([^ ]+).*/\1/p' <<<"$spec")
[[ -n $function ]] || { echo "FAIL: no completion function in: $spec" >&2; exit 1; }

# offered WORD...: what the completion offers for the command line WORD... (the last word is
# the one being completed), one a line, sorted.
offered() {
    COMP_WORDS=("$@")
    COMP_CWORD=$(($# - 1))
    COMP_LINE="$*"
    COMP_POINT=${#COMP_LINE}
    COMPREPLY=()
    "$function" lockctl "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD - 1]}"
    [[ ${#COMPREPLY[@]} -eq 0 ]] || printf '%s\n' "${COMPREPLY[@]}" | sort -u
}
# missing EXPECTED OFFERED: the lines of EXPECTED that OFFERED lacks.
missing() { comm -23 <(sort -u <<<"$1") <(sort -u <<<"$2"); }

# A directory with files in it: the completion must not offer them where it offers nothing.
workdir=$(mktemp -d)
trap 'rm -rf "$workdir"' EXIT
cd "$workdir"
touch locks.db profile.json

if ! commands=$(help_commands "$lockctl"); then
    echo "FAIL: $lockctl --help failed" >&2
    exit 1
fi
[[ $(wc -l <<<"$commands") -ge 10 ]] || fail "could not read the commands of lockctl --help"
sorted=$(sort <<<"$commands")
got=$(offered lockctl "")
[[ $got == "$sorted" ]] ||
    fail "lockctl <TAB> offers: $(words "$got"); lockctl --help lists: $(words "$commands")"
got=$(offered lockctl --db sqlite:x.db --json "")
[[ $got == "$sorted" ]] || fail "lockctl --db URL --json <TAB> offers: $(words "$got")"
got=$(offered lockctl ac)
[[ $got == acquire ]] || fail "lockctl ac<TAB> offers: $(words "$got")"

global=$(help_options "$lockctl") || fail "lockctl --help failed"
lacking=$(missing "$global" "$(offered lockctl --)")
[[ -z $lacking ]] || fail "lockctl --<TAB> lacks: $(words "$lacking")"
for command in $commands; do
    if ! options=$(help_options "$lockctl" "$command"); then
        fail "lockctl $command --help failed"
        continue
    fi
    lacking=$(missing "$options"$'\n'"$global" "$(offered lockctl "$command" --)")
    [[ -z $lacking ]] || fail "lockctl $command --<TAB> lacks: $(words "$lacking")"
    # An option's value that is also a command's name is not the command.
    lacking=$(missing "$options" "$(offered lockctl --table list "$command" --)")
    [[ -z $lacking ]] || fail "lockctl --table list $command --<TAB> lacks: $(words "$lacking")"
done

got=$(offered lockctl --db "")
[[ -z $got ]] || fail "lockctl --db <TAB> offers: $(words "$got")"
got=$(offered lockctl acquire --db "")
[[ -z $got ]] || fail "lockctl acquire --db <TAB> offers: $(words "$got")"
profiles=$(help_profiles "$lockctl") || fail "lockctl --help failed"
[[ $(wc -l <<<"$profiles") -ge 3 ]] || fail "could not read the profiles of lockctl --help"
got=$(offered lockctl --profile "")
lacking=$(missing "$profiles"$'\n'"profile.json" "$got")
[[ -z $lacking ]] || fail "lockctl --profile <TAB> lacks: $(words "$lacking")"
[[ $got != *locks.db* ]] || fail "lockctl --profile <TAB> offers locks.db"

[[ $status -ne 0 ]] ||
    echo "the completion offers the $(wc -l <<<"$commands") commands and their options"
exit $status
