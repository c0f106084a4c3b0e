# SPDX-License-Identifier: GPL-3.0-or-later
# tst_lockctl: runs real lockctl processes against each backend (lockctl_sqlite,
# lockctl_postgresql, lockctl_mariadb). Included by tests/CMakeLists.txt when lockctl is built.
lockscope_backend_test(lockctl TIMEOUT 300)
target_compile_definitions(tst_lockctl PRIVATE LOCKCTL_PATH="$<TARGET_FILE:lockctl>")
add_dependencies(tst_lockctl lockctl)
