# SPDX-License-Identifier: GPL-3.0-or-later
# tst_lockctl_audit: the admin audit across locks, read by lockcore and by real "lockctl audit"
# processes (CSV, JSON), per backend (about a second each).
lockscope_backend_test(lockctl_audit TIMEOUT 120)
target_compile_definitions(tst_lockctl_audit PRIVATE LOCKCTL_PATH="$<TARGET_FILE:lockctl>")
add_dependencies(tst_lockctl_audit lockctl)
