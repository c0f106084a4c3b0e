# SPDX-License-Identifier: GPL-3.0-or-later
# The Simulator panel on the offscreen platform, on a SQLite file in a temporary directory
# (backend-independent: the engine's own suites cover the servers).
if(TARGET Lockscope::sim)
    lockscope_ui_test(tst_simulatorpanel)
    set_tests_properties(tst_simulatorpanel PROPERTIES TIMEOUT 180)
endif()
