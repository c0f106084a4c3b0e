// SPDX-License-Identifier: Apache-2.0
// Quartz's QRTZ_LOCKS (rowlockholders.h): a row is held while a database session has it locked
// (Quartz's SELECT ... FOR UPDATE), and that session is its holder. Found from the database's
// own locks: the blocking tree NativeLockReader builds (who waits for whom, with each
// session's user, application and client), and which row each lock is on: PostgreSQL from the
// row's xmax (exact, also when nobody waits), InnoDB from its lock waits (the record's key
// values in INNODB_LOCKS) and, when nobody waits, a locking read that skips locked rows.

#include "rowlockholders.h"

#include "nativelocks.h"
#include "session.h"
#include "tr.h"

#include <QHash>
#include <QRegularExpression>
#include <QSqlQuery>

using namespace Qt::StringLiterals;

namespace lockcore {

namespace {

// Who has one row locked.
struct RowHolder
{
    NativeLock session;       // pid 0: locked, by a session the database does not name
    qint64 xactStartMs = -1;  // the holder's transaction start (database clock, UTC ms)
};

QString lockName(const QString &group, const QString &name)
{
    return group.isEmpty() ? name : group + u'/' + name;
}

// PostgreSQL: the live transaction whose id is the row's xmax (FOR UPDATE writes it there)
// and that holds a lock on the table, with its session. Exact whether or not anyone waits.
Statement postgresHolders(const Dialect &dialect, const Profile &profile, const QString &table)
{
    const QString group = profile.columns.group.isEmpty()
                              ? u"''"_s
                              : u"CAST(r."_s + dialect.quoteIdentifier(profile.columns.group)
                                    + u" AS text)"_s;
    Statement st;
    st << "SELECT " << group << ", CAST(r." << dialect.quoteIdentifier(profile.columns.name)
       << " AS text), a.pid, a.usename, a.application_name, "
          "COALESCE(host(a.client_addr) || ':' || CAST(a.client_port AS text), 'local'), "
          "a.datname, a.state, floor(extract(epoch FROM a.xact_start) * 1000)::bigint"
          "\nFROM "
       << dialect.lockTable(TableNames::fromTable(table))
       << " r"
          "\nJOIN pg_locks l ON l.locktype = 'transactionid' AND l.granted"
          " AND l.mode = 'ExclusiveLock' AND l.transactionid = r.xmax"
          "\nJOIN pg_stat_activity a ON a.pid = l.pid"
          // (an xmax that is a MultiXactId may equal some live xid: that one must lock the table)
          "\nWHERE l.pid <> pg_backend_pid() AND EXISTS (SELECT 1 FROM pg_locks t"
          " WHERE t.pid = l.pid AND t.locktype = 'relation' AND t.relation = r.tableoid"
          " AND t.granted)";
    return st;
}

Status readPostgres(Session &session, const Profile &profile, const QString &table,
                    QHash<QString, RowHolder> *holders)
{
    auto query = session.run(postgresHolders(session.dialect(), profile, table),
                             Tr::tr("looking up who has rows of %1 locked").arg(table));
    if (!query)
        return query.error();
    while ((*query)->next()) {
        const QSqlQuery &q = **query;
        RowHolder h;
        h.session.pid = q.value(2).toLongLong();
        h.session.user = q.value(3).toString();
        h.session.application = q.value(4).toString();
        h.session.client = q.value(5).toString();
        h.session.database = q.value(6).toString();
        h.session.state = q.value(7).toString();
        h.xactStartMs = q.value(8).isNull() ? -1 : q.value(8).toLongLong();
        holders->insert(lockName(q.value(0).toString(), q.value(1).toString()), h);
    }
    (*query)->finish();
    return {};
}

// InnoDB's record locks on the table that a wait involves (the waiter's and its blocker's):
// (thread, waiting, the record's key values as INNODB_LOCKS prints them).
Statement innodbRowWaits(const QString &table)
{
    const TableNames names = TableNames::fromTable(table);
    Statement st;
    st << "SELECT t.trx_mysql_thread_id, t.trx_state = 'LOCK WAIT', l.lock_data,"
          " UNIX_TIMESTAMP(t.trx_started) * 1000"
          " FROM information_schema.INNODB_LOCKS l"
          " JOIN information_schema.INNODB_TRX t ON t.trx_id = l.lock_trx_id"
          " WHERE l.lock_type = 'RECORD' AND l.lock_table = CONCAT('`', ";
    if (names.schema.isEmpty())
        st << "DATABASE()";
    else
        st << Param{names.schema};
    st << ", '`.`', " << Param{names.locks} << ", '`')";
    return st;
}

// INNODB_LOCKS' lock_data of a primary key of strings: "'lockscope', 'TRIGGER_ACCESS'".
QStringList keyValues(const QString &lockData)
{
    static const QRegularExpression quoted(u"'((?:[^'\\\\]|\\\\.|'')*)'"_s);
    QStringList values;
    for (auto it = quoted.globalMatch(lockData); it.hasNext();)
        values << it.next().captured(1).replace(u"''"_s, u"'"_s).replace(u"\\'"_s, u"'"_s);
    return values;
}

Status readInnodbWaits(Session &session, const Profile &profile, const QString &table,
                       const BlockingTree &tree, QHash<QString, RowHolder> *holders)
{
    auto query = session.run(innodbRowWaits(table),
                             Tr::tr("looking up which rows of %1 are waited for").arg(table));
    if (!query)
        return query.error();
    while ((*query)->next()) {
        const QSqlQuery &q = **query;
        const bool waiting = q.value(1).toInt() == 1;
        const QStringList key = keyValues(q.value(2).toString());
        const qsizetype parts = profile.columns.group.isEmpty() ? 1 : 2;
        if (waiting || key.size() != parts)
            continue;
        RowHolder h;
        h.session.pid = q.value(0).toLongLong();
        if (const BlockingSession *seen = tree.find(h.session.pid))
            h.session = seen->session; // user, host, state as the Database locks tab shows
        h.xactStartMs = q.value(3).isNull() ? -1 : q.value(3).toLongLong();
        holders->insert(parts == 1 ? key.at(0) : lockName(key.at(0), key.at(1)), h);
    }
    (*query)->finish();
    return {};
}

// The rows a locking read that skips locked rows gets (MariaDB 10.6+; MySQL 8 spells it FOR
// SHARE): the others are locked. Autocommit: its shared locks end with the statement.
// nullopt: the server cannot.
std::optional<QStringList> innodbUnlockedRows(Session &session, const Profile &profile,
                                              const QString &table)
{
    const Dialect &d = session.dialect();
    for (const char *skipLocked : {" LOCK IN SHARE MODE SKIP LOCKED", " FOR SHARE SKIP LOCKED"}) {
        Statement st;
        st << "SELECT "
           << (profile.columns.group.isEmpty() ? u"''"_s
                                               : d.quoteIdentifier(profile.columns.group))
           << ", " << d.quoteIdentifier(profile.columns.name) << " FROM "
           << d.lockTable(TableNames::fromTable(table)) << skipLocked;
        auto query = session.run(st, Tr::tr("looking whether rows of %1 are locked").arg(table));
        if (!query)
            continue;
        QStringList names;
        while ((*query)->next())
            names << lockName((*query)->value(0).toString(), (*query)->value(1).toString());
        (*query)->finish();
        return names;
    }
    return std::nullopt;
}

Result<QHash<QString, RowHolder>> readHolders(Session &session, const Profile &profile,
                                              const QString &table, const QList<ProfileLock> &locks)
{
    QHash<QString, RowHolder> holders;
    const Dialect::Kind kind = session.dialect().kind();
    if (kind != Dialect::Kind::PostgreSQL && kind != Dialect::Kind::MySQL)
        return holders; // SQLite has no row locks; Oracle's are not looked up
    // The blocking tree, for each holder's session as the Database locks tab shows it and
    // (InnoDB) whether anyone waits for a row of the table. Without it (a read the privileges
    // refuse) the rows are still looked up.
    NativeLockReader reader(session);
    reader.setAuditTable({});
    const auto snapshot = reader.read();
    const BlockingTree tree = snapshot ? snapshot->blocking : BlockingTree();
    if (kind == Dialect::Kind::PostgreSQL) {
        if (Status s = readPostgres(session, profile, table, &holders); !s)
            return s.error();
        for (RowHolder &h : holders) {
            if (const BlockingSession *seen = tree.find(h.session.pid))
                h.session = seen->session;
        }
        return holders;
    }
    bool waits = false;
    for (const BlockingSession &s : tree.sessions)
        waits = waits || (s.isWaiting() && s.lockType == u"record"
                          && s.session.key.contains(TableNames::fromTable(table).locks));
    // (an error here is the missing PROCESS privilege: the rows are then held by a session
    // not named, as below)
    if (waits)
        readInnodbWaits(session, profile, table, tree, &holders);
    // Rows nobody waits for: InnoDB names no holder then, but a locking read that skips
    // locked rows tells which are locked.
    if (const auto unlocked = innodbUnlockedRows(session, profile, table)) {
        for (const ProfileLock &lock : locks) {
            if (!unlocked->contains(lock.name) && !holders.contains(lock.name))
                holders.insert(lock.name, RowHolder{});
        }
    }
    return holders;
}

QString holderText(const RowHolder &h)
{
    if (h.session.pid == 0)
        return Tr::tr("a session that has the row locked (MariaDB names it only while another "
                      "session waits for the row)");
    return h.session.sessionText();
}

} // namespace

Status readRowLockHolders(Session &session, const Profile &profile, const QString &table,
                          QList<ProfileLock> &locks)
{
    auto holders = readHolders(session, profile, table, locks);
    if (!holders)
        return holders.error();
    for (ProfileLock &lock : locks) {
        const auto it = holders->constFind(lock.name);
        if (it == holders->cend())
            continue;
        lock.state = ProfileLock::State::Held;
        lock.holder = holderText(*it);
        if (it->xactStartMs > 0) // held since its transaction began: *Held for*
            lock.lockedAtMs = it->xactStartMs;
        lock.seenTimeMs = lock.lockedAtMs;
    }
    return {};
}

QString rowLockReleaseAdvice(Session &session, const Profile &profile, const QString &table,
                             const QString &name)
{
    ProfileLock lock;
    lock.name = name;
    const QString why = Tr::tr("Quartz's lock is a row lock of the database: it is released "
                               "when the session holding it ends.");
    auto holders = readHolders(session, profile, table, {lock});
    if (!holders)
        return why + u' ' + holders.error().message;
    const auto it = holders->constFind(lock.name);
    if (it == holders->cend())
        return why + u' ' + Tr::tr("No session has the row %1 locked now.").arg(lock.name);
    if (it->session.pid == 0)
        return why + u' '
               + Tr::tr("The database does not name the session that has %1 locked while "
                        "nobody waits for it; \"lockctl native-locks\" lists the sessions "
                        "once one does.")
                     .arg(lock.name);
    return why + u' '
           + Tr::tr("%1 has %2 locked; to end it: lockctl terminate %3 --reason TEXT")
                 .arg(it->session.sessionText(), lock.name, QString::number(it->session.pid));
}

} // namespace lockcore
