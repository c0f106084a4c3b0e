#!/usr/bin/env bash
# Runs a validator, TOOL ARGS...; skipped (77) when TOOL is not installed (scripts/test
# installs desktop-file-utils and appstream).
#   validate.sh TOOL ARGS...
set -euo pipefail
command -v "$1" >/dev/null || { echo "SKIP: $1 is not installed"; exit 77; }
exec "$@"
