// SPDX-License-Identifier: GPL-3.0-or-later
#include "holdintervals.h"

#include <algorithm>

using namespace Qt::StringLiterals;

namespace ui {

namespace {

bool isOpen(const QList<HoldInterval> &holds)
{
    return !holds.isEmpty() && !holds.last().end.isValid();
}

} // namespace

QList<HoldInterval> holdIntervals(QList<lockcore::LockEvent> events)
{
    std::sort(events.begin(), events.end(),
              [](const lockcore::LockEvent &a, const lockcore::LockEvent &b) {
                  return a.id < b.id;
              });
    QList<HoldInterval> holds;
    int depth = 0;
    auto close = [&](const QDateTime &at, const QString &why) {
        if (isOpen(holds)) {
            holds.last().end = at;
            holds.last().endedBy = why;
        }
        depth = 0;
    };
    for (const lockcore::LockEvent &event : std::as_const(events)) {
        const bool renewal = event.kind == u"renew" || event.kind == u"reenter";
        if (renewal && !isOpen(holds) && (holds.isEmpty() || holds.last().fence != event.fence)) {
            // A hold whose acquire is older than the events read (a live holder's renewals
            // fill the history): it began before its first event here.
            holds.append({event.holder, event.fence, event.at, {}, {}, false});
            depth = event.kind == u"reenter" ? 2 : 1;
        } else if (event.kind == u"acquire" || event.kind == u"takeover") {
            close(event.at, event.kind == u"takeover" ? u"takeover"_s : u"release"_s);
            holds.append({event.holder, event.fence, event.at, {}, {}, true});
            depth = 1;
        } else if (event.kind == u"reenter") {
            ++depth;
        } else if (event.kind == u"release") {
            if (!holds.isEmpty() && holds.last().holder == event.holder && --depth <= 0)
                close(event.at, u"release"_s);
        } else if (event.kind == u"force_release" || event.kind == u"delete") {
            close(event.at, event.kind);
        }
    }
    return holds;
}

} // namespace ui
