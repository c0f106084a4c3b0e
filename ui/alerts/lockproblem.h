// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QFlags>
#include <QMetaType>
#include <QString>

namespace ui {

// What a lock can need someone for: its lease ended and nobody released it, its holder's
// process is gone, its holder is late to renew, or it is held longer than its long-hold
// threshold. A lock may have a long hold besides one of the three states.
enum class LockProblem : quint8 {
    Expired = 0x1,
    LostOwner = 0x2,
    NotRenewing = 0x4,
    LongHold = 0x8,
};
Q_DECLARE_FLAGS(LockProblems, LockProblem)
Q_DECLARE_OPERATORS_FOR_FLAGS(LockProblems)
// Every problem, in the order texts list them.
inline constexpr LockProblem AllLockProblems[] = {LockProblem::Expired, LockProblem::LostOwner,
                                                  LockProblem::NotRenewing, LockProblem::LongHold};

// A lock that entered a problem.
struct ProblemEntry
{
    QString name;
    LockProblem problem = LockProblem::Expired;
    QString holder;
    qint64 fence = 0;
};

// Translated, as the lock table says it ("expired", "lost owner", "not renewing", "long hold").
QString lockProblemText(LockProblem problem);

} // namespace ui

Q_DECLARE_METATYPE(ui::ProblemEntry)
