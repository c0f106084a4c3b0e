# SPDX-License-Identifier: GPL-3.0-or-later
# bash completion for lockctl(1), installed as
# /usr/share/bash-completion/completions/lockctl. Self-contained: it needs none of
# bash-completion's helpers, so it also works when sourced by hand.
# tests/package/completion.sh checks it against "lockctl --help" and each command's --help.

# The commands of "lockctl --help", in its order.
_lockctl_commands="schema init list show detect history audit acquire renew release force-release
    delete now native-locks cancel terminate cluster exporter simulate run bench"
_lockctl_global_options="--db --table --profile --app-time-zone --audit-table --json
    --connect-timeout --no-prompt --read-only --help --version"
# The profiles built into lockctl (--profile also takes a .json file).
_lockctl_profiles="seed-000 seed-001 seed-001-row seed-004 shedlock spring-int-lock spring-int-lock-ttl knex laravel laravel-schedule liquibase graphile-worker-jobs graphile-worker-queues db-scheduler quartz-instances quartz"

# _lockctl_command_options COMMAND: the options of COMMAND (after the global ones).
_lockctl_command_options() {
    case $1 in
    schema) echo "--print --create" ;;
    init) echo "--ttl --description --reason" ;;
    list | show) echo "--stuck-after" ;;
    history) echo "--limit" ;;
    audit) echo "--actor --exact-actor --lock --since --until --kind --limit --format" ;;
    acquire) echo "--ttl --holder --wait --hold --renew --reason" ;;
    renew) echo "--holder --fence --ttl" ;;
    release) echo "--holder --fence --reason" ;;
    force-release) echo "--fence --reason --expect-holder --expect-time" ;;
    native-locks) echo "--name" ;;
    cancel) echo "--reason --expect-session --allow-lockscope-session --yes" ;;
    terminate) echo "--reason --expect-session --allow-lockscope-session --expect-lock --yes --name" ;;
    exporter) echo "--listen --name --include --max-locks --scrape-timeout" ;;
    simulate)
        echo "--clients --locks --ttl --hold --think --duration --acquisitions --crash-rate
            --pause-rate --pause-extra --retry-interval --retry-max-interval --retry-backoff
            --retry-jitter --retry-deadline --protocol --node-url --clock-skew --seed
            --sim-table --history --processes --kill-rate"
        ;;
    run) echo "--ttl --holder --wait --kill-after --json-file -E --conflict-exit-code --quiet --hold-at-least --scope" ;;
    esac
}

# Options followed by a value (the value is not a command or an option).
_lockctl_takes_value() {
    case $1 in
    --db | --table | --profile | --app-time-zone | --audit-table | --connect-timeout | \
        --ttl | --description | \
        --stuck-after | --limit | --holder | --wait | --hold | --fence | --reason | \
        --expect-holder | --expect-time | --name | --expect-lock | --expect-session | --clients | --locks | \
        --think | --duration | --acquisitions | --crash-rate | --pause-rate | --pause-extra | \
        --retry-interval | --retry-max-interval | --retry-backoff | --retry-jitter | \
        --retry-deadline | --protocol | --node-url | --clock-skew | --seed | --sim-table | \
        --history | --kill-rate | --kill-after | --json-file | --listen | --include | \
        --max-locks | --scrape-timeout | --conflict-exit-code | -E | --hold-at-least | \
        --actor | --lock | --since | --until | --kind | --format)
        return 0
        ;;
    esac
    return 1
}

_lockctl() {
    local cur=${COMP_WORDS[COMP_CWORD]} prev=""
    ((COMP_CWORD > 0)) && prev=${COMP_WORDS[COMP_CWORD - 1]}
    COMPREPLY=()

    # The value of an option: only where there is something to offer.
    case $prev in
    --profile)
        compopt -o filenames 2>/dev/null
        mapfile -t COMPREPLY < <(compgen -W "$_lockctl_profiles" -- "$cur"
            compgen -f -X '!*.json' -- "$cur"
            compgen -d -- "$cur")
        return 0
        ;;
    --history | --json-file)
        compopt -o filenames 2>/dev/null
        mapfile -t COMPREPLY < <(compgen -f -- "$cur")
        return 0
        ;;
    --kind)
        mapfile -t COMPREPLY < <(compgen -W \
            "init force_release delete terminate cancel test_hold" -- "$cur")
        return 0
        ;;
    --format)
        mapfile -t COMPREPLY < <(compgen -W "table csv json" -- "$cur")
        return 0
        ;;
    --protocol)
        mapfile -t COMPREPLY < <(compgen -W \
            "lockcore unsafe-no-expiry unsafe-client-clock for-update" -- "$cur")
        return 0
        ;;
    esac
    # --db (it holds a password), names, holders, durations: nothing to offer.
    if _lockctl_takes_value "$prev"; then
        return 0
    fi

    # The command is the first word that is neither an option nor an option's value.
    local i word command=""
    for ((i = 1; i < COMP_CWORD; i++)); do
        word=${COMP_WORDS[i]}
        if [[ $word == -- ]]; then
            # run's COMMAND and its arguments: complete them as commands and files.
            [[ $command == run ]] && { _lockctl_after_dashes "$i"; return 0; }
        elif [[ $word == -* ]]; then
            _lockctl_takes_value "$word" && ((i++))
        elif [[ -z $command ]]; then
            command=$word
        fi
    done

    if [[ -z $command ]]; then
        if [[ $cur == -* ]]; then
            mapfile -t COMPREPLY < <(compgen -W "$_lockctl_global_options" -- "$cur")
        else
            mapfile -t COMPREPLY < <(compgen -W "$_lockctl_commands" -- "$cur")
        fi
    elif [[ $cur == -* ]]; then
        mapfile -t COMPREPLY < <(compgen -W "$(_lockctl_command_options "$command")
            $_lockctl_global_options" -- "$cur")
    fi
    return 0
}

# After "lockctl run NAME ... --": the command to run, then its arguments as files.
_lockctl_after_dashes() {
    local dashes=$1 cur=${COMP_WORDS[COMP_CWORD]}
    if ((COMP_CWORD == dashes + 1)); then
        mapfile -t COMPREPLY < <(compgen -c -- "$cur" | sort -u)
    else
        compopt -o filenames 2>/dev/null
        mapfile -t COMPREPLY < <(compgen -f -- "$cur")
    fi
}

complete -F _lockctl lockctl
