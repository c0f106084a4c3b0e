# SPDX-License-Identifier: GPL-3.0-or-later
# tst_lockctl_deadlines: lockctl against a server that stops answering (a relay that freezes,
# tests/support/cuttableproxy) in the middle of an acquire, a renewal and a release, and a force
# release reaching a holder at once (lockctl_deadlines_sqlite, _postgresql, _mariadb; the hung
# server cases skip on SQLite, which has none).
lockscope_backend_test(lockctl_deadlines TIMEOUT 300)
target_compile_definitions(tst_lockctl_deadlines PRIVATE LOCKCTL_PATH="$<TARGET_FILE:lockctl>")
add_dependencies(tst_lockctl_deadlines lockctl)
