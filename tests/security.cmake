# SPDX-License-Identifier: GPL-3.0-or-later
# Issue 7, security: read-only at the lockcore level (readonly_sqlite, _postgresql, _mariadb)
# and the password that never leaks (security_postgresql, _mariadb; SQLite has no password).
lockscope_backend_test(readonly)
target_link_libraries(tst_readonly PRIVATE Lockscope::sim)
if(TARGET lockctl AND TARGET Lockscope::ui)
    lockscope_backend_test(security TIMEOUT 300)
    target_link_libraries(tst_security PRIVATE Lockscope::ui)
    target_compile_definitions(tst_security PRIVATE LOCKCTL_PATH="$<TARGET_FILE:lockctl>")
    add_dependencies(tst_security lockctl lockbench)
endif()
