# Replicated databases (issue 25), started by scripts/test on loopback: a three-node MariaDB
# Galera cluster (scripts/lib/galera.sh) and PostgreSQL with pg_auto_failover
# (scripts/lib/pgfailover.sh). Label "cluster"; each suite skips (77) when its cluster is not
# configured, unless LOCKSCOPE_TEST_REQUIRE names it. They kill nodes through
# scripts/cluster-fault ($LOCKSCOPE_CLUSTER_FAULT).
function(lockscope_cluster_test name cluster)
    add_executable(tst_${name} tst_${name}.cpp)
    target_link_libraries(tst_${name} PRIVATE Lockscope::testsupport Lockscope::sim
                                             Lockscope::lockcore_internals Qt6::Test)
    add_test(NAME ${name} COMMAND tst_${name})
    set_tests_properties(${name} PROPERTIES LABELS "cluster;${cluster}" SKIP_RETURN_CODE 77
                                            TIMEOUT 600)
endfunction()

lockscope_cluster_test(galera galera)
