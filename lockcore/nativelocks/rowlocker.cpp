// SPDX-License-Identifier: Apache-2.0
// Who holds the row lock on a lock's row (rowlocker.h): PostgreSQL from the row's xmax, InnoDB
// from a locking read that skips locked rows and the transactions that hold row locks.

#include "rowlocker.h"

#include "duration.h"
#include "session.h"
#include "tr.h"

#include <QSqlQuery>

using namespace Qt::StringLiterals;

namespace lockcore {

namespace {

// The session holding the row's lock: the live transaction whose id is the row's xmax (a
// FOR UPDATE / FOR NO KEY UPDATE lock, an uncommitted UPDATE or DELETE), not this session.
Statement postgresLockers(const Dialect &dialect, const TableNames &tables, const QString &name)
{
    Statement st;
    st << "SELECT a.pid, a.state, a.usename, a.application_name, host(a.client_addr), "
          "a.datname, a.query, "
          "floor(extract(epoch FROM clock_timestamp() - a.xact_start) * 1000)::bigint, "
          "floor(extract(epoch FROM clock_timestamp() - a.state_change) * 1000)::bigint, "
          "a.xact_start, a.state_change"
          "\nFROM "
       << dialect.lockTable(tables)
       << " r"
          "\nJOIN pg_locks l ON l.locktype = 'transactionid' AND l.granted"
          " AND l.mode = 'ExclusiveLock' AND l.transactionid = r.xmax"
          "\nJOIN pg_stat_activity a ON a.pid = l.pid"
          "\nWHERE r.name = "
       << Param{name} << " AND l.pid <> pg_backend_pid()";
    return st;
}

// One row: whether the lock's row is there, and whether a locking read that skips locked
// rows got it (MariaDB 10.6+; MySQL 8 spells it FOR SHARE). It waits for no one.
Statement innodbProbe(const Dialect &dialect, const TableNames &tables, const QString &name,
                      bool mysqlSpelling)
{
    Statement st;
    st << "SELECT (SELECT COUNT(*) FROM " << dialect.lockTable(tables) << " WHERE name = "
       << Param{name} << "), COUNT(*) FROM " << dialect.lockTable(tables) << " WHERE name = "
       << Param{name}
       << (mysqlSpelling ? " FOR SHARE SKIP LOCKED" : " LOCK IN SHARE MODE SKIP LOCKED");
    return st;
}

// The other transactions that hold row locks, with their sessions: those not waiting for a
// lock first (a writer queued on the row holds a lock too, on the record it waits for),
// then the oldest.
Statement innodbCandidates()
{
    Statement st;
    st << "SELECT t.trx_mysql_thread_id, p.COMMAND, p.USER, NULL, p.HOST, p.DB, p.INFO, "
          "TIMESTAMPDIFF(MICROSECOND, t.trx_started, NOW(6)) DIV 1000, p.TIME * 1000, "
          "t.trx_started, NULL"
          "\nFROM information_schema.INNODB_TRX t"
          "\nLEFT JOIN information_schema.PROCESSLIST p ON p.ID = t.trx_mysql_thread_id"
          "\nWHERE t.trx_mysql_thread_id <> CONNECTION_ID() AND t.trx_rows_locked > 0"
          "\nORDER BY t.trx_state = 'LOCK WAIT', t.trx_started";
    return st;
}

// A row of postgresLockers() or innodbCandidates() (the same columns).
RowLocker lockerFromRow(const QSqlQuery &row)
{
    RowLocker locker;
    locker.session.key.clear();
    locker.session.pid = row.value(0).toLongLong();
    locker.session.state = row.value(1).toString();
    if (locker.session.state == u"Sleep") // InnoDB: a transaction between statements
        locker.session.state = u"idle in transaction"_s;
    locker.session.user = row.value(2).toString();
    locker.session.application = row.value(3).toString();
    locker.session.client = row.value(4).toString();
    locker.session.database = row.value(5).toString();
    locker.query = row.value(6).toString();
    locker.xactAgeMs = row.value(7).isNull() ? -1 : row.value(7).toLongLong();
    locker.stateAgeMs = row.value(8).isNull() ? -1 : row.value(8).toLongLong();
    locker.session.xactStart = row.value(9).toDateTime();
    locker.session.stateSince = row.value(10).toDateTime();
    return locker;
}

Status readLockers(Session &session, const Statement &statement, RowLockers *found)
{
    auto query = session.run(statement, Tr::tr("looking up who locks the lock's row"));
    if (!query)
        return query.error();
    while ((*query)->next())
        found->lockers.append(lockerFromRow(**query));
    (*query)->finish();
    return {};
}

Result<RowLockers> postgresRowLockers(Session &session, const TableNames &tables,
                                      const QString &name)
{
    RowLockers found;
    if (Status read = readLockers(session, postgresLockers(session.dialect(), tables, name),
                                  &found);
        !read)
        return read.error();
    found.locked = !found.lockers.isEmpty();
    found.exact = true;
    if (found.lockers.size() > 1)
        found.note = Tr::tr("Several sessions share the row's lock.");
    return found;
}

// Whether the row is locked: nullopt when the server has no locking read that skips locked
// rows (MariaDB before 10.6, MySQL before 8).
std::optional<bool> innodbRowLocked(Session &session, const TableNames &tables,
                                    const QString &name)
{
    for (const bool mysqlSpelling : {false, true}) {
        auto query = session.run(innodbProbe(session.dialect(), tables, name, mysqlSpelling),
                                 Tr::tr("looking whether the lock's row is locked"));
        if (!query)
            continue;
        std::optional<bool> locked;
        if ((*query)->next())
            locked = (*query)->value(0).toLongLong() > (*query)->value(1).toLongLong();
        (*query)->finish();
        return locked;
    }
    return std::nullopt;
}

Result<RowLockers> innodbRowLockers(Session &session, const TableNames &tables,
                                    const QString &name)
{
    RowLockers found;
    const std::optional<bool> locked = innodbRowLocked(session, tables, name);
    if (locked == false)
        return found;
    if (Status read = readLockers(session, innodbCandidates(), &found); !read) {
        found.locked = locked.value_or(false);
        found.note = Tr::tr("Who holds row locks needs the PROCESS privilege "
                            "(information_schema.INNODB_TRX): %1")
                         .arg(read.error().driverText);
        return found;
    }
    if (!locked) {
        found.lockers.clear(); // not known to lock this row at all
        found.note = Tr::tr("This server cannot tell whether the row is locked without waiting "
                            "for it (a locking read that skips locked rows: MariaDB 10.6, "
                            "MySQL 8).");
        return found;
    }
    found.locked = true;
    found.exact = found.lockers.size() == 1; // the one transaction that holds row locks
    if (!found.exact)
        found.note = Tr::tr("InnoDB does not say which transaction holds a row lock that nobody "
                            "waits for: these transactions hold row locks.");
    return found;
}

QString durationText(qint64 ms)
{
    return formatDurationMs(ms >= 1000 ? ms / 1000 * 1000 : ms);
}

QString lockerText(const RowLocker &locker)
{
    QString text = Tr::tr("session %1").arg(locker.session.pid);
    if (!locker.session.state.isEmpty())
        text += locker.stateAgeMs >= 0 ? Tr::tr(", %1 for %2")
                                             .arg(locker.session.state,
                                                  durationText(locker.stateAgeMs))
                                       : u", "_s + locker.session.state;
    QStringList about;
    if (!locker.session.application.isEmpty())
        about << Tr::tr("application %1").arg(locker.session.application);
    if (!locker.session.user.isEmpty())
        about << Tr::tr("user %1").arg(locker.session.user);
    if (!locker.session.client.isEmpty())
        about << Tr::tr("from %1").arg(locker.session.client);
    if (!about.isEmpty())
        text += u" ("_s + about.join(u", "_s) + u')';
    return text;
}

// "session 4711 (idle in transaction 43s, application quartz, user app, from 10.0.0.5)", for a
// sentence that goes on after it.
QString lockerInBrackets(const RowLocker &locker)
{
    QStringList about;
    if (!locker.session.state.isEmpty())
        about << (locker.stateAgeMs >= 0
                      ? locker.session.state + u' ' + durationText(locker.stateAgeMs)
                      : locker.session.state);
    if (!locker.session.application.isEmpty())
        about << Tr::tr("application %1").arg(locker.session.application);
    if (!locker.session.user.isEmpty())
        about << Tr::tr("user %1").arg(locker.session.user);
    if (!locker.session.client.isEmpty())
        about << Tr::tr("from %1").arg(locker.session.client);
    const QString session = Tr::tr("session %1").arg(locker.session.pid);
    return about.isEmpty() ? session : session + u" ("_s + about.join(u", "_s) + u')';
}

} // namespace

Result<RowLockers> findRowLockers(Session &session, const TableNames &tables,
                                  const QString &name)
{
    switch (session.dialect().kind()) {
    case Dialect::Kind::PostgreSQL:
        return postgresRowLockers(session, tables, name);
    case Dialect::Kind::MySQL:
        return innodbRowLockers(session, tables, name);
    case Dialect::Kind::SQLite:
        return RowLockers{}; // no row locks: a writer holds the whole file
    case Dialect::Kind::Oracle:
        break;
    }
    RowLockers unknown;
    unknown.note = Tr::tr("Who locks a row is not looked up on Oracle.");
    return unknown;
}

QString rowLockerText(const RowLockers &lockers)
{
    if (!lockers.locked)
        return {};
    if (lockers.lockers.isEmpty())
        return Tr::tr("row locked by another session");
    QStringList sessions;
    for (const RowLocker &locker : lockers.lockers)
        sessions << lockerText(locker);
    const QString list = sessions.join(u"; "_s);
    return lockers.exact ? Tr::tr("row locked by %1").arg(list)
                         : Tr::tr("row locked; transactions holding row locks: %1").arg(list);
}

Error withRowLocker(Session &session, const TableNames &tables, const QString &name,
                    Error error)
{
    if (!error.serverEnded || !error.lockWait || error.kind != Error::Kind::Busy)
        return error;
    const Result<RowLockers> lockers = findRowLockers(session, tables, name);
    if (!lockers || !lockers->locked)
        return error;
    // The first few (the oldest transactions first): a busy server has many candidates.
    constexpr qsizetype named = 3;
    QStringList sessions;
    for (const RowLocker &locker : lockers->lockers.mid(0, named))
        sessions << lockerInBrackets(locker);
    if (lockers->lockers.size() > named)
        sessions << Tr::tr("%n more", nullptr, int(lockers->lockers.size() - named));
    const QString heldBy
        = sessions.isEmpty() ? Tr::tr("a row lock another session holds")
          : lockers->exact   ? Tr::tr("a row lock held by %1").arg(sessions.join(u"; "_s))
                             : Tr::tr("a row lock (transactions holding row locks: %1)")
                                 .arg(sessions.join(u"; "_s));
    const QString seconds = QString::number(
        double(qMax<qint64>(0, error.serverEndedAfterMs)) / 1000.0, 'f', 1);
    error.message = Tr::tr("Not done: the statement waited for %1, and the server ended it "
                           "after %2 s. Nothing was changed; it can be tried again once that "
                           "session commits or rolls back.")
                        .arg(heldBy, seconds);
    return error;
}

} // namespace lockcore
