# SPDX-License-Identifier: GPL-3.0-or-later
# tst_lockctl_run_faults: "lockctl run" when lockctl itself is stopped (SIGSTOP, SIGTSTP, Ctrl-Z
# on a pseudo-terminal), killed just after a descendant left its session, or loses its watcher;
# a command deaf to SIGTERM under a short lease; and the heartbeat check under random faults
# (LOCKSCOPE_TEST_SEED replays one, LOCKSCOPE_TEST_FAULT_ROUNDS sets its length). Each
# command's grandchild writes a heartbeat, checked against the grants as lockctl reports them.
# On the two servers: what it proves is lockctl's and its watcher's, the same on every backend,
# and lockctl_run_sqlite covers "lockctl run" on SQLite.
lockscope_backend_test(lockctl_run_faults TIMEOUT 240 BACKENDS postgresql mariadb)
add_dependencies(tst_lockctl_run_faults lockctl)
