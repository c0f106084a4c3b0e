#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# cmake --install of the build tree into PREFIX (emptied first), and the installed tree checked:
# the tools, lockcore and its CMake package, exactly lockcore's API headers in include/lockscope/
# (none of internal/, no test hooks), the desktop entry, icon, AppStream metadata, man page and
# completion, the Prometheus alert rules and the Grafana dashboard (same as in the source tree);
# the installed lockctl prints the project's version, and appstreamcli accepts the tree.
#   install.sh BUILD_DIR PREFIX SOURCE_DIR VERSION
set -euo pipefail
build=$1 prefix=$2 source=$3 version=$4
status=0
fail() { echo "FAIL: $*" >&2; status=1; }

rm -rf "$prefix"
cmake --install "$build" --prefix "$prefix" >/dev/null

id=io.github.lockscope.Lockscope
for file in bin/lockctl bin/lockscope lib/liblockcore.a \
    lib/cmake/Lockscope/LockscopeConfig.cmake lib/cmake/Lockscope/LockscopeConfigVersion.cmake \
    lib/cmake/Lockscope/LockscopeTargets.cmake include/lockscope/lockservice.h \
    share/applications/$id.desktop share/metainfo/$id.metainfo.xml \
    share/icons/hicolor/128x128/apps/$id.png share/man/man1/lockctl.1.gz \
    share/bash-completion/completions/lockctl share/lockscope/prometheus/lockscope-alerts.yml \
    share/lockscope/grafana/lockscope-dashboard.json share/man/man1/lockscope.1.gz \
    lib/systemd/system/lockscope-exporter@.service share/doc/lockctl/copyright \
    share/doc/lockscope/changelog.gz share/doc/liblockscope-dev/copyright; do
    [[ -f $prefix/$file ]] || fail "$file is not installed"
done
[[ ! -e $prefix/bin/lockbench ]] || fail "lockbench (a developer tool) is installed"

# The headers: lockcore's API (lockcore_api_headers(), listed by the build in
# package/api-headers.txt) in include/lockscope/ and nothing else in include/; none of them an
# internal/ one, and none declaring the Session's test hooks.
expected=$(sort "$build/package/api-headers.txt")
installed=$(find "$prefix/include/lockscope" -type f -printf '%f\n' | sort)
[[ $installed == "$expected" ]] ||
    fail "installed headers differ from lockcore's API: $(diff <(echo "$expected") \
<(echo "$installed") | grep '^[<>]' | tr '\n' ' ')"
others=$(find "$prefix/include" -mindepth 1 -maxdepth 1 -not -name lockscope -printf '%f ')
[[ -z $others ]] || fail "include/ holds more than lockscope/: $others"
internal=$(find "$source/lockcore" -path '*/internal/*' -name '*.h' -printf '%f\n' | sort)
shared=$(comm -12 <(echo "$internal") <(echo "$installed") | tr '\n' ' ')
[[ -z $shared ]] || fail "internal headers are installed: $shared"
hooks='forceMySqlPath|forceBatchAcquire|forceQtDriver|isPrepared|releaseListener'
! grep -l -E "\\b($hooks) *\\(" "$prefix"/include/lockscope/*.h ||
    fail "installed headers name the Session's test hooks ($hooks)"

printed=$("$prefix/bin/lockctl" --version)
[[ $printed == "lockctl $version" ]] || fail "lockctl --version prints \"$printed\""
gzip -t "$prefix/share/man/man1/lockctl.1.gz" || fail "the man page is not a gzip file"
for file in prometheus/lockscope-alerts.yml grafana/lockscope-dashboard.json; do
    cmp -s "$source/resources/$file" "$prefix/share/lockscope/$file" ||
        fail "share/lockscope/$file differs from resources/$file"
done

if command -v appstreamcli >/dev/null; then
    # The metadata, the desktop entry it launches and the icon, as installed together.
    appstreamcli validate-tree --no-net "$prefix" || fail "appstreamcli validate-tree"
fi
[[ $status -ne 0 ]] || echo "installed into $prefix: $(find "$prefix" -type f | wc -l) files"
exit $status
