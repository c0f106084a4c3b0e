# SPDX-License-Identifier: GPL-3.0-or-later
# tst_hostile: hostile input against real lockctl processes and the lockcore API, per backend
# (hostile_sqlite, hostile_postgresql, hostile_mariadb). Included when lockctl is built.
lockscope_backend_test(hostile TIMEOUT 300)
target_compile_definitions(tst_hostile PRIVATE LOCKCTL_PATH="$<TARGET_FILE:lockctl>")
add_dependencies(tst_hostile lockctl)
