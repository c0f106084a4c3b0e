// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "locktypes.h"

#include <QList>
#include <QStringList>

namespace testsupport {

// A change a client was told of: a grant (acquire or takeover) or a release, with its fence.
struct ToldChange
{
    enum class Kind { Grant, Release };
    Kind kind = Kind::Grant;
    qint64 fence = 0;
    QString who; // for the problem's text: the client, and what it was told
};

// One lock's history against the changes told to its clients (issue 35): each told grant has
// an acquire or takeover event with its fence, each told release a release event; in id order
// the changes' fences never go down (a "lost" event records a refusal, which changed nothing).
// The problems found, each in one line; empty when the history holds.
QStringList historyProblems(QList<lockcore::LockEvent> events, const QList<ToldChange> &told);

} // namespace testsupport
