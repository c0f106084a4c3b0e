# SPDX-License-Identifier: GPL-3.0-or-later
# The monitor at scale: one page of a large lock table in one statement
# (lockcore/protocol/lockpage),
# the reader that switches to it above a threshold, the window model, the lock table panel,
# and the benchmark (bench_monitor) with its smoke run.
lockscope_backend_test(lockpage)
lockscope_backend_test(monitorwindow)
target_link_libraries(tst_monitorwindow PRIVATE Lockscope::ui)
lockscope_ui_test(tst_lockwindowmodel)
lockscope_ui_test(tst_locktablepanel)
include(bench/bench.cmake)
