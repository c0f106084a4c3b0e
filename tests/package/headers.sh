#!/usr/bin/env bash
# Every installed lockcore header compiles on its own, in a project that knows only the
# installed package (find_package(Lockscope) in PREFIX): one source file per header that
# includes it and nothing else. A public header that includes an internal one, or leans on
# an include it does not make itself, fails here.
#   headers.sh PREFIX WORK_DIR CXX_COMPILER
set -euo pipefail
prefix=$1 work=$2 cxx=$3

headers=$(find "$prefix/include/lockscope" -name '*.h' -printf '%f\n' | sort)
[[ -n $headers ]] || { echo "FAIL: no headers in $prefix/include/lockscope" >&2; exit 1; }
rm -rf "$work"
mkdir -p "$work/src"
sources=""
for header in $headers; do
    printf '#include "%s"\n' "$header" >"$work/src/${header%.h}_alone.cpp"
    sources+=" src/${header%.h}_alone.cpp"
done
cat >"$work/CMakeLists.txt" <<EOF
cmake_minimum_required(VERSION 3.22)
project(LockscopeHeaders LANGUAGES CXX)
set(CMAKE_CXX_STANDARD 17)
set(CMAKE_AUTOMOC OFF)
find_package(Lockscope REQUIRED)
add_library(headers OBJECT$sources)
target_link_libraries(headers PRIVATE Lockscope::lockcore)
EOF
cmake -S "$work" -B "$work/build" -DCMAKE_CXX_COMPILER="$cxx" -DCMAKE_PREFIX_PATH="$prefix" \
    -DCMAKE_FIND_USE_PACKAGE_REGISTRY=OFF >/dev/null
if ! cmake --build "$work/build" -j 2 >"$work/build.log" 2>&1; then
    grep -E ': (fatal )?error' "$work/build.log" | head -20 >&2
    echo "FAIL: a header does not compile alone" >&2
    exit 1
fi
echo "$(wc -l <<<"$headers") installed headers compile on their own"
