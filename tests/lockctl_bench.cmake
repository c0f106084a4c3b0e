# SPDX-License-Identifier: GPL-3.0-or-later
# tst_lockctl_bench: lockbench (the benchmark, once "lockctl bench") with tiny settings on each
# backend (lockctl_bench_sqlite, lockctl_bench_postgresql, lockctl_bench_mariadb): every figure
# of every protocol present, no overlapping holds, raw-sql at two round trips a cycle, clear
# errors for a database that cannot be reached; and the shipped lockctl's "bench", which only
# says where it went. No timing is asserted.
lockscope_backend_test(lockctl_bench TIMEOUT 300)
add_dependencies(tst_lockctl_bench lockctl lockbench)
