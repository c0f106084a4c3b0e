// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "session.h"

namespace testsupport {

// A session's id on its server (PostgreSQL's backend pid, MySQL's CONNECTION_ID()); -1 when it
// does not answer.
qint64 backendId(lockcore::Session &session);
// The server ends session `id` as an administrator would, asked on `admin`
// (pg_terminate_backend, KILL CONNECTION). False when it refused.
bool cutSession(lockcore::Session &admin, qint64 id);

} // namespace testsupport
