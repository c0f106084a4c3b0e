// SPDX-License-Identifier: Apache-2.0
// SqlDialectBase::adminEvents: the admin actions across every lock, newest first, filtered by
// actor, lock name, time (the database clock) and action, one row more than asked for.

#include "auditrequest.h"
#include "dialects.h"

using namespace Qt::StringLiterals;

namespace lockcore {

namespace {

// The wildcard as LIKE's pattern: its own '%', '_' and the escape '!' escaped by '!'.
QString likePattern(const QString &wildcard)
{
    QString like;
    for (const QChar c : wildcard) {
        if (c == u'%' || c == u'_' || c == u'!')
            like += u'!';
        like += c == u'*' ? u'%' : c == u'?' ? u'_' : c;
    }
    return like;
}

} // namespace

QStringList AuditRequest::actionNames()
{
    return {u"init"_s,      u"force_release"_s, u"delete"_s,
            u"terminate"_s, u"cancel"_s,        u"test_hold"_s};
}

QStringList AuditRequest::grantKinds()
{
    return {u"acquire"_s, u"takeover"_s, u"reenter"_s};
}

void SqlDialectBase::appendAuditTime(Statement &st, const char *comparison,
                                     const AuditTimeBound &bound) const
{
    st << " AND " << msOf(u"e.at"_s) << ' ' << comparison << ' ';
    if (bound.at.isValid())
        st << bigint(bound.at.toMSecsSinceEpoch());
    else
        st << msOf(nowExpr()) << " - " << bigint(*bound.agoMs);
}

void SqlDialectBase::appendAuditActions(Statement &st, const QStringList &actions) const
{
    QStringList kinds;
    bool testHolds = false;
    for (const QString &action : actions.isEmpty() ? AuditRequest::actionNames() : actions) {
        if (action == u"test_hold")
            testHolds = true;
        else
            kinds.append(action);
    }
    const auto in = [&](const QStringList &values) {
        st << "e.kind IN (";
        for (qsizetype i = 0; i < values.size(); ++i)
            st << (i ? ", " : "") << text(values.at(i));
        st << ')';
    };
    st << " AND (";
    if (!kinds.isEmpty())
        in(kinds);
    if (testHolds) {
        // A grant by the window (its actor ends " (lockscope)"): the admin's test hold.
        st << (kinds.isEmpty() ? "(" : " OR (");
        in(AuditRequest::grantKinds());
        st << " AND e.actor LIKE " << text(u'%' + likePattern(AuditRequest::windowActorEnd()))
           << " ESCAPE '!')";
    }
    st << ')';
}

Statement SqlDialectBase::adminEvents(const TableNames &t, const AuditRequest &request) const
{
    Statement st;
    st << "SELECT e.id, " << msOf(u"e.at"_s)
       << ", e.lock_name, e.kind, e.holder, e.fence, e.actor, e.detail FROM " << eventTable(t)
       << " e\nWHERE 1 = 1";
    appendAuditActions(st, request.actions);
    if (!request.actor.isEmpty()) {
        st << "\n    AND ";
        if (request.actorExact)
            st << "e.actor = " << text(request.actor);
        else
            appendContains(st, u"e.actor"_s, request.actor);
    }
    if (!request.lockPattern.isEmpty())
        st << "\n    AND LOWER(e.lock_name) LIKE LOWER(" << text(likePattern(request.lockPattern))
           << ") ESCAPE '!'";
    if (request.since.isSet())
        appendAuditTime(st, ">=", request.since);
    if (request.until.isSet())
        appendAuditTime(st, "<=", request.until);
    st << "\nORDER BY e.id DESC";
    appendLimit(st, request.limit + 1);
    return st;
}

} // namespace lockcore
