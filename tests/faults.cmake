# SPDX-License-Identifier: GPL-3.0-or-later
# Faults with real lockctl processes (issue 7), ctest label "faults".
lockscope_backend_test(pausedholder TIMEOUT 120)
target_compile_definitions(tst_pausedholder PRIVATE LOCKCTL_PATH="$<TARGET_FILE:lockctl>")
add_dependencies(tst_pausedholder lockctl)
foreach(backend IN LISTS LOCKSCOPE_BACKENDS)
    set_property(TEST pausedholder_${backend} APPEND PROPERTY LABELS faults)
endforeach()

# The database server crashed and restarted under held locks and a waiting client. Alone: the
# other suites would see the crash.
lockscope_backend_test(servercrash TIMEOUT 300)
foreach(backend IN LISTS LOCKSCOPE_BACKENDS)
    set_property(TEST servercrash_${backend} APPEND PROPERTY LABELS faults)
    set_property(TEST servercrash_${backend} PROPERTY RUN_SERIAL TRUE)
endforeach()
