// SPDX-License-Identifier: GPL-3.0-or-later
#include "historycheck.h"

#include <QSet>
#include <algorithm>

using namespace Qt::StringLiterals;
using lockcore::LockEvent;

namespace testsupport {

namespace {

// Events whose fences go down in id order.
QStringList orderProblems(const QList<LockEvent> &byId)
{
    QStringList problems;
    const LockEvent *previous = nullptr;
    for (const LockEvent &event : byId) {
        if (event.kind == u"lost"_s)
            continue;
        if (previous && event.fence < previous->fence)
            problems << u"event %1 (%2, fence %3) comes after event %4 (%5, fence %6)"_s
                            .arg(event.id)
                            .arg(event.kind)
                            .arg(event.fence)
                            .arg(previous->id)
                            .arg(previous->kind)
                            .arg(previous->fence);
        previous = &event;
    }
    return problems;
}

} // namespace

QStringList historyProblems(QList<LockEvent> events, const QList<ToldChange> &told)
{
    std::sort(events.begin(), events.end(),
              [](const LockEvent &a, const LockEvent &b) { return a.id < b.id; });
    QSet<qint64> granted;
    QSet<qint64> released;
    for (const LockEvent &event : std::as_const(events)) {
        if (event.kind == u"acquire"_s || event.kind == u"takeover"_s)
            granted.insert(event.fence);
        else if (event.kind == u"release"_s)
            released.insert(event.fence);
    }
    QStringList problems = orderProblems(events);
    for (const ToldChange &change : told) {
        const bool grant = change.kind == ToldChange::Kind::Grant;
        if (!(grant ? granted : released).contains(change.fence))
            problems << u"no %1 event with fence %2 for what %3 was told"_s
                            .arg(grant ? u"acquire"_s : u"release"_s)
                            .arg(change.fence)
                            .arg(change.who);
    }
    return problems;
}

} // namespace testsupport
