// SPDX-License-Identifier: GPL-3.0-or-later
#include "lockcells.h"

#include "asoftext.h"
#include "countdowntext.h"
#include "durationtext.h"
#include "heldfortext.h"
#include "holderliveness.h"
#include "lockstatepalette.h"
#include "locktablemodel.h"
#include "longholdrules.h"

#include <QBrush>
#include <QCoreApplication>
#include <QDateTime>
#include <QFont>
#include <QGuiApplication>
#include <QPalette>

#include <algorithm>
#include <limits>

using namespace Qt::StringLiterals;
using lockcore::LockInfo;
using lockcore::LockState;

namespace ui {

namespace {

// The texts are in LockTableModel's translation context (ui::LockTableModel), as always.
struct CellTr
{
    Q_DECLARE_TR_FUNCTIONS(ui::LockTableModel)
};

const QString NoValue = u"\u2014"_s; // em dash: no running lease

QString localTime(const QDateTime &t)
{
    return t.isValid() ? t.toLocalTime().toString(u"yyyy-MM-dd HH:mm:ss.zzz"_s) : QString();
}

QString utcTime(const QDateTime &t)
{
    return t.isValid() ? t.toUTC().toString(u"yyyy-MM-dd HH:mm:ss.zzz"_s) : QString();
}

qint64 msOf(const QDateTime &t)
{
    return t.isValid() ? t.toMSecsSinceEpoch() : std::numeric_limits<qint64>::min();
}

QString times(const QDateTime &t)
{
    return CellTr::tr("%1 (local time)\n%2 UTC").arg(localTime(t), utcTime(t));
}

// A free lock no holder ever had: its expires_at is only when it was initialized.
bool neverAcquired(const lockcells::Row &row)
{
    return row.state == LockDisplayState::Free && !row.info.acquiredAt.isValid();
}

// An expired lock: how long its last holder had it, from the grant to the end of its lease
// (-1 when the times are not known). It no longer grows.
qint64 endedHoldMs(const lockcells::Row &row)
{
    const LockInfo &info = row.info;
    if (row.state != LockDisplayState::Expired || !info.acquiredAt.isValid()
        || !info.expiresAt.isValid())
        return -1;
    return qMax<qint64>(0, info.acquiredAt.msecsTo(info.expiresAt));
}

} // namespace

QString lockcells::endedHeldText(qint64 ms)
{
    return CellTr::tr("%1 (ended)").arg(formatHeldMs(ms));
}

namespace {

// The lock as read, for whatever leaves the table (export, copy, the details pane): a time the
// monitor only saw (heldSinceSeen) is not the application's, so it is no acquired_at.
lockcore::LockInfo recordedInfo(const lockcells::Row &row)
{
    lockcore::LockInfo info = row.info;
    if (row.heldSinceSeen)
        info.acquiredAt = QDateTime();
    return info;
}

QVariant heldForText(const lockcells::Row &row)
{
    if (isLeaseRunning(row.state) && row.info.acquiredAt.isValid())
        return row.heldSinceSeen ? CellTr::tr("\u2265 %1").arg(formatHeldMs(row.heldMs))
                                 : formatHeldMs(row.heldMs);
    if (const qint64 ended = endedHoldMs(row); ended >= 0)
        return lockcells::endedHeldText(ended);
    return NoValue;
}

QVariant display(const lockcells::Row &row, int column)
{
    using M = LockTableModel;
    const LockInfo &info = row.info;
    switch (column) {
    case M::Name: return info.name;
    case M::State: return lockDisplayStateText(row.state);
    case M::Holder: return info.holder;
    case M::Depth:
        return row.state == LockDisplayState::Free ? QString() : QString::number(info.depth);
    case M::Fence: return QString::number(info.fence);
    case M::AcquiredAt: return localTime(info.acquiredAt);
    case M::ExpiresAt: return neverAcquired(row) ? QString() : localTime(info.expiresAt);
    case M::Remaining:
        if (isLeaseRunning(row.state) && !info.expiresAt.isValid())
            return CellTr::tr("no expiry"); // an application's table without a lease
        return isLeaseRunning(row.state) ? formatRemainingMs(row.remainingMs) : NoValue;
    case M::HeldFor: return heldForText(row);
    case M::LastRenewed:
        return row.renewedAgoMs >= 0 ? CellTr::tr("%1 ago").arg(formatHeldMs(row.renewedAgoMs))
                                     : NoValue;
    case M::Description: return info.description.simplified();
    }
    return {};
}

QVariant stateToolTip(const lockcells::Row &row)
{
    const LockInfo &info = row.info;
    switch (row.state) {
    case LockDisplayState::Free:
        return CellTr::tr("Free: nobody holds this lock.");
    case LockDisplayState::Held:
        if (!info.expiresAt.isValid())
            return CellTr::tr("Held by %1. This table has no expiry: the lock stays held until "
                              "it is released.")
                .arg(info.holder.isEmpty() ? CellTr::tr("an unrecorded holder") : info.holder);
        return CellTr::tr("Held by %1 until %2.").arg(info.holder, localTime(info.expiresAt));
    case LockDisplayState::Expired:
        return CellTr::tr("Expired: the lease of %1 ended at %2. The next acquirer takes it "
                          "over.")
            .arg(info.holder, localTime(info.expiresAt));
    case LockDisplayState::LostOwner: {
        const auto process = parseHolderProcess(info.holder);
        return CellTr::tr("Lost owner: the holder %1 was process %2 on this machine, which no "
                          "longer runs, so nobody will release the lock. The lease still runs "
                          "until %3; a force release frees it now.")
            .arg(info.holder, process ? QString::number(process->pid) : CellTr::tr("(unknown)"),
                 localTime(info.expiresAt));
    }
    case LockDisplayState::NotRenewing:
        return CellTr::tr("Not renewing: %1 last renewed %2 ago, more than half of its %3 "
                          "lease. The lease still runs until %4; a holder that renews in time "
                          "never shows this. Is it hung?")
            .arg(info.holder, formatHeldMs(row.renewedAgoMs), durationText(row.leaseMs),
                 localTime(info.expiresAt));
    }
    return {};
}

QVariant heldForToolTip(const lockcells::Row &row)
{
    if (const qint64 ended = endedHoldMs(row); ended >= 0)
        return CellTr::tr("%1 held this lock for %2, from\n%3\nuntil its lease ended at\n%4.\n"
                          "Nobody holds it now; the next acquirer takes it over.")
            .arg(row.info.holder, formatHeldMs(ended), times(row.info.acquiredAt),
                 times(row.info.expiresAt));
    if (!isLeaseRunning(row.state) || !row.info.acquiredAt.isValid())
        return CellTr::tr("Nobody holds this lock now.");
    QString tip = row.heldSinceSeen
                      ? CellTr::tr("Held for at least %1: this table records no time, and "
                                   "Lockscope first saw the lock held at\n%2")
                            .arg(formatHeldMs(row.heldMs), times(row.info.acquiredAt))
                      : CellTr::tr("%1 has held this lock for %2, since\n%3")
                            .arg(row.info.holder, formatHeldMs(row.heldMs),
                                 times(row.info.acquiredAt));
    if (row.longHold) {
        tip += u"\n\n"_s
               + CellTr::tr("A long hold: longer than the %1 set for locks named \u201c%2\u201d "
                            "(View \u203a Long holds).")
                     .arg(durationText(row.longHold->thresholdMs), row.longHold->pattern);
    }
    return tip;
}

QVariant toolTip(const lockcells::Row &row, int column)
{
    using M = LockTableModel;
    const LockInfo &info = row.info;
    switch (column) {
    case M::Name:
        return info.name; // in full, should the column elide it
    case M::State:
        return stateToolTip(row);
    case M::Holder: {
        QString tip = info.holder.isEmpty() ? CellTr::tr("Nobody holds this lock.")
                                            : CellTr::tr("Holder: %1").arg(info.holder);
        if (!info.prevHolder.isEmpty())
            tip += u'\n' + CellTr::tr("Previous holder: %1").arg(info.prevHolder);
        return tip;
    }
    case M::Depth:
        return CellTr::tr("Re-entry depth: how many times the holder acquired the lock without "
                          "releasing it.");
    case M::Fence:
        return CellTr::tr("Fencing token %1: grows by one on every change of holder and every "
                          "force release. The protected resource refuses tokens lower than the "
                          "highest it has seen.")
            .arg(info.fence);
    case M::AcquiredAt:
        if (!info.acquiredAt.isValid())
            return CellTr::tr("Never acquired.");
        return CellTr::tr("Acquired at\n%1").arg(times(info.acquiredAt));
    case M::ExpiresAt: {
        if (neverAcquired(row))
            return CellTr::tr("Never acquired.");
        if (!info.expiresAt.isValid())
            return {};
        QString tip = row.state == LockDisplayState::Free
                          ? CellTr::tr("Released or expired at\n%1").arg(times(info.expiresAt))
                          : CellTr::tr("Expires at\n%1").arg(times(info.expiresAt));
        if (info.renewedAt.isValid())
            tip += u'\n' + CellTr::tr("Last renewed at\n%1").arg(times(info.renewedAt));
        return tip;
    }
    case M::Remaining:
        if (!isLeaseRunning(row.state))
            return CellTr::tr("No lease is running.");
        return CellTr::tr("%1 left of a %2 lease, estimated in database time.\nExpires at\n%3")
            .arg(formatRemainingMs(row.remainingMs), durationText(row.leaseMs),
                 times(info.expiresAt));
    case M::HeldFor:
        return heldForToolTip(row);
    case M::LastRenewed:
        if (row.renewedAgoMs < 0)
            return CellTr::tr("No renewal to show: the lock is free, or its table does not "
                              "record renewals.");
        return CellTr::tr("Last renewed %1 ago, at\n%2")
            .arg(formatHeldMs(row.renewedAgoMs), times(info.renewedAt));
    case M::Description: {
        // The lock's definition: what it guards and its default lease.
        QString tip = info.description;
        if (info.ttlMs > 0) {
            if (!tip.isEmpty())
                tip += u'\n';
            tip += CellTr::tr("Default lease: %1").arg(durationText(info.ttlMs));
        }
        return tip.isEmpty() ? QVariant() : QVariant(tip);
    }
    }
    return {};
}

QVariant sortValue(const lockcells::Row &row, int column)
{
    using M = LockTableModel;
    const LockInfo &info = row.info;
    switch (column) {
    case M::Name: return info.name;
    case M::State: return lockDisplayStateOrdinal(row.state);
    case M::Holder: return info.holder;
    case M::Depth: return info.depth;
    case M::Fence: return info.fence;
    case M::AcquiredAt: return msOf(info.acquiredAt);
    case M::ExpiresAt: return msOf(info.expiresAt);
    case M::Remaining:
        // Running leases by time left, then expired ones, then free ones.
        if (isLeaseRunning(row.state))
            return row.remainingMs;
        return qint64(row.state == LockDisplayState::Expired ? 0 : -1);
    case M::HeldFor: return isLeaseRunning(row.state) ? row.heldMs : endedHoldMs(row);
    case M::LastRenewed: return row.renewedAgoMs;
    case M::Description: return info.description;
    }
    return {};
}

} // namespace

namespace lockcells {

Lease Lease::of(const LockInfo &info)
{
    Lease lease;
    lease.expiresValid = info.expiresAt.isValid();
    lease.expiresMs = lease.expiresValid ? info.expiresAt.toMSecsSinceEpoch() : 0;
    // The current lease started at the last renewal (an acquire renews too).
    const QDateTime &start = info.renewedAt.isValid() ? info.renewedAt : info.acquiredAt;
    if (start.isValid() && lease.expiresValid)
        lease.leaseMs = lease.expiresMs - start.toMSecsSinceEpoch();
    if (lease.leaseMs <= 0)
        lease.leaseMs = info.ttlMs;
    lease.renewedValid = info.renewedAt.isValid();
    lease.renewedMs = lease.renewedValid ? info.renewedAt.toMSecsSinceEpoch() : 0;
    if (lease.renewedValid && lease.expiresValid && lease.expiresMs > lease.renewedMs)
        lease.staleMs = lease.renewedMs + (lease.expiresMs - lease.renewedMs) / 2;
    return lease;
}

LockDisplayState stateAt(const LockInfo &info, const Lease &lease, qint64 dbNowMs,
                         bool ownerGone)
{
    if (info.state != LockState::Held)
        return info.state == LockState::Free ? LockDisplayState::Free : LockDisplayState::Expired;
    if (lease.expiresValid && lease.expiresMs - dbNowMs <= 0)
        return LockDisplayState::Expired;
    if (ownerGone)
        return LockDisplayState::LostOwner;
    return dbNowMs > lease.staleMs ? LockDisplayState::NotRenewing : LockDisplayState::Held;
}

qint64 renewedAgoAt(const Lease &lease, const LockInfo &info, qint64 dbNowMs)
{
    if (info.state == LockState::Free || !lease.renewedValid)
        return -1;
    return qMax<qint64>(0, dbNowMs - lease.renewedMs);
}

bool isProblem(const Row &row)
{
    return isProblemState(row.state) || row.longHold;
}

qint64 heldAt(const LockInfo &info, LockDisplayState state, qint64 dbNowMs)
{
    if (!isLeaseRunning(state) || !info.acquiredAt.isValid())
        return 0;
    return qMax<qint64>(0, dbNowMs - info.acquiredAt.toMSecsSinceEpoch());
}

Shown Shown::at(const LockInfo &info, const Lease &lease, LockDisplayState state, qint64 dbNowMs)
{
    const qint64 renewedAgo = renewedAgoAt(lease, info, dbNowMs);
    return {roundedRemainingMs(remainingAt(lease, state, dbNowMs)),
            roundedHeldMs(heldAt(info, state, dbNowMs)),
            renewedAgo < 0 ? -1 : roundedHeldMs(renewedAgo)};
}

qint64 remainingAt(const Lease &lease, LockDisplayState state, qint64 dbNowMs)
{
    if (!isLeaseRunning(state) || !lease.expiresValid)
        return 0;
    return qMax<qint64>(0, lease.expiresMs - dbNowMs);
}

// A row no read has confirmed since `asOf`: grey and untinted, whatever its state, and its
// tooltips say so first. Empty for a live row's role, which the caller answers.
QVariant staleData(const Row &row, int column, int role)
{
    using M = LockTableModel;
    switch (role) {
    case Qt::ToolTipRole: {
        const QString why = CellTr::tr("Not confirmed since the last successful read, %1: "
                                       "the database is not being read now.")
                                .arg(asOfText(row.asOf));
        const QString tip = toolTip(row, column).toString();
        return tip.isEmpty() ? why : why + u"\n\n"_s + tip;
    }
    case Qt::ForegroundRole:
        return QBrush(staleForeground(QGuiApplication::palette()));
    case Qt::BackgroundRole:
        return QBrush(Qt::NoBrush);
    case M::StaleRole:
        return true;
    default:
        return {};
    }
}

QVariant data(const Row &row, int column, int role)
{
    using M = LockTableModel;
    if (row.asOf.isValid()) {
        if (QVariant stale = staleData(row, column, role); stale.isValid())
            return stale;
    }
    switch (role) {
    case Qt::DisplayRole:
        return display(row, column);
    case Qt::ToolTipRole:
        return toolTip(row, column);
    case M::StaleRole:
        return false;
    case Qt::ForegroundRole:
        if (column == M::HeldFor && row.longHold)
            return QBrush(longHoldForeground(QGuiApplication::palette()));
        if (row.state == LockDisplayState::Free || column == M::State)
            return QBrush(lockStateForeground(row.state, QGuiApplication::palette()));
        return {};
    case Qt::BackgroundRole:
        if (column == M::HeldFor && row.longHold)
            return QBrush(longHoldBackground(QGuiApplication::palette()));
        if (column == M::State && row.state != LockDisplayState::Free)
            return QBrush(lockStateBackground(row.state, QGuiApplication::palette()));
        return {};
    case Qt::FontRole:
        if (column == M::HeldFor && row.longHold) {
            QFont bold = QGuiApplication::font();
            bold.setBold(true);
            return bold;
        }
        return {};
    case Qt::TextAlignmentRole:
        if (column == M::Depth || column == M::Fence || column == M::Remaining
            || column == M::HeldFor || column == M::LastRenewed)
            return QVariant(int(Qt::AlignRight | Qt::AlignVCenter));
        return {};
    case M::LockInfoRole:
        return QVariant::fromValue(recordedInfo(row));
    case M::SortRole:
        return sortValue(row, column);
    case M::RemainingFractionRole:
        if (!isLeaseRunning(row.state) || row.leaseMs <= 0)
            return {};
        return std::clamp(double(row.remainingMs) / double(row.leaseMs), 0.0, 1.0);
    case M::StateRole:
        return QVariant::fromValue(row.state);
    case M::ProblemRole:
        return isProblem(row);
    default:
        return {};
    }
}

QVariant headerData(int section, int role)
{
    using M = LockTableModel;
    if (role == Qt::DisplayRole) {
        switch (section) {
        case M::Name: return CellTr::tr("Name");
        case M::State: return CellTr::tr("State");
        case M::Holder: return CellTr::tr("Holder");
        case M::Depth: return CellTr::tr("Depth");
        case M::Fence: return CellTr::tr("Fence");
        case M::AcquiredAt: return CellTr::tr("Acquired");
        case M::ExpiresAt: return CellTr::tr("Expires");
        case M::Remaining: return CellTr::tr("Remaining");
        case M::HeldFor: return CellTr::tr("Held for");
        case M::LastRenewed: return CellTr::tr("Last renewed");
        case M::Description: return CellTr::tr("Description");
        }
    }
    if (role == Qt::ToolTipRole) {
        switch (section) {
        case M::AcquiredAt:
        case M::ExpiresAt:
            return CellTr::tr("Database-clock time, shown in this machine's time zone");
        case M::Remaining:
            return CellTr::tr("Time left on the lease, counted down in estimated database time "
                              "between refreshes");
        case M::Fence:
            return CellTr::tr("Fencing token: grows with every change of holder");
        case M::HeldFor:
            return CellTr::tr("How long the current holder has held the lock, in database time; "
                              "long holds are highlighted (View \u203a Long holds)");
        case M::LastRenewed:
            return CellTr::tr("How long ago the holder last renewed its lease, in database "
                              "time; a holder that has not renewed for more than half of its "
                              "lease shows as not renewing");
        default:
            break;
        }
    }
    return {};
}

} // namespace lockcells

} // namespace ui
