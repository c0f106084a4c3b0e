# SPDX-License-Identifier: GPL-3.0-or-later
# tst_lockctl_simulate: "lockctl simulate" end to end, threads and --processes, on each backend
# (lockctl_simulate_sqlite, _postgresql, _mariadb). Reads the history file with locksim itself.
lockscope_backend_test(lockctl_simulate TIMEOUT 180)
target_link_libraries(tst_lockctl_simulate PRIVATE Lockscope::sim)
target_compile_definitions(tst_lockctl_simulate PRIVATE LOCKCTL_PATH="$<TARGET_FILE:lockctl>")
add_dependencies(tst_lockctl_simulate lockctl)
# Its --processes --kill-rate cases SIGKILL real holders: part of the fault suite too.
foreach(backend IN LISTS LOCKSCOPE_BACKENDS)
    set_property(TEST lockctl_simulate_${backend} APPEND PROPERTY LABELS faults)
endforeach()
