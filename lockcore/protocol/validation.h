// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "result.h"

#include <QString>

namespace lockcore {

// Limits checked before any SQL is sent. The columns are sized to match (see docs/protocol.md).
namespace limits {
constexpr int maxNameChars = 255;         // lock name and holder id, in Unicode code points
constexpr int maxDescriptionChars = 1000; // description and force-release reason
constexpr int maxTableChars = 50;         // so that "<table>_event_ix1" fits every database
constexpr qint64 minTtlMs = 1;
constexpr qint64 maxTtlMs = 30LL * 24 * 3600 * 1000; // 30 days: longer jobs renew
constexpr int maxHistoryLimit = 100000;
} // namespace limits

// A lock name or holder id to write (acquire, initialize, a definition): also in composed
// Unicode form (NFC), so that "café" is one name however it was typed; another form is refused
// with the composed one to write instead (normalizing it in silence would act on another row
// than the one named: see docs/reliability.md).
Status validateLockName(const QString &name);
Status validateHolder(const QString &holder);
// The same for a name or holder read from a row that exists (show, history, force release,
// delete): another client may have written it in another Unicode form, and it stays
// addressable by its exact text.
Status validateStoredLockName(const QString &name);
Status validateStoredHolder(const QString &holder);
Status validateTtl(qint64 ttlMs);
Status validateDescription(const QString &text, const QString &what);
// `text` cut to at most `maxCodePoints` code points, never inside a surrogate pair.
QString truncatedToCodePoints(const QString &text, int maxCodePoints);
// A table name: an identifier [A-Za-z_][A-Za-z0-9_]*, optionally "schema.table".
Status validateTableName(const QString &table);
// A session time zone as the databases take it: empty (none), a name such as "Asia/Shanghai"
// or "UTC", or an offset such as "+08:00"; letters, digits, "/", "_", "+", "-" and ":" only,
// at most 64 characters.
Status validateTimeZoneName(const QString &zone);

} // namespace lockcore
