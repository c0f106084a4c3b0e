#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Runs a validator, TOOL ARGS...; skipped (77) when TOOL is not installed (scripts/test
# installs desktop-file-utils and appstream).
#   validate.sh TOOL ARGS...
set -euo pipefail
command -v "$1" >/dev/null || { echo "SKIP: $1 is not installed"; exit 77; }
exec "$@"
