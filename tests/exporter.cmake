# SPDX-License-Identifier: GPL-3.0-or-later
# lockctl exporter (issue 27, item 1). tst_exposition: the text rendered from snapshots and which
# locks are reported, without a database (also through promtool when it is installed).
# tst_exporter: a real lockctl exporter process scraped over HTTP on each backend (exporter_sqlite,
# exporter_postgresql, exporter_mariadb): values against lockctl show --json, counters, the
# bound and include patterns, a profile table, a hung database and a wrong password; the lock
# timestamps against the row's database times, lockscope_build_info (its version and revision
# compiled in below, as lockctl has them), the scrape error and counters per target, 405.
# Included by tests/CMakeLists.txt when lockctl is built.
lockscope_unit_test(tst_exposition)
target_link_libraries(tst_exposition PRIVATE Lockscope::testsupport) # metricstext.h
lockscope_backend_test(exporter TIMEOUT 300)
add_dependencies(tst_exporter lockctl)
# lockscope_build_info's labels, as lockctl has them.
include(${PROJECT_SOURCE_DIR}/cmake/LockscopeRevision.cmake)
target_compile_definitions(tst_exporter PRIVATE LOCKSCOPE_VERSION="${PROJECT_VERSION}"
                                                LOCKSCOPE_REVISION="${LOCKSCOPE_REVISION}")
