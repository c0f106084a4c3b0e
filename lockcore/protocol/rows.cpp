// SPDX-License-Identifier: Apache-2.0
#include "rows.h"

#include "dialect.h"

#include <QSqlQuery>

namespace lockcore {

QDateTime timeFromMs(const QVariant &ms)
{
    if (ms.isNull() || !ms.isValid())
        return {};
    return QDateTime::fromMSecsSinceEpoch(ms.toLongLong(), Qt::UTC);
}

namespace {

// q: anything with value(int) -> QVariant.
template<typename Row>
LockInfo lockInfoFrom(const Row &q)
{
    LockInfo info;
    info.name = q.value(col::SName).toString();
    info.holder = q.value(col::SHolder).toString();
    info.prevHolder = q.value(col::SPrevHolder).toString();
    info.depth = q.value(col::SDepth).toInt();
    info.fence = q.value(col::SFence).toLongLong();
    info.acquiredAt = timeFromMs(q.value(col::SAcquiredMs));
    info.expiresAt = timeFromMs(q.value(col::SExpiresMs));
    info.renewedAt = timeFromMs(q.value(col::SRenewedMs));
    info.ttlMs = q.value(col::STtlMs).toLongLong();
    info.description = q.value(col::SDescription).toString();
    info.dbNow = timeFromMs(q.value(col::SNowMs));
    switch (q.value(col::SState).toInt()) {
    case 0: info.state = LockState::Free; break;
    case 2: info.state = LockState::Expired; break;
    default: info.state = LockState::Held; break;
    }
    return info;
}

// A row of Session::runRows(), read like a query.
struct Values
{
    const QVariantList &row;
    QVariant value(int i) const { return row.value(i); }
};

template<typename Row>
Grant grantFrom(const Row &q, const QString &name, const QString &holder)
{
    Grant grant;
    grant.acquired = true;
    grant.name = name;
    grant.holder = holder;
    grant.fence = q.value(col::GFence).toLongLong();
    grant.depth = q.value(col::GDepth).toInt();
    grant.acquiredAt = timeFromMs(q.value(col::GAcquiredMs));
    grant.expiresAt = timeFromMs(q.value(col::GExpiresMs));
    grant.dbNow = timeFromMs(q.value(col::GNowMs));
    if (grant.depth == 1)
        grant.tookOverFrom = q.value(col::GPrevHolder).toString();
    return grant;
}

} // namespace

LockInfo lockInfoFromRow(const QSqlQuery &query)
{
    return lockInfoFrom(query);
}

LockInfo lockInfoFromRow(const QVariantList &row)
{
    return lockInfoFrom(Values{row});
}

Grant grantFromRow(const QSqlQuery &query, const QString &name, const QString &holder)
{
    return grantFrom(query, name, holder);
}

Grant grantFromRow(const QVariantList &row, const QString &name, const QString &holder)
{
    return grantFrom(Values{row}, name, holder);
}

Grant grantFromState(const LockInfo &row, const QString &holder)
{
    Grant grant;
    grant.acquired = true;
    grant.name = row.name;
    grant.holder = holder;
    grant.fence = row.fence;
    grant.depth = row.depth;
    grant.acquiredAt = row.acquiredAt;
    grant.expiresAt = row.expiresAt;
    grant.dbNow = row.renewedAt;
    if (grant.depth == 1)
        grant.tookOverFrom = row.prevHolder;
    return grant;
}

LockEvent eventFromRow(const QSqlQuery &q)
{
    LockEvent event;
    event.id = q.value(col::EId).toLongLong();
    event.at = timeFromMs(q.value(col::EAtMs));
    event.lockName = q.value(col::ELock).toString();
    event.kind = q.value(col::EKind).toString();
    event.holder = q.value(col::EHolder).toString();
    event.fence = q.value(col::EFence).toLongLong();
    event.actor = q.value(col::EActor).toString();
    event.detail = q.value(col::EDetail).toString();
    return event;
}

} // namespace lockcore
