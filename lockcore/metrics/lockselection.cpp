// SPDX-License-Identifier: Apache-2.0
#include "lockselection.h"

#include "tr.h"
#include "wildcard.h"

#include <algorithm>

namespace lockcore {

namespace {

int interest(LockSample::State state)
{
    switch (state) {
    case LockSample::State::Expired:
        return 0;
    case LockSample::State::Held:
        return 1;
    case LockSample::State::Free:
        return 2;
    }
    return 2;
}

} // namespace

QRegularExpression LockSelection::globToRegularExpression(const QString &glob)
{
    return wildcardExpression(glob, u'*', u'?');
}

Result<LockSelection> LockSelection::create(const QStringList &includePatterns, qint64 maxLocks)
{
    if (maxLocks < 0)
        return Error::invalidInput(Tr::tr("The number of locks to report cannot be negative."));
    LockSelection selection;
    selection.m_maxLocks = maxLocks;
    for (const QString &glob : includePatterns) {
        if (glob.isEmpty())
            return Error::invalidInput(Tr::tr("An include pattern cannot be empty."));
        selection.m_patterns.append(globToRegularExpression(glob));
    }
    return selection;
}

bool LockSelection::includes(const QString &name) const
{
    if (m_patterns.isEmpty())
        return true;
    return std::any_of(m_patterns.cbegin(), m_patterns.cend(),
                       [&](const QRegularExpression &re) { return re.match(name).hasMatch(); });
}

void LockSelection::apply(TableSnapshot &snapshot) const
{
    QList<LockSample> kept;
    kept.reserve(qMin<qint64>(snapshot.locks.size(), m_maxLocks));
    for (LockSample &lock : snapshot.locks) {
        if (includes(lock.name))
            kept.append(std::move(lock));
    }
    const qint64 all = snapshot.locks.size();
    std::stable_sort(kept.begin(), kept.end(), [](const LockSample &a, const LockSample &b) {
        const int ia = interest(a.state), ib = interest(b.state);
        return ia != ib ? ia < ib : a.name < b.name;
    });
    if (kept.size() > m_maxLocks)
        kept.resize(m_maxLocks);
    snapshot.omitted = all - kept.size();
    snapshot.locks = std::move(kept);
}

} // namespace lockcore
