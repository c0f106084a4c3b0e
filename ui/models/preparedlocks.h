// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "lockcells.h"
#include "locktypes.h"

#include <QList>
#include <QStringList>

#include <memory>

namespace ui {

// A refresh of the whole lock table made ready for LockTableModel, off the GUI thread: the
// rows in name order with what the countdown needs of each, the holders and the order in which
// the leases run out, and the steps that lead from the rows of an earlier refresh (the base) to
// these, so that the model only announces what changed. Immutable and implicitly shared:
// copies are cheap and may cross threads.
class PreparedLocks
{
public:
    struct Row
    {
        lockcore::LockInfo info;
        lockcells::Lease lease;
        int holder = -1; // index among holders(); -1 unless the database said held
    };

    // One step through the base's rows and these, both in name order.
    struct Step
    {
        enum Kind : quint8 { Keep, Remove, Insert, Change };
        Kind kind = Keep;
        int count = 0;       // rows (Remove: of the base; Insert: of these; else: of both)
        quint32 columns = 0; // Change: a bit per LockTableModel::Column whose cells differ
    };

    PreparedLocks(); // no rows, id 0 (the base of a model that was never filled)

    // `locks` in any order; names are unique in the table, and should a list repeat one, its
    // first row counts. The steps lead from `base`'s rows.
    // `seenSince`: the names whose acquiredAt is when the monitor first saw them held
    // (lockcells::Lease::heldSinceSeen).
    static PreparedLocks prepare(const QList<lockcore::LockInfo> &locks,
                                 const PreparedLocks &base, const QSet<QString> &seenSince = {});
    // The same rows and id with the steps from another base (when the base they were prepared
    // from is not the one the model shows). Linear in both sizes.
    static PreparedLocks rebased(const PreparedLocks &prepared, const PreparedLocks &base);

    quint64 id() const;
    quint64 baseId() const;
    int size() const;
    bool isEmpty() const { return size() == 0; }
    const Row &row(int index) const;
    const QList<Step> &steps() const;

    // The distinct holders of the rows the database said held, and their rows.
    int holderCount() const;
    const QString &holder(int index) const;
    QList<int>::const_iterator holderRowsBegin(int index) const;
    QList<int>::const_iterator holderRowsEnd(int index) const;
    // When this holder's last lease ends (max for a lease without an end): until then the
    // countdown asks whether its owner is gone.
    qint64 holderLeaseEndMs(int index) const;

    // The rows the database said held whose lease has an end, in the order the leases end.
    const QList<int> &byExpiry() const;
    // The rows the database said held whose holder can be late to renew (lockcells::Lease's
    // staleMs), in the order they become late.
    const QList<int> &byStale() const;

    QList<lockcore::LockInfo> locks() const; // the rows as read, in name order (a copy)

    // Bit per LockTableModel::Column that shows something different between the two rows as
    // the database read them (the countdown's own changes aside).
    static quint32 changedColumns(const Row &before, const Row &after);

private:
    struct Data;
    explicit PreparedLocks(std::shared_ptr<const Data> data);
    std::shared_ptr<const Data> d;
};

} // namespace ui
