// SPDX-License-Identifier: GPL-3.0-or-later
// Who blocks whom in lockctl native-locks: the blocking tree as text for the admin who must
// decide which session to end (the root blockers first, each with what it waits for, what it
// runs and how many wait behind it) and as JSON for scripts.

#include "nativetree.h"

#include "duration.h"
#include "jsonformat.h"
#include "lockctltr.h"
#include "nativelocks.h"
#include "textformat.h"

#include <QJsonArray>

using namespace Qt::StringLiterals;
using lockcore::BlockingNode;
using lockcore::BlockingSession;
using lockcore::BlockingTree;
using lockcore::NativeLock;

namespace lockctl {

namespace {

// A statement on one line, short enough to read beside the others.
constexpr qsizetype maxStatementChars = 160;

QString oneLine(const QString &statement)
{
    const QString line = statement.simplified();
    return line.size() <= maxStatementChars ? line : line.left(maxStatementChars - 3) + u"..."_s;
}

// "43s", "1m30s": whole seconds, which is what an age needs (the database's times carry
// microseconds); empty when the start is not known.
QString ageText(const QDateTime &since, const QDateTime &now)
{
    if (!since.isValid() || !now.isValid())
        return {};
    const qint64 ms = std::max<qint64>(0, since.msecsTo(now));
    return lockcore::formatDurationMs(ms < 1000 ? ms : ms / 1000 * 1000);
}

bool isIdle(const QString &state)
{
    return state.startsWith(u"idle"_s) || state.startsWith(u"Sleep"_s);
}

QJsonArray pidsToJson(const QList<qint64> &pids)
{
    QJsonArray array;
    for (qint64 pid : pids)
        array.append(pid);
    return array;
}

// "user app, application quartz, client 10.0.0.5:4711, database jobs".
QString whoText(const NativeLock &s)
{
    QStringList parts;
    if (!s.user.isEmpty())
        parts.append(Tr::tr("user %1").arg(s.user));
    if (!s.application.isEmpty())
        parts.append(Tr::tr("application %1").arg(s.application));
    if (!s.client.isEmpty())
        parts.append(Tr::tr("client %1").arg(s.client));
    if (!s.database.isEmpty())
        parts.append(Tr::tr("database %1").arg(s.database));
    return parts.join(u", "_s);
}

// "tuple lock on public.jobs (0,1), mode ExclusiveLock, for 12s (since T); held by a session
// the database does not name" for a waiting session.
QString waitText(const BlockingSession &s, const QDateTime &now)
{
    const NativeLock &n = s.session;
    // "tuple" -> "tuple lock"; MySQL/MariaDB's "user lock" stays as it is.
    const QString type = s.lockType.isEmpty()          ? Tr::tr("a lock")
                         : s.lockType.endsWith(u"lock"_s) ? s.lockType
                                                        : Tr::tr("%1 lock").arg(s.lockType);
    QString text = Tr::tr("waits for: %1 on %2")
                       .arg(type, n.key.isEmpty() ? Tr::tr("(target not known)") : n.key);
    if (!n.mode.isEmpty())
        text += u", "_s + Tr::tr("mode %1").arg(n.mode);
    if (n.waitStart.isValid())
        text += u", "_s
                + Tr::tr("for %1 (since %2)").arg(ageText(n.waitStart, now), textTime(n.waitStart));
    if (s.blockedBy.isEmpty())
        text += u"; "_s + Tr::tr("the database does not say which session holds it");
    return text;
}

QString headerText(const BlockingTree &tree, const BlockingNode &node, const QDateTime &now)
{
    const NativeLock &n = tree.sessionOf(node).session;
    const QString pid = QString::number(n.pid);
    if (node.cycle)
        return Tr::tr("pid %1: waits for a session above it in this branch: a deadlock").arg(pid);
    if (node.repeated)
        return Tr::tr("pid %1: also waits for this session; shown in full above").arg(pid);
    QString text = Tr::tr("pid %1").arg(pid);
    if (n.lockscopeSession)
        text += u' ' + Tr::tr("(Lockscope's own connection)");
    if (n.user.isEmpty() && n.state.isEmpty())
        return text + u": "_s + Tr::tr("not seen by this read (it may have ended just now)");
    QStringList facts;
    if (!n.state.isEmpty())
        facts.append(sessionStateText(n, now));
    facts.append(n.xactStart.isValid()
                     ? Tr::tr("transaction open for %1").arg(ageText(n.xactStart, now))
                     : Tr::tr("no transaction open"));
    return text + u": "_s + facts.join(u"; "_s);
}

QStringList detailLines(const BlockingSession &s, const QDateTime &now)
{
    const NativeLock &n = s.session;
    QStringList lines;
    if (s.isWaiting())
        lines.append(waitText(s, now));
    if (s.directWaiters > 0)
        lines.append(Tr::tr("blocks %1 directly, %2 in all")
                         .arg(s.directWaiters)
                         .arg(s.allWaiters));
    if (const QString who = whoText(n); !who.isEmpty())
        lines.append(who);
    if (!n.statement.isEmpty())
        lines.append((isIdle(n.state) ? Tr::tr("last statement: %1") : Tr::tr("statement: %1"))
                         .arg(oneLine(n.statement)));
    else if (isIdle(n.state))
        lines.append(Tr::tr("runs no statement now (the database does not show its last one)"));
    if (!n.user.isEmpty())
        lines.append(Tr::tr("session id: %1").arg(n.identityToken()));
    return lines;
}

// One node: its header, then its details below it; a node under another starts with "-> "
// where its parent's details start, so that a branch reads downwards.
void appendNode(QString &text, const BlockingTree &tree, const BlockingNode &node,
                const QDateTime &now)
{
    const qsizetype header = 6 * node.depth;
    if (node.depth == 0)
        text += u'\n';
    text += QString(std::max<qsizetype>(0, header - 3), u' ')
            + (node.depth > 0 ? u"-> "_s : QString()) + headerText(tree, node, now) + u'\n';
    if (node.repeated || node.cycle)
        return;
    const QString indent(header + 3, u' ');
    for (const QString &line : detailLines(tree.sessionOf(node), now))
        text += indent + line + u'\n';
}

} // namespace

QString sessionStateText(const NativeLock &session, const QDateTime &now)
{
    // MySQL/MariaDB call an idle session "Sleep", whether or not it keeps a transaction open:
    // the one that does is the one holding its locks, in PostgreSQL's words.
    const QString state = session.state == u"Sleep"_s && session.xactStart.isValid()
                              ? Tr::tr("idle in transaction (Sleep)")
                              : session.state;
    const QString age = ageText(session.stateSince, now);
    return age.isEmpty() ? state : Tr::tr("%1 for %2").arg(state, age);
}

QJsonObject nativeSessionToJson(const NativeLock &s)
{
    return {
        {u"pid"_s, s.pid},
        {u"session_id"_s, s.user.isEmpty() ? QJsonValue() : QJsonValue(s.identityToken())},
        {u"user"_s, jsonText(s.user)},
        {u"application"_s, jsonText(s.application)},
        {u"client"_s, jsonText(s.client)},
        {u"database"_s, jsonText(s.database)},
        {u"state"_s, jsonText(s.state)},
        {u"state_since"_s, jsonTime(s.stateSince)},
        {u"session_start"_s, jsonTime(s.sessionStart)},
        {u"xact_start"_s, jsonTime(s.xactStart)},
        {u"transaction_id"_s, jsonText(s.transactionId)},
        {u"wait_start"_s, jsonTime(s.waitStart)},
        {u"mode"_s, jsonText(s.mode)},
        {u"lock_target"_s, jsonText(s.key)},
        {u"statement"_s, jsonText(s.statement)},
        {u"lockscope_session"_s, s.lockscopeSession},
    };
}

void insertBlocking(QJsonObject *json, const lockcore::NativeLockSnapshot &snapshot)
{
    const BlockingTree &tree = snapshot.blocking;
    QJsonArray nodes;
    for (const BlockingNode &node : tree.nodes) {
        const BlockingSession &s = tree.sessionOf(node);
        QJsonObject n = nativeSessionToJson(s.session);
        n.insert(u"depth"_s, node.depth);
        n.insert(u"parent"_s, node.parent < 0 ? QJsonValue() : QJsonValue(qint64(node.parent)));
        n.insert(u"repeated"_s, node.repeated);
        n.insert(u"cycle"_s, node.cycle);
        n.insert(u"waiting"_s, s.isWaiting());
        n.insert(u"lock_type"_s, jsonText(s.lockType));
        n.insert(u"blocked_by"_s, pidsToJson(s.blockedBy));
        n.insert(u"direct_waiters"_s, s.directWaiters);
        n.insert(u"all_waiters"_s, s.allWaiters);
        nodes.append(n);
    }
    json->insert(u"blocking"_s, nodes);
    json->insert(u"deadlock"_s, tree.deadlock);
    json->insert(u"lockscope_sessions"_s, pidsToJson(snapshot.lockscopeSessions));
}

QString blockingTreeText(const lockcore::NativeLockSnapshot &snapshot)
{
    const BlockingTree &tree = snapshot.blocking;
    if (tree.isEmpty())
        return {};
    qsizetype waiting = 0;
    for (const BlockingSession &s : tree.sessions)
        waiting += s.isWaiting() ? 1 : 0;
    QString text = Tr::tr("Who blocks whom (the root blockers first; sessions waiting: %1):")
                       .arg(waiting)
                   + u'\n';
    if (tree.deadlock)
        text += Tr::tr("DEADLOCK: some sessions wait for each other in a cycle (marked below); "
                       "the database ends one of them when it detects it.")
                + u'\n';
    for (const BlockingNode &node : tree.nodes)
        appendNode(text, tree, node, snapshot.dbNow);
    text += u'\n'
            + Tr::tr("End a session, rolling back its transaction:\n"
                     "  lockctl terminate PID --expect-session ID --reason TEXT\n"
                     "Cancel only its running statement:\n"
                     "  lockctl cancel PID --expect-session ID --reason TEXT");
    return text;
}

} // namespace lockctl
