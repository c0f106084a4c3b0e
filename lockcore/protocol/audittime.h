// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "auditrequest.h"
#include "result.h"

namespace lockcore {

// An audit's time bound as an admin types it: a duration back from the database clock's now
// ("30m", "24h", "7d": parseDurationMs) or a moment in ISO 8601 ("2026-12-07",
// "2026-12-07T10:00", "2026-12-07T10:00:00.5+01:00"); a moment without a zone is UTC, as the
// event table keeps its times. Empty text: no bound. `what` names the field in the error.
Result<AuditTimeBound> parseAuditTime(const QString &text, const QString &what);

} // namespace lockcore
