#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# The Grafana dashboard is valid JSON, and every PromQL expression of the dashboard and of the
# alert rules names only metrics that docs/monitoring.md documents (its metric table: rows
# starting with "| `lockscope_...`") or Prometheus's own `up`; the dashboard's expressions (with
# Grafana's variables replaced by values) pass `promtool check rules` as recording rules, so a
# syntax error fails. Skipped (77) when jq or promtool is not installed.
#   check-promql.sh DOC DASHBOARD RULES
set -euo pipefail
doc=$1 dashboard=$2 rules=$3
for tool in jq promtool; do
    command -v "$tool" >/dev/null || { echo "SKIP: $tool is not installed"; exit 77; }
done
status=0
fail() { echo "FAIL: $*" >&2; status=1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

jq empty "$dashboard" || { echo "FAIL: $dashboard is not valid JSON" >&2; exit 1; }
# shellcheck disable=SC2016 # the backticks are Markdown's
known=$(grep -oP '^\| `\Klockscope_[a-z_]+(?=`)' "$doc" | sort -u)
[[ $(wc -l <<<"$known") -ge 10 ]] || { echo "FAIL: no metric table found in $doc" >&2; exit 1; }
known+=$'\nup'

# The expressions: the dashboard's expr fields and its variables' label_values(METRIC, label)
# queries; the rules' expr fields (a block scalar, indented under "expr: |", or one line).
jq -r '.. | objects | .expr? // empty | gsub("\n"; " ")' "$dashboard" >"$tmp/dashboard.exprs"
jq -r '.templating.list[] | .definition? // empty' "$dashboard" |
    grep -oP 'label_values\(\K[a-zA-Z_:][a-zA-Z0-9_:]*(?=\s*,)' >"$tmp/variables.metrics" || true
awk '
    /^ *expr: *\|/ { block = 1; indent = -1; line = ""; next }
    /^ *expr: / { sub(/^ *expr: */, ""); print; next }
    block {
        match($0, /^ */)
        if (indent < 0) indent = RLENGTH
        if (RLENGTH < indent && $0 !~ /^ *$/) { print line; block = 0; next }
        line = line " " $0
    }
    END { if (block) print line }
' "$rules" >"$tmp/rules.exprs"
[[ -s $tmp/dashboard.exprs ]] || fail "no expr in $dashboard"
[[ -s $tmp/rules.exprs ]] || fail "no expr in $rules"

# metric_names EXPR: the metric names an expression selects. Strings, label matchers, ranges,
# the label lists of by/without/on/ignoring/group_left/group_right, function names (followed by
# "("), keywords and numbers are removed; the identifiers left are metric names.
metric_names() {
    sed -E 's/"([^"\\]|\\.)*"//g; s/\{[^}]*\}//g; s/\[[^]]*\]//g' <<<"$1" |
        sed -E 's/\b(by|without|on|ignoring|group_left|group_right)\s*\([^)]*\)//g' |
        sed -E 's/\b[a-zA-Z_][a-zA-Z0-9_]*\s*\(/(/g' |
        grep -oE '\b[a-zA-Z_:][a-zA-Z0-9_:]*\b' |
        grep -vxE 'and|or|unless|bool|offset|by|without|on|ignoring|group_left|group_right|inf|nan|e' ||
        true
}
check_names() { # SOURCE, expressions on stdin
    local expr name
    while IFS= read -r expr; do
        [[ -n $expr ]] || continue
        for name in $(metric_names "$expr"); do
            grep -qxF "$name" <<<"$known" ||
                fail "$1: \"$name\" is not a metric of docs/monitoring.md (in: $expr)"
        done
    done
}
check_names "$dashboard" <"$tmp/dashboard.exprs"
check_names "$rules" <"$tmp/rules.exprs"
while IFS= read -r name; do
    grep -qxF "$name" <<<"$known" || fail "$dashboard: variable query on unknown metric $name"
done <"$tmp/variables.metrics"

# Syntax: each dashboard expression as a recording rule, Grafana's variables given values.
{
    echo 'groups:'
    echo '  - name: dashboard'
    echo '    rules:'
    n=0
    while IFS= read -r expr; do
        n=$((n + 1))
        expr=${expr//\$__rate_interval/5m}
        expr=${expr//\$__interval/1m}
        expr=${expr//\$__range/1h}
        expr=${expr//\$db/.*}
        echo "      - record: dashboard:expr_$n"
        echo "        expr: '${expr//\'/\'\'}'"
    done <"$tmp/dashboard.exprs"
} >"$tmp/dashboard-rules.yml"
promtool check rules "$tmp/dashboard-rules.yml" || fail "promtool check rules refuses the dashboard's expressions"
grep -q '\$' "$tmp/dashboard-rules.yml" && fail "a Grafana variable left unreplaced: $(grep '\$' "$tmp/dashboard-rules.yml")"

[[ $status -ne 0 ]] || echo "PASS: $(wc -l <"$tmp/dashboard.exprs") dashboard and $(wc -l <"$tmp/rules.exprs") rule expressions use only documented metrics"
exit $status
