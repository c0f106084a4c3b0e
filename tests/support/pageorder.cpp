// SPDX-License-Identifier: GPL-3.0-or-later
#include "pageorder.h"

#include <QVariant>

#include <algorithm>
#include <limits>

using namespace lockcore;

namespace testsupport {

QStringList inPageOrder(const QList<LockInfo> &all, const LockPageOrder &order)
{
    const auto ms = [](const QDateTime &t) { return t.toMSecsSinceEpoch(); };
    struct Keyed
    {
        QList<QVariant> key;
        qsizetype position;
        QString name;
    };
    QList<Keyed> rows;
    for (qsizetype i = 0; i < all.size(); ++i) {
        const LockInfo &l = all.at(i);
        const bool free = l.state == LockState::Free;
        const bool expired = l.state == LockState::Expired;
        QList<QVariant> key;
        switch (order.by) {
        case LockPageSort::Name: break;
        case LockPageSort::Holder: key = {free ? 0 : 1, l.holder.toLower(), l.holder}; break;
        case LockPageSort::State: key = {free ? 0 : expired ? 2 : 1}; break;
        case LockPageSort::Remaining:
            key = {free ? -1 : expired || !l.expiresAt.isValid() ? 0 : ms(l.expiresAt)};
            break;
        case LockPageSort::HeldFor:
            key = {free || expired ? std::numeric_limits<qint64>::min()
                   : !l.acquiredAt.isValid() ? std::numeric_limits<qint64>::min() + 1
                                             : -ms(l.acquiredAt)};
            break;
        }
        rows.append({key, i, l.name});
    }
    const auto less = [](const Keyed &a, const Keyed &b) {
        for (qsizetype k = 0; k < a.key.size(); ++k) {
            const QPartialOrdering c = QVariant::compare(a.key.at(k), b.key.at(k));
            if (c != QPartialOrdering::Equivalent)
                return c == QPartialOrdering::Less;
        }
        return a.position < b.position;
    };
    std::sort(rows.begin(), rows.end(), [&](const Keyed &a, const Keyed &b) {
        return order.descending ? less(b, a) : less(a, b);
    });
    QStringList names;
    for (const Keyed &row : std::as_const(rows))
        names.append(row.name);
    return names;
}

} // namespace testsupport
