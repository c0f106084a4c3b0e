#pragma once

#include "connectionspec.h"

namespace lockcore {

// The connect options of `spec` with the name lockcore gives its session (sessionTag(), in
// holderid.h) where the database keeps one that other sessions can read: PostgreSQL's
// application_name, unless the URL sets its own. So that a holder's session can be found from
// its holder id (NativeLockReader::holderSessions). Elsewhere `options` as they are.
QString withSessionName(const ConnectionSpec &spec, const QString &options);

} // namespace lockcore
