#!/usr/bin/env bash
# cpack -G DEB of the build tree into OUT_DIR (emptied first), and the two packages checked:
# lockscope's Depends come from dpkg-shlibdeps (the Qt libraries the binaries link) plus the
# plugins it cannot see (the SQLite driver, the platform plugins); each package holds its files.
#   make-deb.sh BUILD_DIR OUT_DIR VERSION
set -euo pipefail
build=$1 out=$2 version=$3
status=0
fail() { echo "FAIL: $*" >&2; status=1; }
command -v dpkg-shlibdeps >/dev/null ||
    { echo "SKIP: dpkg-shlibdeps is not installed (dpkg-dev: scripts/test installs it)"; exit 77; }

rm -rf "$out"
cpack -G DEB --config "$build/CPackConfig.cmake" -B "$out"
apps=$out/lockscope_${version}_$(dpkg --print-architecture).deb
devel=$out/liblockscope-dev_${version}_$(dpkg --print-architecture).deb
for deb in "$apps" "$devel"; do
    [[ -f $deb ]] || { echo "FAIL: cpack made no $deb" >&2; exit 1; }
done

# contains DEB PATH...: the package holds each PATH.
contains() {
    local deb=$1 listing path
    shift
    listing=$(dpkg-deb -c "$deb" | awk '{ print $6 }')
    for path in "$@"; do
        grep -qx "./$path" <<<"$listing" || fail "$(basename "$deb") lacks /$path"
    done
}
id=io.github.lockscope.Lockscope
contains "$apps" usr/bin/lockctl usr/bin/lockscope usr/share/applications/$id.desktop \
    usr/share/metainfo/$id.metainfo.xml usr/share/icons/hicolor/128x128/apps/$id.png \
    usr/share/man/man1/lockctl.1.gz usr/share/bash-completion/completions/lockctl \
    usr/share/lockscope/prometheus/lockscope-alerts.yml \
    usr/share/lockscope/grafana/lockscope-dashboard.json
contains "$devel" usr/include/lockscope/lockservice.h usr/lib/liblockcore.a \
    usr/lib/cmake/Lockscope/LockscopeConfig.cmake

depends=$(dpkg-deb -f "$apps" Depends)
echo "lockscope Depends: $depends"
# From dpkg-shlibdeps (with a version from the libraries' symbols), and the plugins named.
for package in libc6 libqt6core6 libqt6sql6 libqt6widgets6 libqt6sql6-sqlite qt6-qpa-plugins; do
    grep -Eq "(^|, )$package( \(|,|$)" <<<"$depends" || fail "lockscope does not depend on $package"
done
grep -Eq "libqt6core6 \(>= [0-9.]+\)" <<<"$depends" ||
    fail "no versioned libqt6core6: the Depends did not come from dpkg-shlibdeps"
recommends=$(dpkg-deb -f "$apps" Recommends)
for package in libqt6sql6-psql libqt6sql6-mysql; do
    grep -q "$package" <<<"$recommends" || fail "lockscope does not recommend $package"
done
[[ $status -ne 0 ]] || echo "made $(basename "$apps") and $(basename "$devel")"
exit $status
