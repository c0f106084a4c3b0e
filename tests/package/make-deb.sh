#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# cpack -G DEB of the build tree into OUT_DIR (emptied first), and the three packages checked:
# each holds its files; lockctl's Depends come from dpkg-shlibdeps (the Qt libraries lockctl
# links) plus the SQLite driver, and name nothing of a desktop (Widgets, Charts, Keychain,
# OpenGL, the platform plugins); lockscope's add the window's libraries, the platform plugins
# and lockctl of the same version.
#   make-deb.sh BUILD_DIR OUT_DIR VERSION
set -euo pipefail
build=$1 out=$2 version=$3
status=0
fail() { echo "FAIL: $*" >&2; status=1; }
command -v dpkg-shlibdeps >/dev/null ||
    { echo "SKIP: dpkg-shlibdeps is not installed (dpkg-dev: scripts/test installs it)"; exit 77; }

rm -rf "$out"
cpack -G DEB --config "$build/CPackConfig.cmake" -B "$out"
arch=$(dpkg --print-architecture)
cli=$out/lockctl_${version}_$arch.deb
window=$out/lockscope_${version}_$arch.deb
devel=$out/liblockscope-dev_${version}_$arch.deb
for deb in "$cli" "$window" "$devel"; do
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
# lacks DEB PATH...: the package does not hold PATH.
lacks() {
    local deb=$1 listing path
    shift
    listing=$(dpkg-deb -c "$deb" | awk '{ print $6 }')
    for path in "$@"; do
        ! grep -qx "./$path" <<<"$listing" || fail "$(basename "$deb") holds /$path"
    done
}
# docs DEB PACKAGE: the package's copyright file and changelog.
docs() { contains "$1" "usr/share/doc/$2/copyright" "usr/share/doc/$2/changelog.gz"; }
id=io.github.lockscope.Lockscope
contains "$cli" usr/bin/lockctl usr/share/man/man1/lockctl.1.gz \
    usr/share/bash-completion/completions/lockctl \
    usr/share/lockscope/prometheus/lockscope-alerts.yml \
    usr/share/lockscope/grafana/lockscope-dashboard.json \
    usr/lib/systemd/system/lockscope-exporter@.service
docs "$cli" lockctl
lacks "$cli" usr/bin/lockscope usr/share/applications/$id.desktop
contains "$window" usr/bin/lockscope usr/share/applications/$id.desktop \
    usr/share/metainfo/$id.metainfo.xml usr/share/icons/hicolor/128x128/apps/$id.png \
    usr/share/man/man1/lockscope.1.gz
docs "$window" lockscope
lacks "$window" usr/bin/lockctl usr/share/man/man1/lockctl.1.gz
contains "$devel" usr/include/lockscope/lockservice.h usr/lib/liblockcore.a \
    usr/lib/cmake/Lockscope/LockscopeConfig.cmake
docs "$devel" liblockscope-dev

# depends_on DEB PACKAGE...: DEB's Depends name each PACKAGE.
depends_on() {
    local deb=$1 depends package
    shift
    depends=$(dpkg-deb -f "$deb" Depends)
    for package in "$@"; do
        grep -Eq "(^|, )$package( \(|,|$)" <<<"$depends" ||
            fail "$(basename "$deb") does not depend on $package"
    done
}
depends=$(dpkg-deb -f "$cli" Depends)
echo "lockctl Depends: $depends"
# From dpkg-shlibdeps (with a version from the libraries' symbols), and the driver named.
depends_on "$cli" libc6 libqt6core6 libqt6sql6 libqt6network6 libqt6httpserver6 \
    libqt6sql6-sqlite
grep -Eq "libqt6core6 \(>= [0-9.]+\)" <<<"$depends" ||
    fail "no versioned libqt6core6: the Depends did not come from dpkg-shlibdeps"
for package in libqt6widgets6 libqt6charts6 libqt6gui6 libqt6opengl6 libqt6keychain \
    qt6-qpa-plugins libgl libegl libx; do
    ! grep -Eq "(^|, )$package" <<<"$depends" || fail "lockctl depends on $package (a desktop)"
done
recommends=$(dpkg-deb -f "$cli" Recommends)
for package in libqt6sql6-psql libqt6sql6-mysql; do
    grep -q "$package" <<<"$recommends" || fail "lockctl does not recommend $package"
done
echo "lockscope Depends: $(dpkg-deb -f "$window" Depends)"
depends_on "$window" libqt6core6 libqt6widgets6 qt6-qpa-plugins
grep -Eq "(^|, )lockctl \(= $version\)(,|$)" <<<"$(dpkg-deb -f "$window" Depends)" ||
    fail "lockscope does not depend on lockctl (= $version)"
[[ $status -ne 0 ]] ||
    echo "made $(basename "$cli"), $(basename "$window") and $(basename "$devel")"
exit $status
