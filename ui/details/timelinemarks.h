// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QColor>
#include <QList>
#include <QString>

class QPalette;

namespace ui {

// What the details pane's timeline draws, each in one colour, named in the words the window
// uses elsewhere: the lock table's states (held, expired, free) and the history's events
// (force released, taken over, deleted). The timeline and its legend both take them from here.
enum class TimelineMark {
    Held,          // a bar: someone held the lock, its lease running
    Expired,       // a bar: still held, but the lease has run out (the current holder only)
    Free,          // no bar
    ForceReleased, // a line where a hold ended
    TakenOver,     // a line where a hold ended: its lease had expired and another took it
    Deleted,       // a line where a hold ended: the lock was deleted
};

// In the legend's order.
QList<TimelineMark> timelineMarks();
bool isTimelineBar(TimelineMark mark);
// Invalid for Free (nothing is drawn).
QColor timelineMarkColour(TimelineMark mark, const QPalette &palette);
QString timelineMarkText(TimelineMark mark);
// The line that ends a hold (HoldInterval::endedBy); false for a plain release.
bool holdEndMark(const QString &endedBy, TimelineMark *mark);

} // namespace ui
