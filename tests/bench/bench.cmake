# SPDX-License-Identifier: GPL-3.0-or-later
# bench_monitor: the lock monitor at scale, measured (a benchmark, not a timed test; see
# bench_monitor.cpp). Its one ctest entry only proves that it runs and reports, on a small
# SQLite table read whole and read a window at a time; it asserts nothing about time.
add_executable(bench_monitor
    ${CMAKE_CURRENT_LIST_DIR}/bench_monitor.cpp
    ${CMAKE_CURRENT_LIST_DIR}/benchchurn.cpp ${CMAKE_CURRENT_LIST_DIR}/benchchurn.h
    ${CMAKE_CURRENT_LIST_DIR}/benchresult.cpp ${CMAKE_CURRENT_LIST_DIR}/benchresult.h
    ${CMAKE_CURRENT_LIST_DIR}/benchtable.cpp ${CMAKE_CURRENT_LIST_DIR}/benchtable.h)
target_include_directories(bench_monitor PRIVATE ${CMAKE_CURRENT_LIST_DIR})
target_link_libraries(bench_monitor PRIVATE Lockscope::ui Lockscope::testsupport)

add_test(NAME bench_monitor_smoke
    COMMAND ${CMAKE_COMMAND} -DBENCH=$<TARGET_FILE:bench_monitor>
            -P ${CMAKE_CURRENT_LIST_DIR}/smoke.cmake)
set_tests_properties(bench_monitor_smoke PROPERTIES
    LABELS "bench;sqlite"
    ENVIRONMENT "QT_QPA_PLATFORM=offscreen"
    TIMEOUT 240)

# bench_exporter: "lockctl exporter" scraped over HTTP with 10,000 locks (docs/benchmarks.md,
# "Exporter scrape, 10,000 locks"). A benchmark, not a test: no ctest entry times it.
add_executable(bench_exporter
    ${CMAKE_CURRENT_LIST_DIR}/bench_exporter.cpp
    ${CMAKE_CURRENT_LIST_DIR}/benchurl.cpp ${CMAKE_CURRENT_LIST_DIR}/benchurl.h
    ${CMAKE_CURRENT_LIST_DIR}/benchtable.cpp ${CMAKE_CURRENT_LIST_DIR}/benchtable.h)
target_include_directories(bench_exporter PRIVATE ${CMAKE_CURRENT_LIST_DIR})
target_link_libraries(bench_exporter PRIVATE Lockscope::testsupport)
if(TARGET lockctl)
    add_dependencies(bench_exporter lockctl)
endif()

# bench_pageorder: what each order of a windowed read costs at 25,000 locks (docs/benchmarks.md,
# "Sorting a windowed table by the database"). A benchmark, not a test: no ctest entry.
add_executable(bench_pageorder
    ${CMAKE_CURRENT_LIST_DIR}/bench_pageorder.cpp
    ${CMAKE_CURRENT_LIST_DIR}/benchurl.cpp ${CMAKE_CURRENT_LIST_DIR}/benchurl.h
    ${CMAKE_CURRENT_LIST_DIR}/benchtable.cpp ${CMAKE_CURRENT_LIST_DIR}/benchtable.h)
target_include_directories(bench_pageorder PRIVATE ${CMAKE_CURRENT_LIST_DIR})
target_link_libraries(bench_pageorder PRIVATE Lockscope::testsupport)

# bench_lockclient: acquire + release on a shared LockClient against a guard of its own
# (issue 37; the figures in docs/benchmarks.md). A benchmark, not a test: no ctest entry.
add_executable(bench_lockclient
    ${CMAKE_CURRENT_LIST_DIR}/bench_lockclient.cpp
    ${CMAKE_CURRENT_LIST_DIR}/benchurl.cpp ${CMAKE_CURRENT_LIST_DIR}/benchurl.h
    ${CMAKE_CURRENT_LIST_DIR}/benchresult.cpp ${CMAKE_CURRENT_LIST_DIR}/benchresult.h)
target_include_directories(bench_lockclient PRIVATE ${CMAKE_CURRENT_LIST_DIR})
target_link_libraries(bench_lockclient PRIVATE Lockscope::testsupport)
