// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "result.h"

#include <QString>

namespace lockcore {

class Session;

// The server `session` is connected to, as the server itself says (Dialect::serverAddress):
// "10.0.0.2:5432", "[2001:db8::2]:5432", or the local socket and its port. With several hosts
// in the URL it names the one libpq reached at the last (re)connect: after a failover, the new
// primary. Empty where the database cannot tell (only PostgreSQL can, for now). One round trip.
Result<QString> reachedServer(Session &session);

} // namespace lockcore
