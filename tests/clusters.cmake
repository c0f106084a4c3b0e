# SPDX-License-Identifier: GPL-3.0-or-later
# Replicated databases (issue 25), started by scripts/test on loopback: a three-node MariaDB
# Galera cluster (scripts/lib/galera.sh) and PostgreSQL with pg_auto_failover
# (scripts/lib/pgfailover.sh). Label "cluster"; each suite skips (77) when its cluster is not
# configured, unless LOCKSCOPE_TEST_REQUIRE names it. They kill nodes through
# scripts/cluster-fault ($LOCKSCOPE_CLUSTER_FAULT).
# SOURCE: one suite's file for several clusters (default tst_<name>.cpp); the suite finds its
# cluster in LOCKSCOPE_TEST_CLUSTER (compiled in).
function(lockscope_cluster_test name cluster)
    cmake_parse_arguments(ARG "" "SOURCE" "" ${ARGN})
    if(NOT ARG_SOURCE)
        set(ARG_SOURCE tst_${name}.cpp)
    endif()
    add_executable(tst_${name} ${ARG_SOURCE})
    target_compile_definitions(tst_${name} PRIVATE LOCKSCOPE_TEST_CLUSTER="${cluster}")
    target_link_libraries(tst_${name} PRIVATE Lockscope::testsupport Lockscope::sim
                                             Lockscope::lockcore_internals Qt6::Test)
    add_test(NAME ${name} COMMAND tst_${name})
    set_tests_properties(${name} PROPERTIES LABELS "cluster;${cluster}" SKIP_RETURN_CODE 77
                                            TIMEOUT 600)
endfunction()

lockscope_cluster_test(galera galera)
# The cluster as lockctl cluster and the window show it, read on every node.
lockscope_cluster_test(clusterview_galera galera SOURCE tst_clusterview.cpp)
lockscope_cluster_test(clusterview_pgfailover pgfailover SOURCE tst_clusterview.cpp)
if(TARGET lockctl)
    add_dependencies(tst_clusterview_galera lockctl)
endif()
lockscope_cluster_test(pgfailover pgfailover)
if(TARGET lockctl)
    add_dependencies(tst_pgfailover lockctl) # it runs lockctl processes
endif()
# The contention simulator with clients spread over the Galera nodes: seed 003's SELECT ... FOR
# UPDATE lock overlaps, lockcore does not; threads and lockctl simulate --processes.
lockscope_cluster_test(simulation_galera galera)
if(TARGET lockctl)
    add_dependencies(tst_simulation_galera lockctl) # it runs lockctl processes
endif()
# The window through a failover, on the offscreen platform.
if(TARGET Lockscope::ui)
    lockscope_cluster_test(window_pgfailover pgfailover SOURCE tst_windowfailover.cpp)
    target_link_libraries(tst_window_pgfailover PRIVATE Lockscope::ui)
    set_property(TEST window_pgfailover APPEND PROPERTY ENVIRONMENT "QT_QPA_PLATFORM=offscreen")
endif()
