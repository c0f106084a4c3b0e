// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "metricsnapshot.h"
#include "result.h"

#include <QRegularExpression>
#include <QStringList>

namespace lockcore {

// Which locks a table reports one by one: those whose name matches one of the include
// patterns (all when there are none), at most `maxLocks` of them, the most interesting first:
// expired, then held, then free, each in name order.
class LockSelection
{
public:
    // Glob patterns matched against the whole lock name, case-sensitively: `*` any run of
    // characters (also none, also "/"), `?` one character, everything else literally.
    static Result<LockSelection> create(const QStringList &includePatterns, qint64 maxLocks);
    LockSelection() = default;

    bool includes(const QString &name) const;
    bool includesAll() const { return m_patterns.isEmpty(); }
    qint64 maxLocks() const { return m_maxLocks; }
    // Keeps the locks to report in `snapshot.locks` (in the order above) and counts the others
    // in `snapshot.omitted`.
    void apply(TableSnapshot &snapshot) const;

    static QRegularExpression globToRegularExpression(const QString &glob);

private:
    QList<QRegularExpression> m_patterns;
    qint64 m_maxLocks = 1000;
};

} // namespace lockcore
