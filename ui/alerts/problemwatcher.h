// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "holderliveness.h"
#include "lockproblem.h"
#include "locktypes.h"
#include "longholdrules.h"

#include <QHash>
#include <QList>
#include <QObject>

namespace ui {

// Which locks entered a problem (expired and not released, lost owner, not renewing, long
// hold) from one refresh to the next, by the database clock and with the states and
// thresholds the lock table uses (lockcells). Each lock and problem is announced once, when it
// starts; a lock that leaves a problem and enters it again is announced again. The first
// update after construction or reset() is the baseline: its problems are counted, not
// announced (they were there before anyone watched).
class ProblemWatcher : public QObject
{
    Q_OBJECT

public:
    explicit ProblemWatcher(QObject *parent = nullptr);

    // As the lock table's (LockTableModel): which holders are gone, which holds are long.
    void setOwnerGoneCheck(OwnerGoneCheck check);
    void setLongHoldRules(const LongHoldRules &rules);

    // The locks of a refresh, read at database time `dbNowMs`. `whole`: every lock of the table
    // (a lock not among them has no problem now); otherwise a part of it (the window read of a
    // large table): the locks not in it keep what they had.
    void update(const QList<lockcore::LockInfo> &locks, qint64 dbNowMs, bool whole = true);
    // Another table or connection: forgets every lock; the next update is a baseline again.
    void reset();

    // Locks with at least one problem now, and what they have.
    int problemCount() const { return int(m_current.size()); }
    LockProblems problemsOf(const QString &name) const { return m_current.value(name); }
    // The locks with a problem, in name order.
    QStringList problemLocks() const;

signals:
    // The problems that started at this update, in name order (one entry per lock and problem).
    void entered(const QList<ui::ProblemEntry> &entries);
    void countChanged(int count);

private:
    LockProblems problemsAt(const lockcore::LockInfo &info, qint64 dbNowMs,
                            QHash<QString, bool> &gone) const;

    QHash<QString, LockProblems> m_current; // locks with a problem
    bool m_baseline = true;
    OwnerGoneCheck m_ownerGone;
    LongHoldRules m_longHolds;
};

} // namespace ui
