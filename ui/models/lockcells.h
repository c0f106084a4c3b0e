// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "lockdisplaystate.h"
#include "locktypes.h"

#include <QDateTime>
#include <QVariant>

#include <limits>

namespace ui {

struct LongHoldRule;

// A lock row as the lock table shows it, shared by the model of the whole table
// (LockTableModel) and the model of a window onto a large one (LockWindowModel): the state
// the countdown gives it at a database time, and its cells in every role of
// LockTableModel::Role and LockTableModel::Column.
namespace lockcells {

// The database's reading of a row, kept in the forms the countdown needs.
struct Lease
{
    qint64 expiresMs = 0;     // expiresAt in ms since the epoch (0 when invalid)
    qint64 leaseMs = 0;       // length of the current lease, for the fraction left
    bool expiresValid = false;
    qint64 renewedMs = 0;     // the last renewal (an acquire renews too), ms since the epoch
    bool renewedValid = false; // the table records renewals (renewedAt) and this row has one
    // After this database time the holder counts as not renewing: half of the lease after its
    // last renewal. max() when it never does (no renewal recorded, or no lease end).
    qint64 staleMs = std::numeric_limits<qint64>::max();
    // acquiredAt is when the monitor first saw the lock held, its table recording no time for
    // it (ProfileReader): Held for is a lower bound, "≥ 7 s", and no acquired_at leaves the table.
    bool heldSinceSeen = false;

    static Lease of(const lockcore::LockInfo &info);
};

// The Held for text of a hold that ended after `ms` ("20 s (ended)"), translated.
QString endedHeldText(qint64 ms);

// The state shown at database time `dbNowMs`: the database said held when it was read, and
// the lease may have run out since (expired), its owner may be gone (lost owner) or it may not
// have been renewed for more than half of the lease (not renewing).
LockDisplayState stateAt(const lockcore::LockInfo &info, const Lease &lease, qint64 dbNowMs,
                         bool ownerGone);
// The estimated lease left at `dbNowMs`; 0 unless `state` is a running lease.
qint64 remainingAt(const Lease &lease, LockDisplayState state, qint64 dbNowMs);
// How long the current holder has held the lock at `dbNowMs` (since its grant); 0 unless
// `state` is a running lease.
qint64 heldAt(const lockcore::LockInfo &info, LockDisplayState state, qint64 dbNowMs);
// How long ago the holder last renewed at `dbNowMs`; -1 unless the lock is held (as read: its
// lease may have ended since) and the table records its renewals.
qint64 renewedAgoAt(const Lease &lease, const lockcore::LockInfo &info, qint64 dbNowMs);

// What the countdown cells (Remaining, Held for) show at a database time, as the values their
// texts are made from: two readings are equal exactly when both texts are the same, so a model
// repaints a row only when one changed.
struct Shown
{
    qint64 remainingMs = 0; // roundedRemainingMs()
    qint64 heldMs = 0;      // roundedHeldMs()
    qint64 renewedAgoMs = -1; // roundedHeldMs(), -1 for none

    static Shown at(const lockcore::LockInfo &info, const Lease &lease, LockDisplayState state,
                    qint64 dbNowMs);
    bool operator==(const Shown &other) const
    {
        return remainingMs == other.remainingMs && heldMs == other.heldMs
               && renewedAgoMs == other.renewedAgoMs;
    }
    bool operator!=(const Shown &other) const { return !(*this == other); }
};

// One row to show: the lock as read and what the countdown made of it.
struct Row
{
    const lockcore::LockInfo &info;
    LockDisplayState state;
    qint64 remainingMs;
    qint64 leaseMs;
    qint64 heldMs = 0;
    const LongHoldRule *longHold = nullptr; // the threshold the hold has outgrown, if any
    qint64 renewedAgoMs = -1; // renewedAgoAt()
    // Valid: the row is as it was read at this (local) time, and no read has succeeded since
    // (LockTableModel::setStale): shown greyed, its countdown stopped, never in a live colour.
    QDateTime asOf;
    // Lease::heldSinceSeen of the row.
    bool heldSinceSeen = false;
};

// The row needs someone: a problem state (isProblemState) or a long hold.
bool isProblem(const Row &row);

// The cell's value in `role` (any role of LockTableModel, LockInfoRole included).
QVariant data(const Row &row, int column, int role);
// The horizontal header's value in `role`.
QVariant headerData(int section, int role);

} // namespace lockcells

} // namespace ui
