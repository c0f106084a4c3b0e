# SPDX-License-Identifier: GPL-3.0-or-later
# The window's database side, once per backend (needs the ui library).
lockscope_backend_test(lockmonitor TIMEOUT 300)
target_link_libraries(tst_lockmonitor PRIVATE Lockscope::ui)
# It stops the shared test server (SIGSTOP) for seconds: nothing else may run meanwhile
# (ctest -j), or other suites see a hung server.
foreach(backend IN LISTS LOCKSCOPE_BACKENDS)
    set_property(TEST lockmonitor_${backend} PROPERTY RUN_SERIAL TRUE)
endforeach()

add_executable(tst_holdintervals tst_holdintervals.cpp)
target_link_libraries(tst_holdintervals PRIVATE Lockscope::ui Qt6::Test)
add_test(NAME tst_holdintervals COMMAND tst_holdintervals)
set_tests_properties(tst_holdintervals PROPERTIES LABELS "unit;ui" TIMEOUT 60)

# The main window, per backend, on the offscreen platform.
lockscope_backend_test(mainwindow TIMEOUT 300)
target_link_libraries(tst_mainwindow PRIVATE Lockscope::ui)
foreach(backend IN LISTS LOCKSCOPE_BACKENDS)
    set_property(TEST mainwindow_${backend} APPEND PROPERTY ENVIRONMENT "QT_QPA_PLATFORM=offscreen")
endforeach()
# Through ODBC the URL does not say which database it is: the Create schema dialog shows the
# connected database's DDL all the same.
add_test(NAME mainwindow_postgresql_odbc COMMAND tst_mainwindow createSchemaShowsTheDdlFirst)
set_tests_properties(mainwindow_postgresql_odbc PROPERTIES
    ENVIRONMENT "LOCKSCOPE_TEST_BACKEND=postgresql;LOCKSCOPE_TEST_ODBC=1;QT_QPA_PLATFORM=offscreen"
    LABELS "mainwindow;postgresql" SKIP_RETURN_CODE 77 TIMEOUT 120)
# Keys as an X11 desktop binds them (a line edit takes Ctrl+E there: the filter keeps it), on a
# real X server.
find_program(XVFB_RUN xvfb-run)
if(XVFB_RUN)
    add_test(NAME mainwindow_shortcuts_sqlite
             COMMAND ${XVFB_RUN} -a $<TARGET_FILE:tst_mainwindow> writeShortcutsActOnlyFromTheTable)
    set_tests_properties(mainwindow_shortcuts_sqlite PROPERTIES
        ENVIRONMENT "LOCKSCOPE_TEST_BACKEND=sqlite;QT_QPA_PLATFORM=xcb"
        LABELS "mainwindow;sqlite" SKIP_RETURN_CODE 77 TIMEOUT 120)
endif()

# The window when the database goes away and comes back (issue 49): stale rows look stale (a
# private relay freezes under the window, on the servers), the next try and F5, results that
# go or say they are outdated, "N shown of M". About 3 s on a server, 2 s on SQLite.
lockscope_backend_test(windowoutage TIMEOUT 120)
target_link_libraries(tst_windowoutage PRIVATE Lockscope::ui)
foreach(backend IN LISTS LOCKSCOPE_BACKENDS)
    set_property(TEST windowoutage_${backend} APPEND PROPERTY ENVIRONMENT "QT_QPA_PLATFORM=offscreen")
endforeach()

# A random user at the window while lockctl changes its locks underneath (issue 36): every
# admin event is on the lock the user chose, and its confirmed dialog showed it; a dialog driven
# with Alt chords and letters is confirmed only on its button (issue 49). About 25 s a backend;
# LOCKSCOPE_RANDOM_SEED replays a run's inputs.
lockscope_backend_test(randomuser TIMEOUT 300)
target_link_libraries(tst_randomuser PRIVATE Lockscope::ui)
add_dependencies(tst_randomuser lockctl)
foreach(backend IN LISTS LOCKSCOPE_BACKENDS)
    set_property(TEST randomuser_${backend} APPEND PROPERTY ENVIRONMENT "QT_QPA_PLATFORM=offscreen")
endforeach()

# The window on an application's own lock table (a profile), per backend.
lockscope_backend_test(applicationtables TIMEOUT 300)
target_link_libraries(tst_applicationtables PRIVATE Lockscope::ui)
foreach(backend IN LISTS LOCKSCOPE_BACKENDS)
    set_property(TEST applicationtables_${backend} APPEND PROPERTY ENVIRONMENT "QT_QPA_PLATFORM=offscreen")
endforeach()

# The confirmations that change the database (issue 49), in English and Chinese: no chord
# confirms one, each names its database in the connection's colour and shows its SQL.
lockscope_ui_test(tst_dialogsafety)

# The details pane's history: reasons, folded renewals, the timeline's legend, kinds in words,
# a deleted lock's history (offscreen; no database).
lockscope_ui_test(tst_lockdetailspane)

# The cluster view: panel, status bar item and members model fed with ClusterStatus values,
# and the view reading an SQLite file through its worker (offscreen; no server).
lockscope_ui_test(tst_clusterpanel)

# Problems announced (ui/alerts): the watcher driven by rows read from each backend, the notice
# in the message bar where there is no system tray, the count drawn on the tray icon.
lockscope_backend_test(problemwatcher TIMEOUT 120)
target_link_libraries(tst_problemwatcher PRIVATE Lockscope::ui)
foreach(backend IN LISTS LOCKSCOPE_BACKENDS)
    set_property(TEST problemwatcher_${backend} APPEND PROPERTY ENVIRONMENT "QT_QPA_PLATFORM=offscreen")
endforeach()

# The tray's decisions and the acknowledgements (ui/alerts) without a database: balloons read
# before the next, one tray per process, acknowledgements' rules and settings (offscreen).
lockscope_ui_test(tst_alerts)

# "lockscope --help" and "--version" with no display at all (issue 38): they print and exit 0.
add_test(NAME lockscope_headless_help
         COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/package/headless-help.sh $<TARGET_FILE:lockscope>
                 ${PROJECT_VERSION})
set_tests_properties(lockscope_headless_help PROPERTIES LABELS "unit;ui" TIMEOUT 60)

# The Admin audit dock on an SQLite file: reads through the window's monitor, the actor filter,
# the window's test hold, a double-click to the lock, CSV and JSON (offscreen; no server).
lockscope_ui_test(tst_auditdock)
