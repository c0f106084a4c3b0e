// SPDX-License-Identifier: GPL-3.0-or-later
#include "lockprofiletext.h"

#include <QStringList>

using namespace Qt::StringLiterals;

namespace ui {

QString LockProfileText::label(const QString &profileId)
{
    if (profileId == u"seed-000")
        return tr("Pessimistic lock table with a status flag");
    if (profileId == u"seed-001")
        return tr("Lock table, re-entrant by owner");
    if (profileId == u"seed-001-row")
        return tr("Lock columns on the business row");
    if (profileId == u"seed-004")
        return tr("Task lock by unique key");
    if (profileId == u"shedlock")
        return tr("ShedLock");
    if (profileId == u"spring-int-lock")
        return tr("Spring Integration JDBC lock");
    if (profileId == u"custom")
        return tr("Custom mapping\u2026");
    return profileId;
}

QString LockProfileText::description(const lockcore::Profile &profile)
{
    const lockcore::ProfileColumns &c = profile.columns;
    QStringList parts;
    if (!c.status.isEmpty())
        parts << tr("%1 flag").arg(c.status);
    if (!c.expires.isEmpty())
        parts << c.expires;
    else if (profile.lockedAtTtlMs > 0 && !c.lockedAt.isEmpty())
        parts << tr("%1 + %2 s").arg(c.lockedAt).arg(double(profile.lockedAtTtlMs) / 1000.0);
    else
        parts << tr("no expiry");
    const QString table =
        profile.defaultTable.isEmpty() ? tr("any table") : profile.defaultTable;
    return tr("%1: %2 (%3)").arg(profile.id, table, parts.join(u", "_s));
}

QString LockProfileText::lockscopeDescription(const QString &table)
{
    return tr("Lockscope's own table: holder, lease, fencing token, and its events in "
              "%1_event.")
        .arg(table.isEmpty() ? u"dist_lock"_s : table);
}

} // namespace ui
