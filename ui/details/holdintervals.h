// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "locktypes.h"

#include <QDateTime>
#include <QList>

namespace ui {

// Who held a lock when, reconstructed from its event history (oldest to newest or newest
// first: both work). A hold still open at the end has an invalid `end`.
struct HoldInterval
{
    QString holder;
    qint64 fence = 0;
    QDateTime start;
    QDateTime end;
    QString endedBy; // release, force_release, takeover (the lease had expired), delete
    // False when the history read begins inside this hold (its acquire is older than the
    // events read): `start` is then its first renewal or re-entry read, not its acquire.
    bool startSeen = true;
};

QList<HoldInterval> holdIntervals(QList<lockcore::LockEvent> events);

} // namespace ui
