// SPDX-License-Identifier: Apache-2.0
#include "session.h"

#include "transport.h"

// What an open connection can do: the dialect's features narrowed by the server's version and
// the session's transport (Session::hasFeature).

namespace lockcore {

bool Session::hasFeature(Feature feature) const
{
    if (!m_dialect->hasFeature(feature) && feature != Feature::DirectTransport)
        return false;
    const bool mariaDb = m_mariaDbVersion && !m_mariaDbVersion->isNull();
    switch (feature) {
    case Feature::WakeLocks:
        // PostgreSQL: advisory locks. MySQL's GET_LOCK takes whole seconds; MariaDB's (10.1.2
        // on) fractions of them.
        return m_dialect->kind() == Dialect::Kind::PostgreSQL
               || (mariaDb && *m_mariaDbVersion >= QVersionNumber(10, 1, 2));
    case Feature::InsertReturning: {
        // INSERT .. RETURNING: MariaDB 10.5 on (MySQL has none); its row read through
        // Connector/C, or through ODBC (QMYSQL cannot read it; QODBC with MariaDB
        // Connector/ODBC can).
        const bool connectorC = m_direct && m_direct->kind() == Transport::Kind::ConnectorC;
        const bool readsItsRow = connectorC || m_spec.backend == ConnectionSpec::Backend::ODBC;
        return readsItsRow && !m_forceBatchAcquire && mariaDb
               && *m_mariaDbVersion >= QVersionNumber(10, 5);
    }
    case Feature::DirectTransport:
        return m_direct != nullptr;
    default:
        return true;
    }
}

} // namespace lockcore
