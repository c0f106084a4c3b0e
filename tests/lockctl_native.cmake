# SPDX-License-Identifier: GPL-3.0-or-later
# tst_lockctl_native: lockctl native-locks and terminate as real processes against the servers
# (lockctl_native_postgresql, lockctl_native_mariadb; SQLite: a clear refusal).
lockscope_backend_test(lockctl_native TIMEOUT 120)
target_compile_definitions(tst_lockctl_native PRIVATE LOCKCTL_PATH="$<TARGET_FILE:lockctl>")
add_dependencies(tst_lockctl_native lockctl)
