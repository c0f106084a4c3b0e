#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Builds examples/ in a fresh directory against the Lockscope package installed in PREFIX (by
# the package_install test), as an application outside this tree would: find_package(Lockscope)
# must find PREFIX's package (no other: no package registry, no build tree), and no compile
# command may reach into the source tree's lockcore/: its include path is PREFIX/include (the
# example includes <lockscope/...>), never PREFIX/include/lockscope, where lockcore's error.h
# would shadow glibc's <error.h>.
#   build-example.sh SOURCE_DIR PREFIX EXAMPLE_BUILD_DIR CXX_COMPILER
set -euo pipefail
source=$1 prefix=$2 exbuild=$3 cxx=$4

if [[ ! -f $prefix/lib/cmake/Lockscope/LockscopeConfig.cmake ]]; then
    echo "FAIL: no Lockscope package in $prefix (the package_install test makes it)" >&2
    exit 1
fi
rm -rf "$exbuild"
cmake -S "$source/examples" -B "$exbuild" -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DCMAKE_CXX_COMPILER="$cxx" -DCMAKE_PREFIX_PATH="$prefix" \
    -DCMAKE_FIND_USE_PACKAGE_REGISTRY=OFF -DCMAKE_EXPORT_COMPILE_COMMANDS=ON

found=$(sed -n 's/^Lockscope_DIR:PATH=//p' "$exbuild/CMakeCache.txt")
[[ $found == "$prefix/lib/cmake/Lockscope" ]] ||
    { echo "FAIL: find_package(Lockscope) found \"$found\", not $prefix's package" >&2; exit 1; }
# Every include directory of the compile commands: PREFIX's, or the system's (Qt's).
dirs=$(grep -o -E -e '-(I|isystem )[^ "]+' "$exbuild/compile_commands.json" |
    sed -E 's/^-(I|isystem )//' | sort -u)
grep -qx "$prefix/include" <<<"$dirs" ||
    { echo "FAIL: the example is not compiled with $prefix/include" >&2; exit 1; }
! grep -qx "$prefix/include/lockscope/\?" <<<"$dirs" ||
    { echo "FAIL: the example is compiled with $prefix/include/lockscope on its path" >&2; exit 1; }
foreign=$(grep -v -e "^$prefix/" -e '^/usr/' <<<"$dirs" || true)
[[ -z $foreign ]] ||
    { echo "FAIL: the example is compiled with headers from: $foreign" >&2; exit 1; }

cmake --build "$exbuild" -j 2
[[ -x $exbuild/lockedjob/lockedjob ]] || { echo "FAIL: lockedjob was not built" >&2; exit 1; }
echo "examples built against $prefix"
