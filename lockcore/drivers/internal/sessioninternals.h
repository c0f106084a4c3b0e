// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "session.h"

namespace lockcore {

// What a Session has that is not lockcore's API (session.h is installed, this header is not):
// its release listener, for lockcore's protocol code, and the hooks with which the tests choose
// its transport and look at its prepared statements (tests/support, tst_protocol).
class SessionInternals
{
public:
    static ReleaseListener &releaseListener(Session &session);
    // Tests: MariaDB as on MySQL: the acquire is the UPDATE + SELECT batch, and every statement
    // goes through the Qt driver.
    static void forceMySqlPath(Session &session, bool force);
    // Tests: MariaDB as before 10.5: the acquire is the batch, the release still goes direct.
    static void forceBatchAcquire(Session &session, bool force);
    // Tests: PostgreSQL without libpq: every statement through Qt's driver (QPSQL), as in a
    // build without libpq's headers.
    static void forceQtDriver(Session &session, bool force);
    // Tests: `text` is prepared on this connection (Qt's driver or Connector/C). A statement
    // that failed stays prepared after the outcomes that leave it intact (preparedAfresh()).
    static bool isPrepared(const Session &session, const QString &text);
    // The server closed the connection (its socket hung up, pg_terminate_backend, KILL
    // CONNECTION, a server that went down) though no statement has noticed yet: marked broken,
    // so that the next statement reopens it. False where the socket cannot be reached.
    static bool closedByServer(Session &session);
};

} // namespace lockcore
