# tst_lockctl_bench: "lockctl bench --json" with tiny settings on each backend
# (lockctl_bench_sqlite, lockctl_bench_postgresql, lockctl_bench_mariadb): every figure of every
# protocol present, no overlapping holds, raw-sql at two round trips a cycle, clear errors for a
# database that cannot be reached. No timing is asserted.
lockscope_backend_test(lockctl_bench TIMEOUT 300)
target_compile_definitions(tst_lockctl_bench PRIVATE LOCKCTL_PATH="$<TARGET_FILE:lockctl>")
add_dependencies(tst_lockctl_bench lockctl)
