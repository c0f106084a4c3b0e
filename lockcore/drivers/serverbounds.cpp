// SPDX-License-Identifier: Apache-2.0
// The server's own bounds on a session's statements (serverbounds.h): the figures, and their
// statements sent at connect, after a reconnect, and around a call with a longer budget.

#include "serverbounds.h"

#include "session.h"

#include <QSqlQuery>

namespace lockcore {

namespace {

// A margin of `share` of `ms`, between `least` (or half of `ms` when that is less) and `most`.
qint64 shareOf(qint64 ms, qint64 share, qint64 least, qint64 most)
{
    return qBound(qMin(least, ms / 2), ms / share, most);
}

} // namespace

qint64 ServerBounds::marginMs(qint64 callMs)
{
    return shareOf(callMs, 10, 250, 2000);
}

ServerBounds ServerBounds::below(qint64 callMs)
{
    ServerBounds bounds;
    bounds.statementMs = qMax<qint64>(1, callMs - marginMs(callMs));
    bounds.lockMs = qMax<qint64>(1, bounds.statementMs - shareOf(bounds.statementMs, 20, 250, 1000));
    return bounds;
}

bool Session::applyServerBounds(qint64 callMs)
{
    const ServerBounds bounds = ServerBounds::below(callMs);
    const bool mariaDb = m_mariaDbVersion && !m_mariaDbVersion->isNull()
                         && *m_mariaDbVersion >= QVersionNumber(10, 1);
    const QStringList statements = m_dialect->serverBounds(bounds.statementMs, bounds.lockMs,
                                                           mariaDb);
    if (statements.isEmpty()) { // SQLite, Oracle: none to set, so none is set
        m_boundStatementMs = m_boundLockMs = 0;
        return false;
    }
    for (const QString &sql : statements) {
        QSqlQuery query(m_db);
        ++m_roundTrips;
        if (!query.exec(sql)) {
            // Only the client's deadline applies then (an old server, a proxy that refuses
            // SET): errors say so by naming no server bound.
            m_boundStatementMs = m_boundLockMs = 0;
            return false;
        }
    }
    m_boundStatementMs = bounds.statementMs;
    m_boundLockMs = bounds.lockMs;
    return true;
}

} // namespace lockcore
