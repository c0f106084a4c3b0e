# The Simulator panel: runs the locksim engine on a thread of its own against the connected
# database and shows its progress live (Qt Charts), the timeline of holds and the verdict.
find_package(Qt6 REQUIRED COMPONENTS Charts)
target_link_libraries(ui PUBLIC Lockscope::sim Qt6::Charts)
target_sources(ui PRIVATE
    simcharts.cpp simcharts.h
    simexport.cpp simexport.h
    simsettingsform.cpp simsettingsform.h
    simtimelinewidget.cpp simtimelinewidget.h
    simulationrunner.cpp simulationrunner.h
    simulatorpanel.cpp simulatorpanel.h
    verdictbanner.cpp verdictbanner.h
)
