// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QDateTime>
#include <QString>
#include <QStringList>

#include <optional>

namespace lockcore {

// One end of an audit's time range: a moment, or a span back from the database clock's now.
struct AuditTimeBound
{
    QDateTime at;                // valid: this moment (UTC)
    std::optional<qint64> agoMs; // else, when set: the database clock minus this

    bool isSet() const { return at.isValid() || agoMs.has_value(); }
};

// Which admin actions to read from the event table, across every lock (Dialect::adminEvents,
// readAdminEvents). Here, not in adminaudit.h, because the dialect builds the statement.
struct AuditRequest
{
    // The actions an audit reads: the event kinds of the admin's actions, and "test_hold", a
    // grant (acquire, takeover, reenter) recorded with the window's actor (windowActor()).
    static QStringList actionNames(); // init, force_release, delete, terminate, cancel, test_hold
    static QStringList grantKinds();  // acquire, takeover, reenter
    // The tool the window's actor names (actorId(windowTool()): "user@host (lockscope)"), and
    // the end of every such actor, which tells its test holds from other grants.
    static QString windowTool() { return QStringLiteral("lockscope"); }
    static QString windowActorEnd() { return QStringLiteral(" (lockscope)"); }

    QString actor;           // empty: anyone
    bool actorExact = false; // the whole actor; false: contained in it, ignoring case
    // A wildcard over the whole lock name, ignoring case: `*` any text, `?` one character;
    // every other character stands for itself (`%`, `_`, `'` too). Empty: every lock.
    QString lockPattern;
    AuditTimeBound since; // not set: from the first event
    AuditTimeBound until; // not set: to now
    QStringList actions;  // of actionNames(); empty: all of them
    int limit = 500;      // the newest this many (the statement reads one more: "more")
};

} // namespace lockcore
