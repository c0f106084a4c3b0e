# The main window and what it runs on: the database worker thread and the admin dialogs.
target_sources(ui PRIVATE
    adminrequest.h
    databaseworker.cpp databaseworker.h
    lockmonitor.cpp lockmonitor.h
)
