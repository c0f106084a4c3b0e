// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "leasekeeper.h"

#include "adminrequest.h"
#include "lockrefresh.h"

#include <QDateTime>
#include <QHash>
#include <QObject>
#include <QElapsedTimer>
#include <QTimer>

namespace ui {

class LockMonitor;

// The admin's own test holds: renews them at a third of their lease when asked to, releases
// them when their hold time is over, and forgets them when they are lost. A renewed hold whose
// lease ends on this window's clock with no renewal confirmed (the database thread stuck on a server
// that stopped answering, a renewal that failed until then) lapses: lost for good (lapsed()),
// released fence-checked in case it is still ours, never renewed again; acquiring again is a
// new test hold with a new fence. A hold that a refresh (or a refused renewal) shows lost, taken
// by another holder, freed, or its lease ended unrenewed, is forgotten at once (lost()): the
// database refuses a renewal after the lease's end, so it can never be the admin's again.
class TestHolds : public QObject
{
    Q_OBJECT

public:
    struct Hold
    {
        QString name;
        QString holder;
        qint64 fence = 0;
        qint64 ttlMs = 0;
        bool autoRenew = false;
        QDateTime releaseAt; // invalid: until released by hand
        QDateTime expiresAt; // database time of the current lease
        QDateTime grantedAt; // database time of the grant: a row read before it is older
        int renewals = 0;
        qint64 leaseEndMs = 0; // on the window's clock: the last confirmed send + the lease
    };

    explicit TestHolds(LockMonitor *monitor, QObject *parent = nullptr);

    // A test-acquire; the grant arrives through the monitor's adminDone.
    quint64 acquire(const QString &name, const QString &holder, qint64 ttlMs, qint64 holdMs,
                    bool autoRenew);
    bool holds(const QString &name) const { return m_holds.contains(name); }
    std::optional<Hold> hold(const QString &name) const;
    QList<Hold> all() const { return m_holds.values(); }
    // The admin's renewal or release (the hold's own schedule sends AdminRequest::automatic).
    void renew(const QString &name) { sendRenewal(name, false); }
    void release(const QString &name) { sendRelease(name, false); }
    void releaseAll();

signals:
    void changed();
    // The hold's lease ended here unrenewed; it is forgotten (and released, fence-checked).
    void lapsed(const QString &name, qint64 fence);
    // The database shows the hold lost (`why`: one translated sentence); it is forgotten.
    void lost(const QString &name, const QString &why);

private:
    void onAdminDone(const AdminResult &result);
    void onRefresh(const LockRefresh &refresh);
    void tick();
    // Why `hold` is no longer the admin's, by `now` (the lock as read); empty while it is.
    QString lossOf(const Hold &hold, const lockcore::LockInfo &now) const;
    void forget(QString name, const QString &why); // (a copy: the hold holding it goes)

    struct Pending
    {
        qint64 holdMs = 0;
        bool autoRenew = false;
        qint64 sentAtMs = 0; // before the request went to the database thread
    };
    void lapse(const QString &name);
    void sendRenewal(const QString &name, bool automatic);
    void sendRelease(const QString &name, bool automatic);

    LockMonitor *m_monitor;
    QHash<QString, Hold> m_holds;
    QHash<quint64, Pending> m_pendingAcquires;
    // When each hold renews next (lockcore's schedule: a third of the lease), on m_clock.
    QHash<QString, lockcore::LeaseSchedule> m_schedules;
    QHash<QString, qint64> m_renewSentAtMs; // the renewal in flight of each hold, on m_clock
    QElapsedTimer m_clock;
    QTimer m_timer;
};

} // namespace ui
