// SPDX-License-Identifier: Apache-2.0
// The order of a page of the lock table (LockPageOrder): one key per order, computed by the
// database at the statement's clock n.t as stateColumns() decides states, then the name.

#include "dialects.h"
#include "lockpageorder.h"

using namespace Qt::StringLiterals;

namespace lockcore {

QString SqlDialectBase::pageOrder(const QString &alias, const LockPageOrder &order) const
{
    const QString a = alias + u'.';
    const QString free = isFree(a + u"holder"_s);
    const QString expired = a + u"expires_at < n.t"_s;
    QStringList keys;
    switch (order.by) {
    case LockPageSort::Name:
        break;
    case LockPageSort::Holder:
        keys << u"CASE WHEN "_s + free + u" THEN 0 ELSE 1 END"_s << u"LOWER("_s + a + u"holder)"_s
             << a + u"holder"_s;
        break;
    case LockPageSort::State:
        keys << u"CASE WHEN "_s + free + u" THEN 0 WHEN "_s + expired + u" THEN 2 ELSE 1 END"_s;
        break;
    case LockPageSort::Remaining:
        keys << u"CASE WHEN "_s + free + u" THEN -1 WHEN "_s + a + u"expires_at IS NULL OR "_s
                    + expired + u" THEN 0 ELSE "_s + msOf(a + u"expires_at"_s) + u" - "_s
                    + msOf(u"n.t"_s) + u" END"_s;
        break;
    case LockPageSort::HeldFor:
        keys << u"CASE WHEN "_s + free + u" OR "_s + expired + u" THEN -1 WHEN "_s + a
                    + u"acquired_at IS NULL THEN 0 ELSE "_s + msOf(u"n.t"_s) + u" - "_s
                    + msOf(a + u"acquired_at"_s) + u" END"_s;
        break;
    }
    keys << a + u"name"_s;
    const QString direction = order.descending ? u" DESC"_s : QString();
    const QString separator = direction + u", "_s;
    return u" ORDER BY "_s + keys.join(separator) + direction;
}

} // namespace lockcore
