// SPDX-License-Identifier: GPL-3.0-or-later
#include "problemwatcher.h"

#include "lockcells.h"

#include <algorithm>

using lockcore::LockInfo;
using lockcore::LockState;

namespace ui {

namespace {

LockProblems ofState(LockDisplayState state)
{
    switch (state) {
    case LockDisplayState::Expired: return LockProblem::Expired;
    case LockDisplayState::LostOwner: return LockProblem::LostOwner;
    case LockDisplayState::NotRenewing: return LockProblem::NotRenewing;
    case LockDisplayState::Free:
    case LockDisplayState::Held: break;
    }
    return {};
}

} // namespace

ProblemWatcher::ProblemWatcher(QObject *parent)
    : QObject(parent)
    , m_ownerGone(&isLocalHolderGone)
    , m_longHolds(LongHoldRules::defaults())
{
}

void ProblemWatcher::setOwnerGoneCheck(OwnerGoneCheck check)
{
    m_ownerGone = std::move(check);
}

void ProblemWatcher::setLongHoldRules(const LongHoldRules &rules)
{
    m_longHolds = rules;
}

LockProblems ProblemWatcher::problemsAt(const LockInfo &info, qint64 dbNowMs,
                                        QHash<QString, bool> &gone) const
{
    if (info.state == LockState::Free)
        return {};
    const lockcells::Lease lease = lockcells::Lease::of(info);
    bool ownerGone = false;
    if (info.state == LockState::Held && m_ownerGone && !info.holder.isEmpty()
        && (!lease.expiresValid || lease.expiresMs > dbNowMs)) {
        auto it = gone.constFind(info.holder);
        if (it == gone.cend())
            it = gone.insert(info.holder, m_ownerGone(info.holder));
        ownerGone = *it;
    }
    const LockDisplayState state = lockcells::stateAt(info, lease, dbNowMs, ownerGone);
    LockProblems problems = ofState(state);
    const qint64 held = lockcells::heldAt(info, state, dbNowMs);
    if (held > 0 && m_longHolds.exceeded(info.name, held))
        problems |= LockProblem::LongHold;
    return problems;
}

void ProblemWatcher::update(const QList<LockInfo> &locks, qint64 dbNowMs, bool whole)
{
    QHash<QString, bool> gone; // asked once per holder
    QHash<QString, LockProblems> next = whole ? QHash<QString, LockProblems>() : m_current;
    QList<ProblemEntry> started;
    for (const LockInfo &info : locks) {
        const LockProblems now = problemsAt(info, dbNowMs, gone);
        const LockProblems before = m_current.value(info.name);
        if (now)
            next.insert(info.name, now);
        else
            next.remove(info.name);
        for (const LockProblem problem : AllLockProblems)
            if (now.testFlag(problem) && !before.testFlag(problem))
                started.append({info.name, problem, info.holder, info.fence});
    }
    const int countBefore = problemCount();
    m_current = std::move(next);
    const bool baseline = std::exchange(m_baseline, false);
    if (!baseline && !started.isEmpty()) {
        std::stable_sort(started.begin(), started.end(),
                         [](const ProblemEntry &a, const ProblemEntry &b) {
                             return a.name < b.name;
                         });
        emit entered(started);
    }
    if (problemCount() != countBefore)
        emit countChanged(problemCount());
}

void ProblemWatcher::reset()
{
    const bool hadProblems = !m_current.isEmpty();
    m_current.clear();
    m_baseline = true;
    if (hadProblems)
        emit countChanged(0);
}

QStringList ProblemWatcher::problemLocks() const
{
    QStringList names = m_current.keys();
    names.sort();
    return names;
}

} // namespace ui
