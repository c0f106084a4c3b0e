// SPDX-License-Identifier: GPL-3.0-or-later
#include "timelinemarks.h"

#include "eventkindtext.h"
#include "lockdisplaystate.h"
#include "lockstatepalette.h"

#include <QPalette>

using namespace Qt::StringLiterals;

namespace ui {

QList<TimelineMark> timelineMarks()
{
    return {TimelineMark::Held,          TimelineMark::Expired,   TimelineMark::Free,
            TimelineMark::ForceReleased, TimelineMark::TakenOver, TimelineMark::Deleted};
}

bool isTimelineBar(TimelineMark mark)
{
    return mark == TimelineMark::Held || mark == TimelineMark::Expired;
}

QColor timelineMarkColour(TimelineMark mark, const QPalette &palette)
{
    switch (mark) {
    case TimelineMark::Held:
        return lockStateAccent(LockDisplayState::Held, palette);
    case TimelineMark::Expired:
        return lockStateAccent(LockDisplayState::Expired, palette);
    case TimelineMark::Free:
        return {};
    case TimelineMark::ForceReleased:
        return isDarkPalette(palette) ? QColor(0xff, 0x5c, 0x5c) : QColor(0xd0, 0x10, 0x10);
    case TimelineMark::TakenOver: // its lease had expired: the colour of expired
        return lockStateAccent(LockDisplayState::Expired, palette);
    case TimelineMark::Deleted:
        return palette.color(QPalette::WindowText);
    }
    return {};
}

QString timelineMarkText(TimelineMark mark)
{
    switch (mark) {
    case TimelineMark::Held:
        return lockDisplayStateText(LockDisplayState::Held);
    case TimelineMark::Expired:
        return lockDisplayStateText(LockDisplayState::Expired);
    case TimelineMark::Free:
        return lockDisplayStateText(LockDisplayState::Free);
    case TimelineMark::ForceReleased:
        return eventKindText(u"force_release"_s);
    case TimelineMark::TakenOver:
        return eventKindText(u"takeover"_s);
    case TimelineMark::Deleted:
        return eventKindText(u"delete"_s);
    }
    return {};
}

bool holdEndMark(const QString &endedBy, TimelineMark *mark)
{
    if (endedBy == u"force_release")
        *mark = TimelineMark::ForceReleased;
    else if (endedBy == u"takeover")
        *mark = TimelineMark::TakenOver;
    else if (endedBy == u"delete")
        *mark = TimelineMark::Deleted;
    else
        return false;
    return true;
}

} // namespace ui
