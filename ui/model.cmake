# The lock table model, its filter proxy, the countdown delegate and their small helpers.
target_sources(ui PRIVATE
    countdowndelegate.cpp countdowndelegate.h
    countdowntext.cpp countdowntext.h
    durationtext.cpp durationtext.h
    heldfortext.cpp heldfortext.h
    holderliveness.cpp holderliveness.h
    lockcells.cpp lockcells.h
    lockdisplaystate.cpp lockdisplaystate.h
    lockfilterproxymodel.cpp lockfilterproxymodel.h
    lockstatepalette.cpp lockstatepalette.h
    lockrefresh.h
    locktablemodel.cpp locktablemodel.h
    lockwindowmodel.cpp lockwindowmodel.h
    longholdrules.cpp longholdrules.h
    preparedlocks.cpp preparedlocks.h
)
