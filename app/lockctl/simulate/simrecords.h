// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "simhistory.h"

#include <QByteArray>
#include <QHash>
#include <QJsonObject>

namespace lockctl {

// The line protocol between "lockctl simulate --processes" and its "sim-client" children: one
// compact JSON object per line on the child's stdout, flushed at once, "t" naming the record:
//   {"t":"acquired", ...HoldRecord}   a grant, as soon as it happens
//   {"t":"hold", ...HoldRecord}       a hold ended
//   {"t":"write", ...WriteRecord}
//   {"t":"failure", ...AttemptRecord}
//   {"t":"crashed"} / {"t":"paused"}  a crash or pause fault was injected

QByteArray recordLine(const QString &type, QJsonObject fields);

// Merges the children's lines into one History. A child is a key chosen by the parent (one per
// process, replacements get new keys). Grants without an end stay open until the child's end.
class HistoryMerger
{
public:
    explicit HistoryMerger(locksim::History *history) : m_history(history) {}

    // One line of a child; false when it is not a record (ignored).
    bool addLine(int child, qint64 pid, const QByteArray &line);
    // The child is gone: its open grants become holds that ended by a crash (their lease runs
    // out: expiresDbUs as granted) when `died`, else holds still running at the end.
    void childEnded(int child, bool died);
    // Open grants of this child (it holds a lock now, as far as its lines say).
    QList<locksim::HoldRecord> openHolds(int child) const;
    // The lease of an open grant as the database has it now (renewals are not printed).
    void setOpenExpiry(int child, const locksim::HoldRecord &hold, qint64 expiresDbUs);
    qint64 acquisitions() const { return m_acquisitions; }

private:
    static bool sameGrant(const locksim::HoldRecord &a, const locksim::HoldRecord &b);

    locksim::History *m_history;
    QHash<int, QList<locksim::HoldRecord>> m_open; // per child: its grants not yet ended
    qint64 m_acquisitions = 0;
};

} // namespace lockctl
