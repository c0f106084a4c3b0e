# The main window and what it runs on: the database worker thread and the admin dialogs.
target_sources(ui PRIVATE
    adminrequest.h
    databaseworker.cpp databaseworker.h
    lockmonitor.cpp lockmonitor.h
    locktablereader.cpp locktablereader.h
    profilereader.cpp profilereader.h
)
target_sources(ui PRIVATE
    forcereleasedialog.cpp forcereleasedialog.h
    reasonedactiondialog.cpp reasonedactiondialog.h
    eventkindtext.cpp eventkindtext.h
    holdintervals.cpp holdintervals.h
    initlockdialog.cpp initlockdialog.h
    lockdetailspane.cpp lockdetailspane.h
    messagebar.cpp messagebar.h
    schemadialog.cpp schemadialog.h
    testacquiredialog.cpp testacquiredialog.h
    timelinewidget.cpp timelinewidget.h
    userguidedialog.cpp userguidedialog.h
)
# The details pane's history: its list (renewals folded), the timeline's colours and legend,
# and the history of a name that is no longer in the table.
target_sources(ui PRIVATE
    historyfold.cpp historyfold.h
    historylist.cpp historylist.h
    historylookup.cpp historylookup.h
    historytext.cpp historytext.h
    timelinelegend.cpp timelinelegend.h
    timelinemarks.cpp timelinemarks.h
)
target_sources(ui PRIVATE testholds.cpp testholds.h)
target_sources(ui PRIVATE
    demoworkload.cpp demoworkload.h
    language.cpp language.h
    locktablepanel.cpp locktablepanel.h
    mainwindow.cpp mainwindow.h
)
# What the window remembers and how the lock table is filtered and highlighted.
target_sources(ui PRIVATE
    longholddialog.cpp longholddialog.h
    statefiltercombo.cpp statefiltercombo.h
    windowlayout.cpp windowlayout.h
)
# The "Database locks" view: the database's own advisory / user locks, on a thread of its own.
target_sources(ui PRIVATE
    nativelocksmodel.cpp nativelocksmodel.h
    nativelockspanel.cpp nativelockspanel.h
    nativelocksworker.cpp nativelocksworker.h
    terminatesessiondialog.cpp terminatesessiondialog.h
)
# Copy a lock's row or its lockctl commands, and export the shown rows as CSV or JSON.
target_sources(ui PRIVATE
    lockctlcommand.cpp lockctlcommand.h
    lockexport.cpp lockexport.h
    lockrowtext.cpp lockrowtext.h
)
