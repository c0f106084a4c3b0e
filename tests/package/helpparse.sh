# SPDX-License-Identifier: GPL-3.0-or-later
# shellcheck shell=bash
# What "lockctl --help" and "lockctl COMMAND --help" list, for the man page and completion
# tests (sourced by them). Each fails (status 1) when lockctl does not answer.

# help_commands LOCKCTL: the commands of "lockctl --help", one a line.
help_commands() {
    local help
    help=$("$1" --help) || return 1
    sed -n '/^Commands:/,/^$/p' <<<"$help" | sed -n -E 's/^  ([a-z][a-z-]*)( .*)?$/\1/p'
}

# help_options LOCKCTL [COMMAND]: the long options of lockctl's or COMMAND's help, one a line,
# without --help.
help_options() {
    local lockctl=$1 help
    shift
    help=$("$lockctl" "$@" --help) || return 1
    sed -n '/^Options:/,/^$/p' <<<"$help" |
        sed -n -E 's/^  (-[a-zA-Z], )?(--[a-z][a-z-]*).*$/\2/p' | { grep -vx -- --help || true; }
}

# help_profiles LOCKCTL: the built-in profiles that --profile's help names.
help_profiles() {
    local help
    help=$("$1" --help) || return 1
    tr -s ' \n' ' ' <<<"$help" | sed -n -E 's/.*with its protocol: (.*), or a \.json.*/\1/p' |
        tr -d ' ' | tr ',' '\n'
}
