#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Every installed lockcore header compiles on its own, included as an application includes it
# (#include <lockscope/x.h>) in a project that knows only the installed package
# (find_package(Lockscope) in PREFIX, which puts PREFIX/include on the path): one source file
# per header that includes it and nothing else. A public header that includes an internal or
# uninstalled one, or leans on an include it does not make itself, fails here.
# And no header of ours shadows a system header: a consumer includes every system header that
# shares a name with an installed one (glibc's <error.h>) before lockcore's, and gets the
# system's: glibc's error() is declared next to lockcore::Error.
#   headers.sh PREFIX WORK_DIR CXX_COMPILER
set -euo pipefail
prefix=$1 work=$2 cxx=$3

[[ -d $prefix/include/lockscope ]] || { echo "FAIL: no $prefix/include/lockscope" >&2; exit 1; }
headers=$(find "$prefix/include/lockscope" -name '*.h' -printf '%f\n' | sort)
[[ -n $headers ]] || { echo "FAIL: no headers in $prefix/include/lockscope" >&2; exit 1; }
rm -rf "$work"
mkdir -p "$work/src"
sources=""
for header in $headers; do
    printf '#include <lockscope/%s>\n' "$header" >"$work/src/${header%.h}_alone.cpp"
    sources+=" src/${header%.h}_alone.cpp"
done

# The system headers named as one of ours, in the compiler's <...> search path.
system_dirs=$("$cxx" -E -x c++ -v - </dev/null 2>&1 |
    sed -n '/#include <...> search starts here:/,/End of search list./p' | sed -n 's/^ //p')
shared=""
for header in $headers; do
    for dir in $system_dirs; do
        if [[ -f $dir/$header ]]; then
            shared+=" $header"
            break
        fi
    done
done
{
    echo "// System headers that share a name with a lockcore header, then lockcore's."
    for header in $shared; do printf '#include <%s>\n' "$header"; done
    for header in $headers; do printf '#include <lockscope/%s>\n' "$header"; done
    if [[ " $shared " == *" error.h "* ]]; then
        echo "// glibc's error() (<error.h>), beside lockcore's Error (<lockscope/error.h>)."
        echo 'void (*const glibcError)(int, int, const char *, ...) = &::error;'
    fi
    echo 'const lockcore::Error lockcoreError = lockcore::Error::invalidInput({});'
} >"$work/src/system_names.cpp"
sources+=" src/system_names.cpp"

cat >"$work/CMakeLists.txt" <<CMAKE
cmake_minimum_required(VERSION 3.22)
project(LockscopeHeaders LANGUAGES CXX)
set(CMAKE_CXX_STANDARD 17)
set(CMAKE_AUTOMOC OFF)
find_package(Lockscope REQUIRED)
add_library(headers OBJECT$sources)
target_link_libraries(headers PRIVATE Lockscope::lockcore)
CMAKE
cmake -S "$work" -B "$work/build" -DCMAKE_CXX_COMPILER="$cxx" -DCMAKE_PREFIX_PATH="$prefix" \
    -DCMAKE_FIND_USE_PACKAGE_REGISTRY=OFF >/dev/null
if ! cmake --build "$work/build" -j 2 >"$work/build.log" 2>&1; then
    grep -E ': (fatal )?error' "$work/build.log" | head -20 >&2
    echo "FAIL: a header does not compile alone as <lockscope/...>, or one of ours shadows" \
         "a system header of its name (${shared# }) in src/system_names.cpp" >&2
    exit 1
fi
echo "$(wc -l <<<"$headers") installed headers compile on their own as <lockscope/...>;" \
     "system headers of the same name still found: ${shared:- none}"
