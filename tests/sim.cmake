# SPDX-License-Identifier: GPL-3.0-or-later
# The contention simulator's engine (lockcore/sim): the verdict and the metrics on hand-made
# histories (no database), and whole runs on each backend (simulation_sqlite, _postgresql,
# _mariadb).
lockscope_unit_test(tst_simverdict)
target_link_libraries(tst_simverdict PRIVATE Lockscope::sim)
lockscope_backend_test(simulation TIMEOUT 180)
target_link_libraries(tst_simulation PRIVATE Lockscope::sim)
