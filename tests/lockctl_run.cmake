# SPDX-License-Identifier: GPL-3.0-or-later
# tst_lockctl_run: "lockctl run NAME -- COMMAND" as real lockctl processes running real commands
# (sh scripts) against each backend (lockctl_run_sqlite, lockctl_run_postgresql,
# lockctl_run_mariadb): status passed through, renewal, a force release and a lease that ends
# unrenewed stopping the command (its whole process tree), signals passed on, a killed lockctl
# taking its command along, no re-entry, --conflict-exit-code, --quiet, --hold-at-least, --scope.
lockscope_backend_test(lockctl_run TIMEOUT 180)
target_compile_definitions(tst_lockctl_run PRIVATE LOCKCTL_PATH="$<TARGET_FILE:lockctl>")
add_dependencies(tst_lockctl_run lockctl)
