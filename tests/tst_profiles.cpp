// SPDX-License-Identifier: GPL-3.0-or-later
// Profiles on real databases: each application's OWN statements (written here as the seed,
// ShedLock or Spring Integration write them, never through lockcore's profile code) contend with
// Lockscope's test-acquire, and Lockscope's list, force release and detection are checked
// against what the application sees.

#include "profile.h"
#include "profiledetect.h"
#include "profiletable.h"
#include "testbackend.h"

#include <QDateTime>
#include <QElapsedTimer>
#include <QMutex>
#include <QSqlError>
#include <QSqlQuery>
#include <QThread>
#include <atomic>
#include <functional>

using namespace Qt::StringLiterals;
using lockcore::Dialect;
using lockcore::Profile;
using lockcore::ProfileLock;
using lockcore::ProfileTable;
using lockcore::Session;
using testsupport::TestBackend;

namespace {

constexpr qint64 appTtlMs = 30000;

// Runs one statement of the application on its own connection; rows affected, -1 on error
// (a duplicate key or a busy database is the application's "not acquired").
int appExec(Session &session, const QString &sql, const QVariantList &binds,
            QString *error = nullptr)
{
    QSqlQuery query(session.database());
    if (!query.prepare(sql)) {
        if (error)
            *error = query.lastError().text();
        return -1;
    }
    for (int i = 0; i < binds.size(); ++i)
        query.bindValue(i, binds.at(i));
    if (!query.exec()) {
        if (error)
            *error = query.lastError().text();
        return -1;
    }
    return query.numRowsAffected();
}

bool appExists(Session &session, const QString &sql, const QVariantList &binds)
{
    QSqlQuery query(session.database());
    query.prepare(sql);
    for (int i = 0; i < binds.size(); ++i)
        query.bindValue(i, binds.at(i));
    return query.exec() && query.next();
}

// One application: its table's DDL as it creates it and its own acquire and release.
struct App
{
    QString profile;
    QString table;
    QStringList ddl;
    QString lockName = u"job-1"_s;
    std::function<bool(Session &, const QString &name, const QString &holder)> acquire;
    std::function<int(Session &, const QString &name, const QString &holder)> release;
    bool ownerCheckedRelease = true; // the application's own release checks the holder
    bool hasHolder = true;
    bool available = true; // the application runs on this database (graphile: PostgreSQL)
    bool readOnly = false; // Quartz: Lockscope only reads the table
    QStringList cleanup;   // besides DROP TABLE (a schema of its own)
};

// The profiles the contention test runs (2 s each): the first six; the later ones share their
// statements' shapes and are checked by the single-threaded tests.
const QStringList contentionIds{u"seed-000"_s, u"seed-001"_s, u"seed-001-row"_s,
                                u"seed-004"_s, u"shedlock"_s, u"spring-int-lock"_s};

// Quotes a name the application's DDL quotes (knex's `index`, Laravel's `key`).
QString quoted(Dialect::Kind kind, const QString &name)
{
    return kind == Dialect::Kind::MySQL ? u'`' + name + u'`' : u'"' + name + u'"';
}

// Spring's client-side clock, as LocalDateTime.now(ZoneOffset.UTC) binds it.
QString springNow(qint64 offsetMs = 0)
{
    return QDateTime::currentDateTimeUtc().addMSecs(offsetMs).toString(
        u"yyyy-MM-dd HH:mm:ss.zzz"_s);
}

// The applications added with issue 50, each with its own DDL and statements (from the library's
// migrations and source; knex, Laravel, graphile-worker and Quartz also run for real in
// tests/interop).
void makeLaterApp(App &app, Dialect::Kind kind, const QString &t)
{
    const bool pg = kind == Dialect::Kind::PostgreSQL;
    const bool my = kind == Dialect::Kind::MySQL;
    const QString &profile = app.profile;
    if (profile == u"knex") {
        // knex's migrator: `index` increments, is_locked integer; it inserts the one row itself.
        const QString index = quoted(kind, u"index"_s);
        app.lockName = u"1"_s;
        app.hasHolder = false;
        app.ownerCheckedRelease = false;
        app.ddl = {u"CREATE TABLE "_s + t + u" ("_s + index
                       + (pg ? u" serial primary key"_s
                          : my ? u" int unsigned not null auto_increment primary key"_s
                               : u" integer not null primary key autoincrement"_s)
                       + u", is_locked integer)"_s,
                   u"INSERT INTO "_s + t + u" (is_locked) VALUES (0)"_s};
        app.acquire = [=](Session &s, const QString &, const QString &) {
            return appExec(s, u"UPDATE "_s + t + u" SET is_locked = 1 WHERE is_locked = 0"_s, {})
                   == 1;
        };
        app.release = [=](Session &s, const QString &, const QString &) {
            return appExec(s, u"UPDATE "_s + t + u" SET is_locked = 0"_s, {});
        };
    } else if (profile == u"laravel") {
        // Laravel's DatabaseLock on its cache_locks migration; times are PHP's time() (this
        // machine's clock, which is the database servers' clock here).
        const QString key = quoted(kind, u"key"_s);
        app.ddl = {u"CREATE TABLE "_s + t + u" ("_s + key
                   + u" varchar(255) not null primary key, owner varchar(255) not null,"
                     u" expiration integer not null)"_s};
        const auto now = [] { return QDateTime::currentSecsSinceEpoch(); };
        app.acquire = [=](Session &s, const QString &name, const QString &holder) {
            const qint64 until = now() + appTtlMs / 1000;
            if (appExec(s, u"INSERT INTO "_s + t + u" ("_s + key
                               + u", owner, expiration) VALUES (?, ?, ?)"_s,
                        {name, holder, until})
                == 1)
                return true;
            return appExec(s, u"UPDATE "_s + t + u" SET owner = ?, expiration = ? WHERE "_s + key
                                  + u" = ? AND (owner = ? OR expiration <= ?)"_s,
                           {holder, until, name, holder, now()})
                   >= 1;
        };
        app.release = [=](Session &s, const QString &name, const QString &holder) {
            return appExec(s, u"DELETE FROM "_s + t + u" WHERE "_s + key + u" = ? AND owner = ?"_s,
                           {name, holder});
        };
    } else if (profile == u"laravel-schedule") {
        // Laravel 8's scheduler mutex: an entry of the cache table (its cache.stub migration),
        // CacheEventMutex's Cache::add() and forget() (DatabaseStore::add: INSERT, else UPDATE
        // of an expired row); the key is the cache prefix + framework/schedule-<sha1>.
        const QString key = quoted(kind, u"key"_s);
        app.lockName = u"laravel_cacheframework/schedule-5e6b1c0fa4ab6f1e0b8a3b1f8f1e7c2d9a0b4c31"_s;
        app.hasHolder = false;
        app.ownerCheckedRelease = false;
        app.ddl = {u"CREATE TABLE "_s + t + u" ("_s + key
                   + u" varchar(255) not null primary key, value "_s
                   + (my ? u"mediumtext"_s : u"text"_s)
                   + u" not null, expiration integer not null)"_s};
        const auto now = [] { return QDateTime::currentSecsSinceEpoch(); };
        app.acquire = [=](Session &s, const QString &name, const QString &) {
            const qint64 until = now() + appTtlMs / 1000;
            if (appExec(s, u"INSERT INTO "_s + t + u" ("_s + key
                               + u", value, expiration) VALUES (?, 'b:1;', ?)"_s,
                        {name, until})
                == 1)
                return true;
            return appExec(s, u"UPDATE "_s + t + u" SET value = 'b:1;', expiration = ? WHERE "_s
                                  + key + u" = ? AND expiration <= ?"_s,
                           {until, name, now()})
                   >= 1;
        };
        app.release = [=](Session &s, const QString &name, const QString &) {
            return appExec(s, u"DELETE FROM "_s + t + u" WHERE "_s + key + u" = ?"_s, {name});
        };
    } else if (profile == u"liquibase") {
        // Liquibase's CreateDatabaseChangeLogLockTable / InitializeDatabaseChangeLogLockTable;
        // LOCKGRANTED is the JVM's local time (the database's local clock here).
        app.lockName = u"1"_s;
        app.ownerCheckedRelease = false; // UnlockDatabaseChangeLogStatement: WHERE ID = 1 only
        const QString locked = my ? quoted(kind, u"LOCKED"_s) : u"LOCKED"_s;
        const QString yes = pg ? u"TRUE"_s : u"1"_s;
        const QString no = pg ? u"FALSE"_s : u"0"_s;
        const QString now = pg ? u"LOCALTIMESTAMP"_s : my ? u"NOW()"_s : u"datetime('now')"_s;
        app.ddl = {u"CREATE TABLE "_s + t + u" (ID INTEGER NOT NULL, "_s + locked
                       + (pg ? u" BOOLEAN"_s : my ? u" BIT(1)"_s : u" BOOLEAN"_s)
                       + u" NOT NULL, LOCKGRANTED "_s
                       + (pg ? u"TIMESTAMP WITHOUT TIME ZONE"_s : my ? u"datetime"_s : u"TEXT"_s)
                       + u", LOCKEDBY VARCHAR(255), CONSTRAINT PK_"_s + t
                       + u" PRIMARY KEY (ID))"_s,
                   u"INSERT INTO "_s + t + u" (ID, "_s + locked + u") VALUES (1, "_s + no + u')'};
        app.acquire = [=](Session &s, const QString &name, const QString &holder) {
            return appExec(s, u"UPDATE "_s + t + u" SET "_s + locked + u" = "_s + yes
                                  + u", LOCKEDBY = ?, LOCKGRANTED = "_s + now
                                  + u" WHERE ID = ? AND "_s + locked + u" = "_s + no,
                           {holder, name.toInt()})
                   == 1;
        };
        app.release = [=](Session &s, const QString &name, const QString &) {
            return appExec(s, u"UPDATE "_s + t + u" SET "_s + locked + u" = "_s + no
                                  + u", LOCKEDBY = NULL, LOCKGRANTED = NULL WHERE ID = ?"_s,
                           {name.toInt()});
        };
    } else if (profile == u"graphile-worker-jobs" || profile == u"graphile-worker-queues") {
        // graphile-worker's _private_jobs / _private_job_queues (the columns its get_job and
        // fail_job use), in a schema of this test's own (graphile_worker is the real library's).
        app.available = pg;
        if (!pg)
            return;
        const bool jobs = profile == u"graphile-worker-jobs";
        const QString schema = t;
        app.table = schema + (jobs ? u"._private_jobs"_s : u"._private_job_queues"_s);
        const QString key = jobs ? u"id"_s : u"queue_name"_s;
        app.lockName = jobs ? u"1"_s : u"q1"_s;
        app.ddl = {u"CREATE SCHEMA "_s + schema,
                   jobs ? u"CREATE TABLE "_s + app.table
                              + u" (id bigint primary key generated always as identity,"
                                u" job_queue_id int, task_id int not null, run_at timestamptz"
                                u" default now() not null, attempts smallint default 0 not null,"
                                u" max_attempts smallint default 25 not null, locked_at"
                                u" timestamptz, locked_by text)"_s
                        : u"CREATE TABLE "_s + app.table
                              + u" (id int primary key generated always as identity, queue_name"
                                u" text not null unique, locked_at timestamptz, locked_by text)"_s,
                   jobs ? u"INSERT INTO "_s + app.table + u" (task_id) VALUES (1)"_s
                        : u"INSERT INTO "_s + app.table + u" (queue_name) VALUES ('q1')"_s};
        app.cleanup = {u"DROP SCHEMA "_s + schema + u" CASCADE"_s};
        const auto id = [=](const QString &name) -> QVariant {
            return jobs ? QVariant(name.toLongLong()) : QVariant(name);
        };
        app.acquire = [=](Session &s, const QString &name, const QString &holder) {
            return appExec(s, u"UPDATE "_s + app.table + u" SET locked_by = ?, locked_at = now()"
                                  u" WHERE "_s + key
                                  + u" = ? AND (locked_at IS NULL OR locked_at < now() -"
                                    u" interval '4 hours')"_s,
                           {holder, id(name)})
                   == 1;
        };
        const QString table = app.table;
        app.release = [=](Session &s, const QString &name, const QString &holder) {
            return appExec(s, u"UPDATE "_s + table + u" SET locked_by = NULL, locked_at = NULL"
                                  u" WHERE "_s + key + u" = ? AND locked_by = ?"_s,
                           {id(name), holder});
        };
    } else if (profile == u"db-scheduler") {
        // db-scheduler's {postgresql,mysql}_tables.sql; its pick and reschedule statements.
        app.lockName = u"job/1"_s;
        app.ownerCheckedRelease = false; // it checks the version it picked, not picked_by
        const QString time = pg ? u"timestamp with time zone"_s : my ? u"timestamp(6)"_s : u"TEXT"_s;
        const QString text = pg ? u"text"_s : u"varchar(100)"_s;
        const QString now = pg ? u"clock_timestamp()"_s
                            : my ? u"UTC_TIMESTAMP(6)"_s
                                 : u"strftime('%Y-%m-%d %H:%M:%f', 'now')"_s;
        const QString yes = pg ? u"TRUE"_s : u"1"_s;
        const QString no = pg ? u"FALSE"_s : u"0"_s;
        app.ddl = {u"CREATE TABLE "_s + t + u" (task_name "_s + text + u" not null, task_instance "_s
                       + text + u" not null, task_data "_s + (pg ? u"bytea"_s : u"blob"_s)
                       + u", execution_time "_s + time + u" not null, picked BOOLEAN not null,"
                         u" picked_by "_s
                       + text + u", last_success "_s + time + u" null, last_failure "_s + time
                       + u" null, consecutive_failures INT, last_heartbeat "_s + time
                       + u" null, version BIGINT not null, PRIMARY KEY (task_name,"
                         u" task_instance))"_s,
                   u"INSERT INTO "_s + t
                       + u" (task_name, task_instance, execution_time, picked, version) VALUES"
                         u" ('job', '1', "_s
                       + now + u", "_s + no + u", 1)"_s};
        app.acquire = [=](Session &s, const QString &name, const QString &holder) {
            const QStringList key = name.split(u'/');
            return appExec(s, u"UPDATE "_s + t + u" SET picked = "_s + yes
                                  + u", picked_by = ?, last_heartbeat = "_s + now
                                  + u", version = version + 1 WHERE picked = "_s + no
                                  + u" AND task_name = ? AND task_instance = ?"_s,
                           {holder, key.value(0), key.value(1)})
                   == 1;
        };
        app.release = [=](Session &s, const QString &name, const QString &) {
            const QStringList key = name.split(u'/');
            return appExec(s, u"UPDATE "_s + t + u" SET picked = "_s + no
                                  + u", picked_by = NULL, last_heartbeat = NULL, version ="
                                    u" version + 1 WHERE task_name = ? AND task_instance = ?"
                                    u" AND picked = "_s
                                  + yes,
                           {key.value(0), key.value(1)});
        };
    } else if (profile == u"spring-int-lock-ttl") {
        // Spring Integration 6.4's DefaultLockRepository with EXPIRED_AFTER (client UTC times).
        const QString time = pg ? u"TIMESTAMP"_s : my ? u"DATETIME(6)"_s : u"TEXT"_s;
        app.ddl = {u"CREATE TABLE "_s + t
                   + u" (LOCK_KEY CHAR(36) NOT NULL, REGION VARCHAR(100) NOT NULL, CLIENT_ID"
                     u" CHAR(36), CREATED_DATE "_s
                   + time + u" NOT NULL, EXPIRED_AFTER "_s + time + u" NOT NULL, CONSTRAINT "_s + t
                   + u"_pk PRIMARY KEY (LOCK_KEY, REGION))"_s};
        app.acquire = [=](Session &s, const QString &name, const QString &holder) {
            if (appExec(s, u"UPDATE "_s + t
                               + u" SET CLIENT_ID=?, CREATED_DATE=?, EXPIRED_AFTER=? WHERE"
                                 u" REGION=? AND LOCK_KEY=? AND (CLIENT_ID=? OR EXPIRED_AFTER<?)"_s,
                        {holder, springNow(), springNow(appTtlMs), u"DEFAULT"_s, name, holder,
                         springNow()})
                > 0)
                return true;
            return appExec(s, u"INSERT INTO "_s + t
                                  + u" (REGION, LOCK_KEY, CLIENT_ID, CREATED_DATE, EXPIRED_AFTER)"
                                    u" VALUES (?, ?, ?, ?, ?)"_s,
                           {u"DEFAULT"_s, name, holder, springNow(), springNow(appTtlMs)})
                   == 1;
        };
        app.release = [=](Session &s, const QString &name, const QString &holder) {
            return appExec(s, u"DELETE FROM "_s + t
                                  + u" WHERE REGION=? AND LOCK_KEY=? AND CLIENT_ID=?"_s,
                           {u"DEFAULT"_s, name, holder});
        };
    } else if (profile == u"quartz-instances" || profile == u"quartz") {
        // Quartz 2.3.2's tables_postgres.sql / tables_mysql_innodb.sql (SQLite: the same).
        app.readOnly = true;
        app.hasHolder = profile == u"quartz-instances";
        const QString engine = my ? u" ENGINE=InnoDB"_s : QString();
        app.ddl = {profile == u"quartz"
                       ? u"CREATE TABLE "_s + t
                             + u" (SCHED_NAME VARCHAR(120) NOT NULL, LOCK_NAME VARCHAR(40) NOT"
                               u" NULL, PRIMARY KEY (SCHED_NAME, LOCK_NAME))"_s + engine
                       : u"CREATE TABLE "_s + t
                             + u" (SCHED_NAME VARCHAR(120) NOT NULL, INSTANCE_NAME VARCHAR(190)"
                               u" NOT NULL, LAST_CHECKIN_TIME BIGINT NOT NULL, CHECKIN_INTERVAL"
                               u" BIGINT NOT NULL, PRIMARY KEY (SCHED_NAME, INSTANCE_NAME))"_s
                                 + engine};
    }
}

App makeApp(const QString &profile, Dialect::Kind kind, const QString &t)
{
    const bool pg = kind == Dialect::Kind::PostgreSQL;
    const bool my = kind == Dialect::Kind::MySQL;
    App app;
    app.profile = profile;
    app.table = t;
    if (profile == u"seed-000") {
        // Seed 000's MyBatis statements with SYSDATE translated; TIMESTAMP(0) columns.
        const QString now = pg ? u"LOCALTIMESTAMP(0)"_s : my ? u"SYSDATE()"_s : u"datetime('now')"_s;
        const QString until = pg ? u"LOCALTIMESTAMP(0) + CAST(? AS bigint) * interval '1 millisecond'"_s
                              : my ? u"DATE_ADD(SYSDATE(), INTERVAL ? MICROSECOND)"_s
                                   : u"datetime('now', ? || ' seconds')"_s;
        const QVariant lease = pg ? QVariant(appTtlMs)
                               : my ? QVariant(appTtlMs * 1000)
                                    : QVariant(QString::number(appTtlMs / 1000));
        const QString time = pg ? u"TIMESTAMP(0)"_s : my ? u"DATETIME"_s : u"TEXT"_s;
        app.ddl = {u"CREATE TABLE "_s + t + u" (LOCK_NAME VARCHAR(64) NOT NULL, LOCK_TIME "_s + time
                   + u" NOT NULL, LOCK_HOLDER VARCHAR(64) NOT NULL, EXPIRED_TIME "_s + time
                   + u" NOT NULL, LOCK_STATUS NUMERIC(1,0) DEFAULT 0 NOT NULL,"
                     u" PRIMARY KEY (LOCK_NAME))"_s};
        app.acquire = [=](Session &s, const QString &name, const QString &holder) {
            // doLock(): findById, initializeLock when missing, then competeLock.
            if (!appExists(s, u"SELECT LOCK_NAME FROM "_s + t + u" WHERE LOCK_NAME = ?"_s, {name})
                && appExec(s, u"INSERT INTO "_s + t
                                  + u" (LOCK_NAME, LOCK_TIME, LOCK_HOLDER, EXPIRED_TIME,"
                                    u" LOCK_STATUS) VALUES (?, "_s
                                  + now + u", ?, "_s + until + u", 1)"_s,
                           {name, holder, lease})
                       == 1)
                return true;
            return appExec(s, u"UPDATE "_s + t + u" SET LOCK_HOLDER = ?, LOCK_STATUS = 1, LOCK_TIME = "_s
                                  + now + u", EXPIRED_TIME = "_s + until
                                  + u" WHERE LOCK_NAME = ? AND (LOCK_STATUS = 0 OR "_s + now
                                  + u" > EXPIRED_TIME)"_s,
                           {holder, lease, name})
                   == 1;
        };
        app.release = [=](Session &s, const QString &name, const QString &holder) {
            return appExec(s, u"UPDATE "_s + t
                                  + u" SET LOCK_STATUS = 0 WHERE LOCK_NAME = ? AND LOCK_HOLDER = ?"
                                    u" AND LOCK_STATUS = 1"_s,
                           {name, holder});
        };
    } else if (profile == u"seed-001" || profile == u"seed-001-row") {
        // Seed 001: date_add(now(), interval N second), owner '' is free, re-entrant.
        const QString now = pg ? u"now()"_s : my ? u"now()"_s : u"datetime('now')"_s;
        const QString until = pg ? u"now() + CAST(? AS bigint) * interval '1 second'"_s
                              : my ? u"date_add(now(), interval ? second)"_s
                                   : u"datetime('now', ? || ' seconds')"_s;
        const QVariant lease = appTtlMs / 1000;
        const QString time = pg ? u"TIMESTAMP(0)"_s : my ? u"timestamp"_s : u"TEXT"_s;
        const QString engine = my ? u" ENGINE=InnoDB"_s : QString();
        if (profile == u"seed-001") {
            app.ddl = {u"CREATE TABLE "_s + t + u" (id "_s
                       + (pg ? u"BIGSERIAL"_s : my ? u"BIGINT AUTO_INCREMENT"_s : u"INTEGER"_s)
                       + u" PRIMARY KEY, resource VARCHAR(50) NOT NULL,"
                         u" lock_owner VARCHAR(50) NOT NULL DEFAULT '', lock_expire_time "_s
                       + time + u" NOT NULL, UNIQUE (resource))"_s + engine};
            app.acquire = [=](Session &s, const QString &name, const QString &holder) {
                if (appExec(s, u"INSERT INTO "_s + t
                                   + u" (resource, lock_owner, lock_expire_time) VALUES (?, ?, "_s
                                   + until + u")"_s,
                            {name, holder, lease})
                    == 1)
                    return true;
                return appExec(s, u"UPDATE "_s + t + u" SET lock_owner = ?, lock_expire_time = "_s
                                      + until
                                      + u" WHERE resource = ? AND (lock_owner = '' OR lock_owner = ?"
                                        u" OR lock_expire_time < "_s
                                      + now + u")"_s,
                               {holder, lease, name, holder})
                       == 1;
            };
            app.release = [=](Session &s, const QString &name, const QString &holder) {
                return appExec(s, u"DELETE FROM "_s + t + u" WHERE resource = ? AND lock_owner = ?"_s,
                               {name, holder});
            };
        } else {
            app.lockName = u"1"_s;
            app.ddl = {u"CREATE TABLE "_s + t
                           + u" (id BIGINT NOT NULL PRIMARY KEY, payload VARCHAR(50),"
                             u" lock_owner VARCHAR(50) NOT NULL DEFAULT '', lock_expire_time "_s
                           + time + u" NOT NULL, version INT NOT NULL)"_s + engine,
                       u"INSERT INTO "_s + t
                           + u" (id, payload, lock_owner, lock_expire_time, version) VALUES"
                             u" (1, 'order 1', '', "_s
                           + now + u", 0)"_s};
            app.acquire = [=](Session &s, const QString &name, const QString &holder) {
                // (id, version) = select ..; update .. where id and version and (owner ..).
                QSqlQuery read(s.database());
                read.prepare(u"SELECT version FROM "_s + t + u" WHERE id = ?"_s);
                read.bindValue(0, name.toLongLong());
                if (!read.exec() || !read.next())
                    return false;
                const qint64 version = read.value(0).toLongLong();
                return appExec(s, u"UPDATE "_s + t + u" SET lock_owner = ?, lock_expire_time = "_s
                                      + until
                                      + u", version = version + 1 WHERE id = ? AND version = ?"
                                        u" AND (lock_owner = '' OR lock_owner = ? OR"
                                        u" lock_expire_time < "_s
                                      + now + u")"_s,
                               {holder, lease, name.toLongLong(), version, holder})
                       == 1;
            };
            app.release = [=](Session &s, const QString &name, const QString &holder) {
                return appExec(s, u"UPDATE "_s + t + u" SET lock_owner = '', lock_expire_time = "_s
                                      + now + u" WHERE id = ? AND lock_owner = ?"_s,
                               {name.toLongLong(), holder});
            };
        }
    } else if (profile == u"seed-004") {
        // Seed 004: the unique key is the lock; insert to lock, deleteByPrimaryKey to unlock.
        app.hasHolder = false;
        app.ownerCheckedRelease = false;
        app.ddl = {u"CREATE TABLE "_s + t + u" (LOCK_TASK_ID VARCHAR(64) NOT NULL PRIMARY KEY)"_s};
        app.acquire = [=](Session &s, const QString &name, const QString &) {
            return appExec(s, u"INSERT INTO "_s + t + u" (LOCK_TASK_ID) VALUES (?)"_s, {name}) == 1;
        };
        app.release = [=](Session &s, const QString &name, const QString &) {
            return appExec(s, u"DELETE FROM "_s + t + u" WHERE LOCK_TASK_ID = ?"_s, {name});
        };
    } else if (profile == u"shedlock") {
        // ShedLock's JdbcTemplate provider with usingDbTime() (its *ServerTimeStatementsSource).
        app.ownerCheckedRelease = false; // ShedLock unlocks by name only
        const QString now = pg ? u"timezone('utc', CURRENT_TIMESTAMP)"_s
                            : my ? u"UTC_TIMESTAMP(3)"_s
                                 : u"strftime('%Y-%m-%d %H:%M:%f', 'now')"_s;
        const QString atMost = pg ? now + u" + CAST(? AS interval)"_s
                               : my ? u"TIMESTAMPADD(MICROSECOND, ?, "_s + now + u')'
                                    : u"strftime('%Y-%m-%d %H:%M:%f', 'now', ?)"_s;
        const QVariant most = pg ? QVariant(u"%1 milliseconds"_s.arg(appTtlMs))
                              : my ? QVariant(appTtlMs * 1000)
                                   : QVariant(u"+%1 seconds"_s.arg(appTtlMs / 1000));
        const QString time = pg ? u"TIMESTAMP"_s : my ? u"TIMESTAMP(3)"_s : u"TEXT"_s;
        app.ddl = {u"CREATE TABLE "_s + t + u" (name VARCHAR(64) NOT NULL, lock_until "_s + time
                   + u" NOT NULL, locked_at "_s + time
                   + u" NOT NULL, locked_by VARCHAR(255) NOT NULL, PRIMARY KEY (name))"_s};
        app.acquire = [=](Session &s, const QString &name, const QString &holder) {
            if (appExec(s, u"INSERT INTO "_s + t + u" (name, lock_until, locked_at, locked_by)"
                                                     u" VALUES (?, "_s
                               + atMost + u", "_s + now + u", ?)"_s,
                        {name, most, holder})
                == 1)
                return true;
            return appExec(s, u"UPDATE "_s + t + u" SET lock_until = "_s + atMost + u", locked_at = "_s
                                  + now + u", locked_by = ? WHERE name = ? AND lock_until <= "_s
                                  + now,
                           {most, holder, name})
                   == 1;
        };
        app.release = [=](Session &s, const QString &name, const QString &) {
            // lockAtLeastFor 0: lock_until = now.
            return appExec(s, u"UPDATE "_s + t + u" SET lock_until = "_s + now
                                  + u" WHERE name = ?"_s,
                           {name});
        };
    } else if (profile == u"spring-int-lock") {
        // DefaultLockRepository: times from the client (UTC), TTL 10 s, region DEFAULT.
        app.ddl = {u"CREATE TABLE "_s + t
                   + u" (LOCK_KEY CHAR(36) NOT NULL, REGION VARCHAR(100) NOT NULL, CLIENT_ID"
                     u" CHAR(36), CREATED_DATE "_s
                   + (pg ? u"TIMESTAMP"_s : my ? u"DATETIME(6)"_s : u"TEXT"_s)
                   + u" NOT NULL, CONSTRAINT "_s + t
                   + u"_pk PRIMARY KEY (LOCK_KEY, REGION))"_s};
        app.acquire = [=](Session &s, const QString &name, const QString &holder) {
            if (appExec(s, u"UPDATE "_s + t
                               + u" SET CLIENT_ID=?, CREATED_DATE=? WHERE REGION=? AND LOCK_KEY=?"
                                 u" AND (CLIENT_ID=? OR CREATED_DATE<?)"_s,
                        {holder, springNow(), u"DEFAULT"_s, name, holder, springNow(-10000)})
                > 0)
                return true;
            return appExec(s, u"INSERT INTO "_s + t
                                  + u" (REGION, LOCK_KEY, CLIENT_ID, CREATED_DATE) VALUES"
                                    u" (?, ?, ?, ?)"_s,
                           {u"DEFAULT"_s, name, holder, springNow()})
                   == 1;
        };
        app.release = [=](Session &s, const QString &name, const QString &holder) {
            return appExec(s, u"DELETE FROM "_s + t
                                  + u" WHERE REGION=? AND LOCK_KEY=? AND CLIENT_ID=?"_s,
                           {u"DEFAULT"_s, name, holder});
        };
    } else {
        makeLaterApp(app, kind, t);
    }
    return app;
}

struct Hold
{
    QString who;
    qint64 fromNs;
    qint64 toNs;
};

} // namespace

class ProfilesTest : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase();

    // The application and Lockscope contend from several threads: never both hold, and each
    // side's grants are real (both win some).
    void contentionNeverBothHold_data();
    void contentionNeverBothHold();
    // List shows the application's holder and its expiry in database time.
    void listShowsTheApplicationsHolderAndExpiry_data();
    void listShowsTheApplicationsHolderAndExpiry();
    // Force release frees as the application expects; the old holder's release is then void.
    void forceReleaseLetsTheApplicationAcquireAgain_data();
    void forceReleaseLetsTheApplicationAcquireAgain();
    // A lock that changed hands between the look and the force release is not touched.
    void forceReleaseRefusedWhenTheLockChangedHands_data();
    void forceReleaseRefusedWhenTheLockChangedHands();
    // Initialize creates seed-000's free row; the others say they have none.
    void initializeOnlyWhereTheApplicationPreCreatesRows();
    // Detection finds every profile's table and ignores unrelated and partial tables.
    void detectionFindsEachProfilesTable();
    // Bad table names, missing tables and mappings to missing columns: clear errors.
    void badInputGetsClearErrors();

    void localTimesCompareInTheApplicationsZone();
    // Time columns are read in their stored form (epoch s/ms integers, timestamps); a column
    // whose type does not fit is refused at open, naming it (issue 50, defect 2).
    void timeColumnTypesCheckedAtOpen();
    // timestamptz columns compare with the instant itself, right in a non-UTC session.
    void timestamptzRightInANonUtcSession();
    // Quartz's tables: instances alive by their check-in, locks named SCHED/LOCK; every write
    // is refused with the profile's reason.
    void readOnlyProfilesRefuseWrites();
    // A two-column key: names "group/name"; a name without "/" is refused clearly.
    void groupKeyNamesAreGroupSlashName();
    // Laravel's run-out lock is free (Laravel takes it); graphile's 4-hour-old lock is expired.
    void laterProfilesRunOutAsTheirApplicationsSay();
    // laravel-schedule: only the scheduler's mutexes of the cache table are locks; another
    // cache entry is neither listed nor written, and a missing mutex is not created.
    void laravelScheduleSeesOnlyTheSchedulersMutexes();

private:
    void profileRows();
    App &app(const QString &profile) { return m_apps[profile]; }
    ProfileTable open(const App &app);

    std::unique_ptr<Session> m_session;
    std::unique_ptr<Session> m_appSession;
    QHash<QString, App> m_apps;
    QStringList m_tables;
    QStringList m_cleanup;
};

void ProfilesTest::initTestCase()
{
    QString error;
    m_session = TestBackend::instance().open(&error);
    QVERIFY2(m_session, qPrintable(error));
    m_appSession = TestBackend::instance().open(&error);
    QVERIFY2(m_appSession, qPrintable(error));
    for (const QString &id : Profile::builtInIds()) {
        const QString table = TestBackend::uniqueTable(u"prof_"_s + QString(id).remove(u'-'));
        App app = makeApp(id, m_session->dialect().kind(), table);
        m_apps.insert(id, app);
        if (!app.available)
            continue;
        for (const QString &ddl : app.ddl)
            QVERIFY2(testsupport::execRaw(*m_session, ddl, &error), qPrintable(ddl + u": "_s + error));
        m_tables.append(app.table);
        m_cleanup += app.cleanup;
    }
}

void ProfilesTest::localTimesCompareInTheApplicationsZone()
{
    // seed-000 writes local times (SYSDATE). An application whose sessions run five hours west
    // of UTC (Java's JDBC drivers set the JVM's zone) writes times five hours behind UTC. In a
    // session with the server's default zone (UTC here) its running lease looks expired, and a
    // test-acquire would take the lock from under it. With the application's zone in the
    // profile, Lockscope's session compares as the application does.
    const Dialect::Kind kind = m_session->dialect().kind();
    if (kind == Dialect::Kind::SQLite)
        QSKIP("SQLite has no session time zone (its datetime('now') is UTC).");
    const QString zone = kind == Dialect::Kind::PostgreSQL ? u"Etc/GMT+5"_s : u"-05:00"_s;
    QString error;
    auto appSession = TestBackend::instance().open(&error);
    QVERIFY2(appSession, qPrintable(error));
    LOCKSCOPE_VERIFY_OK(appSession->setTimeZone(zone));
    auto serverDefault = TestBackend::instance().open(&error);
    QVERIFY2(serverDefault, qPrintable(error));
    if (testsupport::dbNowUs(*serverDefault) == 0)
        QSKIP("The database clock could not be read.");
    const App &a = app(u"seed-000"_s);
    const QString name = u"zone.job"_s;
    QVERIFY(a.acquire(*appSession, name, u"app-west"_s));

    // The server's default zone: the hazard this setting exists for (if the server's default
    // is not UTC-5 itself).
    Profile plain = *Profile::builtIn(u"seed-000"_s);
    auto unaware = ProfileTable::open(*serverDefault, plain, a.table);
    LOCKSCOPE_VERIFY_OK(unaware);
    auto seenUnaware = unaware->lock(name);
    LOCKSCOPE_VERIFY_OK(seenUnaware);
    QVERIFY(seenUnaware->has_value());

    Profile zoned = plain;
    zoned.sessionTimeZone = zone;
    auto aware = ProfileTable::open(*m_session, zoned, a.table);
    LOCKSCOPE_VERIFY_OK(aware);
    QCOMPARE(m_session->timeZone(), zone);
    auto seen = aware->lock(name);
    LOCKSCOPE_VERIFY_OK(seen);
    QVERIFY(seen->has_value());
    QCOMPARE((*seen)->state, ProfileLock::State::Held);
    QCOMPARE((*seen)->holder, u"app-west"_s);
    const qint64 left = (*seen)->remainingMs().value_or(-1);
    QVERIFY2(left > appTtlMs - 3000 && left <= appTtlMs + 1000, qPrintable(QString::number(left)));
    qInfo("in the server's default zone the lock looks %s with %lld ms left",
          qPrintable(ProfileLock::stateName((*seenUnaware)->state)),
          qlonglong((*seenUnaware)->remainingMs().value_or(0)));
    // The application's lock is not taken: the test-acquire is refused, as the application's
    // own compete statement would be.
    auto refused = aware->acquire(name, u"lockscope-admin"_s, appTtlMs);
    LOCKSCOPE_VERIFY_OK(refused);
    QVERIFY(!refused->acquired);
    QCOMPARE(a.release(*appSession, name, u"app-west"_s), 1);
    // Back to the server's default for the other tests on this session.
    LOCKSCOPE_VERIFY_OK(m_session->setTimeZone(QString()));

    // A zone that is not one is refused before any SQL is sent.
    zoned.sessionTimeZone = u"UTC'; DROP TABLE x; --"_s;
    auto bad = ProfileTable::open(*m_session, zoned, a.table);
    QVERIFY(!bad);
    QVERIFY2(bad.error().message.contains(u"is not a time zone"_s), qPrintable(bad.error().message));
}

namespace {

// The database clock in epoch milliseconds, as the test's own SQL reads it.
qint64 dbEpochMs(Session &session)
{
    return testsupport::dbNowUs(session) / 1000;
}

} // namespace

void ProfilesTest::timeColumnTypesCheckedAtOpen()
{
    const Dialect::Kind kind = m_session->dialect().kind();
    const QString t = TestBackend::uniqueTable(u"prof_epoch"_s);
    QString error;
    QVERIFY2(testsupport::execRaw(*m_session, u"CREATE TABLE "_s + t
                                                  + u" (job VARCHAR(64) NOT NULL PRIMARY KEY,"
                                                    u" owner VARCHAR(64) NOT NULL, until_ms"
                                                    u" BIGINT NOT NULL, taken_at "_s
                                                  + (kind == Dialect::Kind::SQLite ? u"TEXT"_s
                                                                                  : u"TIMESTAMP"_s)
                                                  + u" NULL)"_s,
                                  &error),
             qPrintable(error));
    m_tables << t;
    // Issue 50, defect 2: an epoch-ms bigint without "epoch" was accepted, then `list` failed
    // with "function pg_catalog.extract(unknown, bigint) does not exist".
    QVariantMap mapping{{u"table"_s, t},
                        {u"name_column"_s, u"job"_s},
                        {u"holder_column"_s, u"owner"_s},
                        {u"expires_column"_s, u"until_ms"_s}};
    auto plain = Profile::custom(mapping);
    LOCKSCOPE_VERIFY_OK(plain);
    auto refused = ProfileTable::open(*m_session, *plain);
    QVERIFY(!refused);
    QCOMPARE(refused.error().kind, lockcore::Error::Kind::InvalidInput);
    for (const QString &part : {t, u"until_ms"_s, u"\"epoch\""_s})
        QVERIFY2(refused.error().message.contains(part, Qt::CaseInsensitive),
                 qPrintable(refused.error().message));
    QVERIFY2(refused.error().message.contains(u"int"_s, Qt::CaseInsensitive),
             qPrintable(refused.error().message)); // the column's type
    // A timestamp column with "epoch" is refused too.
    QVariantMap stamped = mapping;
    stamped.insert(u"expires_column"_s, u"taken_at"_s);
    stamped.insert(u"epoch"_s, u"ms"_s);
    auto wrongWay = ProfileTable::open(*m_session, *Profile::custom(stamped));
    QVERIFY(!wrongWay);
    QVERIFY2(wrongWay.error().message.contains(u"taken_at"_s), qPrintable(wrongWay.error().message));

    // With "epoch": "ms" the times are read and written in milliseconds by the database clock.
    mapping.insert(u"epoch"_s, u"ms"_s);
    auto epoch = ProfileTable::open(*m_session, *Profile::custom(mapping));
    LOCKSCOPE_VERIFY_OK(epoch);
    const qint64 now = dbEpochMs(*m_session);
    QCOMPARE(appExec(*m_appSession, u"INSERT INTO "_s + t
                                        + u" (job, owner, until_ms) VALUES (?, ?, ?), (?, ?, ?)"_s,
                     {u"held"_s, u"app"_s, now + appTtlMs, u"gone"_s, u"app"_s, now - 60000}),
             2);
    auto locks = epoch->list();
    LOCKSCOPE_VERIFY_OK(locks);
    QCOMPARE(locks->size(), 2);
    QCOMPARE(locks->at(0).name, u"gone"_s);
    QCOMPARE(locks->at(0).state, ProfileLock::State::Expired);
    QCOMPARE(locks->at(1).state, ProfileLock::State::Held);
    const qint64 left = locks->at(1).remainingMs().value_or(-1);
    QVERIFY2(left > appTtlMs - 3000 && left <= appTtlMs + 1000, qPrintable(QString::number(left)));
    auto taken = epoch->acquire(u"held"_s, u"admin"_s, 5000);
    LOCKSCOPE_VERIFY_OK(taken);
    QVERIFY(!taken->acquired);
    auto expired = epoch->acquire(u"gone"_s, u"admin"_s, 5000);
    LOCKSCOPE_VERIFY_OK(expired);
    QVERIFY(expired->acquired);
    const qint64 until = expired->current->expiresAtMs.value_or(0);
    QVERIFY2(until > now + 3000 && until < now + 8000, qPrintable(QString::number(until - now)));
    QVERIFY(!epoch->release(u"gone"_s, u"app"_s).value());
    QVERIFY(epoch->release(u"gone"_s, u"admin"_s).value());
}

void ProfilesTest::timestamptzRightInANonUtcSession()
{
    if (m_session->dialect().kind() != Dialect::Kind::PostgreSQL)
        QSKIP("timestamptz is PostgreSQL's (MariaDB's TIMESTAMP is read as a timestamp).");
    const QString t = TestBackend::uniqueTable(u"prof_tz"_s);
    QString error;
    QVERIFY2(testsupport::execRaw(*m_session, u"CREATE TABLE "_s + t
                                                  + u" (job text primary key, owner text not null,"
                                                    u" until_at timestamptz not null)"_s,
                                  &error),
             qPrintable(error));
    m_tables << t;
    QVERIFY(testsupport::execRaw(*m_session, u"INSERT INTO "_s + t
                                                 + u" VALUES ('job', 'app', clock_timestamp() +"
                                                   u" interval '30 seconds')"_s));
    // Five hours west of UTC: "clock_timestamp() AT TIME ZONE 'UTC'" is read back as a time
    // five hours later, and the application's running lease looked expired.
    auto mapping = Profile::custom({{u"table"_s, t},
                                    {u"name_column"_s, u"job"_s},
                                    {u"holder_column"_s, u"owner"_s},
                                    {u"expires_column"_s, u"until_at"_s},
                                    {u"session_time_zone"_s, u"Etc/GMT+5"_s}});
    LOCKSCOPE_VERIFY_OK(mapping);
    auto table = ProfileTable::open(*m_session, *mapping);
    LOCKSCOPE_VERIFY_OK(table);
    auto seen = table->lock(u"job"_s);
    LOCKSCOPE_VERIFY_OK(seen);
    QCOMPARE((*seen)->state, ProfileLock::State::Held);
    const qint64 left = (*seen)->remainingMs().value_or(-1);
    QVERIFY2(left > 27000 && left <= 31000, qPrintable(QString::number(left)));
    auto taken = table->acquire(u"job"_s, u"admin"_s, 5000);
    LOCKSCOPE_VERIFY_OK(taken);
    QVERIFY2(!taken->acquired, "the application's running lease was taken");
    QCOMPARE(taken->current->holder, u"app"_s);
    LOCKSCOPE_VERIFY_OK(m_session->setTimeZone(QString()));
}

void ProfilesTest::readOnlyProfilesRefuseWrites()
{
    const App instances = app(u"quartz-instances"_s);
    const qint64 now = dbEpochMs(*m_session);
    // A live instance (checked in now, every 7.5 s) and one that missed its check-ins.
    QCOMPARE(appExec(*m_appSession, u"INSERT INTO "_s + instances.table
                                        + u" (SCHED_NAME, INSTANCE_NAME, LAST_CHECKIN_TIME,"
                                          u" CHECKIN_INTERVAL) VALUES (?, ?, ?, ?), (?, ?, ?, ?)"_s,
                     {u"Sched"_s, u"host-a1"_s, now, 7500, u"Sched"_s, u"host-b1"_s,
                      now - 60000, 7500}),
             2);
    ProfileTable state = open(instances);
    auto alive = state.list();
    LOCKSCOPE_VERIFY_OK(alive);
    QCOMPARE(alive->size(), 2);
    QCOMPARE(alive->at(0).name, u"Sched/host-a1"_s);
    QCOMPARE(alive->at(0).state, ProfileLock::State::Held);
    const qint64 left = alive->at(0).remainingMs().value_or(-1);
    QVERIFY2(left > 12000 && left <= 15000, qPrintable(QString::number(left))); // 7.5 s + 7.5 s
    QCOMPARE(alive->at(1).name, u"Sched/host-b1"_s);
    QCOMPARE(alive->at(1).state, ProfileLock::State::Expired);

    const App locks = app(u"quartz"_s);
    QCOMPARE(appExec(*m_appSession, u"INSERT INTO "_s + locks.table
                                        + u" (SCHED_NAME, LOCK_NAME) VALUES (?, ?), (?, ?)"_s,
                     {u"Sched"_s, u"TRIGGER_ACCESS"_s, u"Sched"_s, u"STATE_ACCESS"_s}),
             2);
    ProfileTable quartz = open(locks);
    auto rows = quartz.list();
    LOCKSCOPE_VERIFY_OK(rows);
    QCOMPARE(rows->size(), 2);
    QCOMPARE(rows->at(0).name, u"Sched/STATE_ACCESS"_s);
    QCOMPARE(rows->at(0).state, ProfileLock::State::Free); // no session holds its row

    for (ProfileTable *table : {&state, &quartz}) {
        const QString name = table == &state ? u"Sched/host-b1"_s : u"Sched/TRIGGER_ACCESS"_s;
        const QString id = table->profile().id;
        const QList<lockcore::Error> errors{
            table->acquire(name, u"admin"_s, 5000).error(),
            table->release(name, u"admin"_s).error(),
            table->forceRelease(name, QString(), now).error(),
            table->initialize(name, u"admin"_s).error()};
        for (int i = 0; i < errors.size(); ++i) {
            const lockcore::Error &e = errors.at(i);
            QCOMPARE(e.kind, lockcore::Error::Kind::InvalidInput);
            QVERIFY2(e.message.contains(u"Quartz"_s), qPrintable(e.message));
            // A Quartz row lock's force release says which session to end instead.
            if (!(id == u"quartz" && i == 2))
                QVERIFY2(e.message.contains(id) && e.message.contains(u"read-only"_s),
                         qPrintable(e.message));
        }
    }
    QCOMPARE(testsupport::countRows(*m_session, instances.table), 2);
    QCOMPARE(testsupport::countRows(*m_session, locks.table), 2);
}

void ProfilesTest::groupKeyNamesAreGroupSlashName()
{
    const App scheduler = app(u"db-scheduler"_s);
    QCOMPARE(appExec(*m_appSession, u"INSERT INTO "_s + scheduler.table
                                        + u" (task_name, task_instance, execution_time, picked,"
                                          u" version) SELECT task_name, ?, execution_time, picked,"
                                          u" 1 FROM "_s
                                        + scheduler.table + u" WHERE task_instance = '1'"_s,
                     {u"a/b"_s}),
             1);
    ProfileTable table = open(scheduler);
    // Split at the FIRST "/": task "job", instance "a/b".
    auto slashed = table.acquire(u"job/a/b"_s, u"admin"_s, 5000);
    LOCKSCOPE_VERIFY_OK(slashed);
    QVERIFY(slashed->acquired);
    QCOMPARE(slashed->current->name, u"job/a/b"_s);
    QVERIFY(!scheduler.acquire(*m_appSession, u"job/a/b"_s, u"app"_s));
    auto released = table.release(u"job/a/b"_s, u"admin"_s);
    LOCKSCOPE_VERIFY_OK(released);
    QVERIFY(*released);
    // The release wrote NULL into picked_by and last_heartbeat, as db-scheduler's own does.
    QSqlQuery row(m_session->database());
    QVERIFY(row.exec(u"SELECT picked_by, last_heartbeat, version FROM "_s + scheduler.table
                     + u" WHERE task_instance = 'a/b'"_s));
    QVERIFY(row.next());
    QVERIFY(row.value(0).isNull());
    QVERIFY(row.value(1).isNull());
    QCOMPARE(row.value(2).toLongLong(), 3);
    row.finish();

    auto bare = table.lock(u"job"_s);
    QVERIFY(!bare);
    QVERIFY2(bare.error().message.contains(u"task_name/task_instance"_s)
                 && bare.error().message.contains(u"db-scheduler"_s),
             qPrintable(bare.error().message));
    QVERIFY(!table.acquire(u"job"_s, u"admin"_s, 5000));
}

void ProfilesTest::laterProfilesRunOutAsTheirApplicationsSay()
{
    const App laravel = app(u"laravel"_s);
    const qint64 nowS = dbEpochMs(*m_session) / 1000;
    QCOMPARE(appExec(*m_appSession, u"INSERT INTO "_s + laravel.table
                                        + u" VALUES (?, ?, ?)"_s,
                     {u"run-out"_s, u"php-1"_s, nowS - 5}),
             1);
    ProfileTable table = open(laravel);
    auto seen = table.lock(u"run-out"_s);
    LOCKSCOPE_VERIFY_OK(seen);
    QCOMPARE((*seen)->state, ProfileLock::State::Free);
    auto taken = table.acquire(u"run-out"_s, u"admin"_s, 10000);
    LOCKSCOPE_VERIFY_OK(taken);
    QVERIFY(taken->acquired);
    QVERIFY(!laravel.acquire(*m_appSession, u"run-out"_s, u"php-2"_s));
    QVERIFY(table.release(u"run-out"_s, u"admin"_s).value());

    if (m_session->dialect().kind() != Dialect::Kind::PostgreSQL)
        return;
    const App jobs = app(u"graphile-worker-jobs"_s);
    QCOMPARE(appExec(*m_appSession, u"UPDATE "_s + jobs.table
                                        + u" SET locked_by = 'worker-dead', locked_at = now() -"
                                          u" interval '5 hours' WHERE id = 1"_s,
                     {}),
             1);
    ProfileTable graphile = open(jobs);
    auto stale = graphile.lock(u"1"_s);
    LOCKSCOPE_VERIFY_OK(stale);
    QCOMPARE((*stale)->state, ProfileLock::State::Expired);
    QCOMPARE((*stale)->holder, u"worker-dead"_s);
    // graphile-worker takes a stale job again.
    QVERIFY(jobs.acquire(*m_appSession, u"1"_s, u"worker-new"_s));
    QCOMPARE(jobs.release(*m_appSession, u"1"_s, u"worker-new"_s), 1);
}

void ProfilesTest::laravelScheduleSeesOnlyTheSchedulersMutexes()
{
    const App laravel = app(u"laravel-schedule"_s);
    const QString entry = u"laravel_cachegreeting"_s; // Cache::put('greeting', 'hello', 3600)
    const qint64 nowS = dbEpochMs(*m_session) / 1000;
    QCOMPARE(appExec(*m_appSession, u"INSERT INTO "_s + laravel.table + u" VALUES (?, ?, ?)"_s,
                     {entry, u"s:5:\"hello\";"_s, nowS + 3600}),
             1);
    QVERIFY(laravel.acquire(*m_appSession, laravel.lockName, QString()));
    ProfileTable table = open(laravel);
    auto locks = table.list();
    LOCKSCOPE_VERIFY_OK(locks);
    QCOMPARE(locks->size(), 1);
    QCOMPARE(locks->at(0).name, laravel.lockName);
    QCOMPARE(locks->at(0).state, ProfileLock::State::Held);
    QVERIFY(locks->at(0).holder.isEmpty());
    auto hidden = table.lock(entry);
    LOCKSCOPE_VERIFY_OK(hidden);
    QVERIFY(!hidden->has_value());

    // Writes on the cache entry are refused before any statement, naming the pattern.
    const QList<lockcore::Error> refusals{table.forceRelease(entry, QString(), nowS * 1000).error(),
                                          table.acquire(entry, u"admin"_s, 5000).error(),
                                          table.release(entry, u"admin"_s).error()};
    for (const lockcore::Error &e : refusals) {
        QCOMPARE(e.kind, lockcore::Error::Kind::InvalidInput);
        QVERIFY2(e.message.contains(u"%framework/schedule-%"_s), qPrintable(e.message));
    }
    // A mutex without a row is not created (the value column is Laravel's serialized value).
    auto missing = table.acquire(u"laravel_cacheframework/schedule-none"_s, u"admin"_s, 5000);
    QVERIFY(!missing);
    QVERIFY2(missing.error().message.contains(u"serialized value"_s),
             qPrintable(missing.error().message));
    QCOMPARE(testsupport::countRows(*m_session, laravel.table), 2);

    // A run-out mutex is free, and Lockscope's test-acquire holds the scheduler off.
    QVERIFY(testsupport::execRaw(*m_session, u"UPDATE "_s + laravel.table
                                                 + u" SET expiration = expiration - 3600"_s));
    auto runOut = table.lock(laravel.lockName);
    LOCKSCOPE_VERIFY_OK(runOut);
    QCOMPARE((*runOut)->state, ProfileLock::State::Free);
    auto taken = table.acquire(laravel.lockName, u"admin"_s, 10000);
    LOCKSCOPE_VERIFY_OK(taken);
    QVERIFY(taken->acquired);
    QVERIFY(!laravel.acquire(*m_appSession, laravel.lockName, QString()));
    QVERIFY(table.release(laravel.lockName, u"admin"_s).value());
    QVERIFY(testsupport::execRaw(*m_session, u"DELETE FROM "_s + laravel.table));
}

void ProfilesTest::cleanupTestCase()
{
    if (!m_session)
        return;
    for (const QString &table : std::as_const(m_tables))
        testsupport::execRaw(*m_session, u"DROP TABLE "_s + table);
    for (const QString &sql : std::as_const(m_cleanup))
        testsupport::execRaw(*m_session, sql);
}

void ProfilesTest::profileRows()
{
    // The profiles Lockscope writes, whose application runs on this database.
    QTest::addColumn<QString>("profile");
    for (const QString &id : Profile::builtInIds()) {
        if (app(id).available && !app(id).readOnly)
            QTest::newRow(qPrintable(id)) << id;
    }
}

ProfileTable ProfilesTest::open(const App &a)
{
    auto table = ProfileTable::open(*m_session, *Profile::builtIn(a.profile), a.table);
    if (!table)
        qFatal("%s", qPrintable(table.error().fullText()));
    return std::move(table).value();
}

void ProfilesTest::contentionNeverBothHold_data()
{
    QTest::addColumn<QString>("profile");
    for (const QString &id : contentionIds)
        QTest::newRow(qPrintable(id)) << id;
}

void ProfilesTest::contentionNeverBothHold()
{
    QFETCH(QString, profile);
    const App a = app(profile);
    // Start free.
    a.release(*m_appSession, a.lockName, u"nobody"_s);

    QMutex mutex;
    QList<Hold> holds;
    QStringList errors;
    std::atomic_int appWins{0};
    std::atomic_int scopeWins{0};
    QElapsedTimer clock;
    clock.start();
    const qint64 runNs = 2000LL * 1000 * 1000;

    const auto worker = [&](int index, bool lockscope) {
        QString error;
        auto session = TestBackend::instance().open(&error);
        if (!session) {
            QMutexLocker locker(&mutex);
            errors.append(error);
            return;
        }
        const QString holder = (lockscope ? u"ls-"_s : u"app-"_s) + QString::number(index);
        std::optional<ProfileTable> table;
        if (lockscope) {
            auto opened = ProfileTable::open(*session, *Profile::builtIn(profile), a.table);
            if (!opened) {
                QMutexLocker locker(&mutex);
                errors.append(opened.error().fullText());
                return;
            }
            table.emplace(std::move(opened).value());
        }
        while (clock.nsecsElapsed() < runNs) {
            bool got = false;
            if (lockscope) {
                auto granted = table->acquire(a.lockName, holder, appTtlMs);
                if (!granted && granted.error().kind != lockcore::Error::Kind::Busy) {
                    QMutexLocker locker(&mutex);
                    errors.append(granted.error().fullText());
                    return;
                }
                got = granted && granted->acquired;
            } else {
                got = a.acquire(*session, a.lockName, holder);
            }
            if (!got) {
                QThread::msleep(2);
                continue;
            }
            const qint64 from = clock.nsecsElapsed();
            QThread::msleep(5);
            const qint64 to = clock.nsecsElapsed();
            {
                QMutexLocker locker(&mutex);
                holds.append({holder, from, to});
            }
            (lockscope ? scopeWins : appWins)++;
            bool released = false;
            for (int attempt = 0; attempt < 50 && !released; ++attempt) {
                if (lockscope) {
                    auto r = table->release(a.lockName, holder);
                    released = r && *r;
                } else {
                    released = a.release(*session, a.lockName, holder) == 1;
                }
                if (!released)
                    QThread::msleep(5);
            }
            if (!released) {
                QMutexLocker locker(&mutex);
                errors.append(holder + u" could not release"_s);
                return;
            }
            QThread::msleep(1);
        }
    };
    QList<QThread *> threads;
    for (int i = 0; i < 4; ++i)
        threads.append(QThread::create(worker, i, i % 2 == 0));
    for (QThread *thread : threads)
        thread->start();
    for (QThread *thread : threads) {
        thread->wait();
        delete thread;
    }
    QVERIFY2(errors.isEmpty(), qPrintable(errors.join(u'\n')));
    std::sort(holds.begin(), holds.end(),
              [](const Hold &x, const Hold &y) { return x.fromNs < y.fromNs; });
    for (int i = 1; i < holds.size(); ++i) {
        QVERIFY2(holds.at(i).fromNs >= holds.at(i - 1).toNs,
                 qPrintable(u"%1 and %2 held at once"_s.arg(holds.at(i - 1).who,
                                                             holds.at(i).who)));
    }
    QVERIFY2(appWins > 0 && scopeWins > 0,
             qPrintable(u"application %1, lockscope %2 grants"_s.arg(int(appWins))
                            .arg(int(scopeWins))));
}

void ProfilesTest::listShowsTheApplicationsHolderAndExpiry_data()
{
    profileRows();
}

void ProfilesTest::listShowsTheApplicationsHolderAndExpiry()
{
    QFETCH(QString, profile);
    const App a = app(profile);
    a.release(*m_appSession, a.lockName, u"app-seen"_s);
    QVERIFY(a.acquire(*m_appSession, a.lockName, u"app-seen"_s));
    ProfileTable table = open(a);
    auto locks = table.list(1);
    LOCKSCOPE_VERIFY_OK(locks);
    const auto found = std::find_if(locks->cbegin(), locks->cend(),
                                    [&](const ProfileLock &l) { return l.name == a.lockName; });
    QVERIFY(found != locks->cend());
    QCOMPARE(ProfileLock::stateName(found->state), u"held"_s);
    if (a.hasHolder)
        QCOMPARE(found->holder, u"app-seen"_s);
    const Profile p = *Profile::builtIn(profile);
    if (p.hasExpiry()) {
        // The application wrote now + its TTL (Spring: created + the registry's 10 s).
        const qint64 ttl = p.lockedAtTtlMs > 0 ? p.lockedAtTtlMs : appTtlMs;
        QVERIFY(found->remainingMs());
        QVERIFY2(*found->remainingMs() > ttl - 2500 && *found->remainingMs() <= ttl + 1000,
                 qPrintable(QString::number(*found->remainingMs())));
        QVERIFY(!found->possiblyStuck);
    } else {
        QVERIFY(!found->remainingMs());
    }
    // While the application holds it: a test-acquire is refused, and a release by another
    // holder changes nothing.
    auto refused = table.acquire(a.lockName, u"lockscope-admin"_s, appTtlMs);
    LOCKSCOPE_VERIFY_OK(refused);
    QVERIFY(!refused->acquired);
    if (a.hasHolder) {
        auto notMine = table.release(a.lockName, u"lockscope-admin"_s);
        LOCKSCOPE_VERIFY_OK(notMine);
        QVERIFY(!*notMine);
    }
    QCOMPARE(a.release(*m_appSession, a.lockName, u"app-seen"_s), 1);
}

void ProfilesTest::forceReleaseLetsTheApplicationAcquireAgain_data()
{
    profileRows();
}

void ProfilesTest::forceReleaseLetsTheApplicationAcquireAgain()
{
    QFETCH(QString, profile);
    const App a = app(profile);
    a.release(*m_appSession, a.lockName, u"app-old"_s);
    QVERIFY(a.acquire(*m_appSession, a.lockName, u"app-old"_s));
    QVERIFY(!a.acquire(*m_appSession, a.lockName, u"app-new"_s));
    ProfileTable table = open(a);
    auto seen = table.lock(a.lockName);
    LOCKSCOPE_VERIFY_OK(seen);
    QVERIFY(seen->has_value());
    auto forced = table.forceRelease(a.lockName, (*seen)->holder, (*seen)->seenTimeMs);
    LOCKSCOPE_VERIFY_OK(forced);
    QVERIFY(forced->released);
    // The application can acquire again at once.
    QVERIFY(a.acquire(*m_appSession, a.lockName, u"app-new"_s));
    if (a.ownerCheckedRelease && a.hasHolder) {
        // The old holder's owner-checked release changes nothing.
        QCOMPARE(a.release(*m_appSession, a.lockName, u"app-old"_s), 0);
        auto now = table.lock(a.lockName);
        LOCKSCOPE_VERIFY_OK(now);
        QCOMPARE((*now)->holder, u"app-new"_s);
        QCOMPARE(ProfileLock::stateName((*now)->state), u"held"_s);
    }
    QCOMPARE(a.release(*m_appSession, a.lockName, u"app-new"_s), 1);
}

void ProfilesTest::forceReleaseRefusedWhenTheLockChangedHands_data()
{
    profileRows();
}

void ProfilesTest::forceReleaseRefusedWhenTheLockChangedHands()
{
    QFETCH(QString, profile);
    const App a = app(profile);
    if (!a.hasHolder)
        QSKIP("seed-004's and knex's tables record no holder and no time, Laravel's scheduler "
              "mutex no holder and whole seconds: nothing tells two holds apart (documented in "
              "docs/profiles.md)");
    a.release(*m_appSession, a.lockName, u"app-a"_s);
    QVERIFY(a.acquire(*m_appSession, a.lockName, u"app-a"_s));
    ProfileTable table = open(a);
    auto seen = table.lock(a.lockName);
    LOCKSCOPE_VERIFY_OK(seen);
    QVERIFY(seen->has_value());
    // Between the look and the action: a releases, b acquires.
    QCOMPARE(a.release(*m_appSession, a.lockName, u"app-a"_s), 1);
    QVERIFY(a.acquire(*m_appSession, a.lockName, u"app-b"_s));
    auto forced = table.forceRelease(a.lockName, (*seen)->holder, (*seen)->seenTimeMs);
    LOCKSCOPE_VERIFY_OK(forced);
    QVERIFY(!forced->released);
    QVERIFY(forced->current);
    QCOMPARE(forced->current->holder, u"app-b"_s);
    // Nothing changed: b still holds and releases normally.
    QVERIFY(!a.acquire(*m_appSession, a.lockName, u"app-c"_s));
    QCOMPARE(a.release(*m_appSession, a.lockName, u"app-b"_s), 1);
    // A wrong expected time for the right holder is refused too.
    QVERIFY(a.acquire(*m_appSession, a.lockName, u"app-a"_s));
    auto again = table.lock(a.lockName);
    LOCKSCOPE_VERIFY_OK(again);
    auto wrongTime = table.forceRelease(a.lockName, u"app-a"_s, *(*again)->seenTimeMs - 5000);
    LOCKSCOPE_VERIFY_OK(wrongTime);
    QVERIFY(!wrongTime->released);
    QCOMPARE(a.release(*m_appSession, a.lockName, u"app-a"_s), 1);
}

void ProfilesTest::initializeOnlyWhereTheApplicationPreCreatesRows()
{
    const App a = app(u"seed-000"_s);
    ProfileTable table = open(a);
    auto created = table.initialize(u"pre-created"_s, u"admin"_s);
    LOCKSCOPE_VERIFY_OK(created);
    QVERIFY(*created);
    auto again = table.initialize(u"pre-created"_s, u"admin"_s);
    LOCKSCOPE_VERIFY_OK(again);
    QVERIFY(!*again);
    auto row = table.lock(u"pre-created"_s);
    LOCKSCOPE_VERIFY_OK(row);
    QCOMPARE(ProfileLock::stateName((*row)->state), u"free"_s);
    // The application's competeLock takes the initialized row.
    QVERIFY(a.acquire(*m_appSession, u"pre-created"_s, u"app-x"_s));
    QCOMPARE(a.release(*m_appSession, u"pre-created"_s, u"app-x"_s), 1);

    ProfileTable shed = open(app(u"shedlock"_s));
    auto none = shed.initialize(u"x"_s, u"admin"_s);
    QVERIFY(!none);
    QVERIFY(none.error().message.contains(u"no initialize"_s));

    // knex inserts its one row itself; a second row would make it refuse for good.
    const App knex = app(u"knex"_s);
    ProfileTable knexTable = open(knex);
    auto second = knexTable.initialize(u"2"_s, u"admin"_s);
    QVERIFY(!second);
    QVERIFY2(second.error().message.contains(u"knex inserts its own row"_s),
             qPrintable(second.error().message));
    QCOMPARE(testsupport::countRows(*m_session, knex.table), 1);

    // Liquibase's own initial row: ID, LOCKED false, LOCKEDBY and LOCKGRANTED NULL, only when
    // missing.
    const App liquibase = app(u"liquibase"_s);
    ProfileTable liquibaseTable = open(liquibase);
    auto existing = liquibaseTable.initialize(u"1"_s, u"admin"_s);
    LOCKSCOPE_VERIFY_OK(existing);
    QVERIFY(!*existing);
    QVERIFY(testsupport::execRaw(*m_session, u"DELETE FROM "_s + liquibase.table));
    auto made = liquibaseTable.initialize(u"1"_s, u"admin"_s);
    LOCKSCOPE_VERIFY_OK(made);
    QVERIFY(*made);
    QSqlQuery nulls(m_session->database());
    QVERIFY(nulls.exec(u"SELECT LOCKEDBY, LOCKGRANTED FROM "_s + liquibase.table + u" WHERE ID = 1"_s));
    QVERIFY(nulls.next());
    QVERIFY(nulls.value(0).isNull());
    QVERIFY(nulls.value(1).isNull());
    nulls.finish();
    auto free = liquibaseTable.lock(u"1"_s);
    LOCKSCOPE_VERIFY_OK(free);
    QCOMPARE(ProfileLock::stateName((*free)->state), u"free"_s);
    QVERIFY(liquibase.acquire(*m_appSession, u"1"_s, u"liquibase-host"_s));
    QCOMPARE(liquibase.release(*m_appSession, u"1"_s, u"liquibase-host"_s), 1);
}

void ProfilesTest::detectionFindsEachProfilesTable()
{
    const QString unrelated = TestBackend::uniqueTable(u"prof_unrel"_s);
    const QString partial = TestBackend::uniqueTable(u"prof_partial"_s);
    QString error;
    QVERIFY2(testsupport::execRaw(*m_session, u"CREATE TABLE "_s + unrelated
                                                  + u" (a INT, b VARCHAR(10))"_s, &error),
             qPrintable(error));
    QVERIFY2(testsupport::execRaw(*m_session, u"CREATE TABLE "_s + partial
                                                  + u" (LOCK_NAME VARCHAR(64), LOCK_HOLDER"
                                                    u" VARCHAR(64), name VARCHAR(64))"_s,
                                  &error),
             qPrintable(error));
    m_tables << unrelated << partial;
    auto found = lockcore::detectProfileTables(*m_session);
    LOCKSCOPE_VERIFY_OK(found);
    const auto has = [&](const QString &table, const QString &profile) {
        return std::any_of(found->cbegin(), found->cend(), [&](const lockcore::DetectedTable &d) {
            return d.table.compare(table, Qt::CaseInsensitive) == 0 && d.profile == profile;
        });
    };
    const auto mentioned = [&](const QString &table) {
        return std::any_of(found->cbegin(), found->cend(), [&](const lockcore::DetectedTable &d) {
            return d.table.compare(table, Qt::CaseInsensitive) == 0;
        });
    };
    for (const QString &id : Profile::builtInIds()) {
        // graphile-worker's tables are found in its own schema, graphile_worker (below).
        if (!Profile::builtIn(id)->defaultTable.contains(u'.'))
            QVERIFY2(has(app(id).table, id), qPrintable(id));
    }
    QVERIFY(!mentioned(unrelated));
    QVERIFY(!mentioned(partial));
    // Each profile's table is reported with its own profile only.
    for (const QString &id : Profile::builtInIds()) {
        for (const lockcore::DetectedTable &d : *found) {
            if (d.table.compare(app(id).table, Qt::CaseInsensitive) == 0)
                QCOMPARE(d.profile, id);
        }
    }
    if (m_session->dialect().kind() != Dialect::Kind::PostgreSQL)
        return;
    // graphile_worker is the real library's schema (other tests may run graphile-worker on
    // this server): created in a transaction of this session only, and rolled back.
    QVERIFY2(testsupport::execRaw(*m_session, u"BEGIN"_s, &error), qPrintable(error));
    const QStringList ddl{
        u"CREATE SCHEMA IF NOT EXISTS graphile_worker"_s,
        u"CREATE TABLE IF NOT EXISTS graphile_worker._private_jobs (id bigint primary key,"
        u" task_id int, locked_at timestamptz, locked_by text)"_s,
        u"CREATE TABLE IF NOT EXISTS graphile_worker._private_job_queues (id int primary key,"
        u" queue_name text, locked_at timestamptz, locked_by text)"_s};
    for (const QString &sql : ddl) {
        if (!testsupport::execRaw(*m_session, sql, &error)) {
            testsupport::execRaw(*m_session, u"ROLLBACK"_s);
            QFAIL(qPrintable(sql + u": "_s + error));
        }
    }
    auto graphile = lockcore::detectProfileTables(*m_session);
    testsupport::execRaw(*m_session, u"ROLLBACK"_s);
    LOCKSCOPE_VERIFY_OK(graphile);
    const auto hasQualified = [&](const QString &table, const QString &profile) {
        return std::any_of(graphile->cbegin(), graphile->cend(), [&](const lockcore::DetectedTable &d) {
            return d.table == table && d.profile == profile;
        });
    };
    QVERIFY(hasQualified(u"graphile_worker._private_jobs"_s, u"graphile-worker-jobs"_s));
    QVERIFY(hasQualified(u"graphile_worker._private_job_queues"_s, u"graphile-worker-queues"_s));
    // Columns alike in the connection's own schema are not graphile-worker's.
    QVERIFY(!mentioned(app(u"graphile-worker-jobs"_s).table));
}

void ProfilesTest::badInputGetsClearErrors()
{
    const Profile seed000 = *Profile::builtIn(u"seed-000"_s);
    auto quoted = ProfileTable::open(*m_session, seed000, u"bad\"name"_s);
    QVERIFY(!quoted);
    QCOMPARE(quoted.error().kind, lockcore::Error::Kind::InvalidInput);
    QVERIFY(quoted.error().message.contains(u"not a valid table name"_s));

    auto missing = ProfileTable::open(*m_session, seed000, u"prof_no_such_table"_s);
    QVERIFY(!missing);
    QVERIFY2(missing.error().message.contains(u"prof_no_such_table"_s),
             qPrintable(missing.error().fullText()));

    auto mapping = Profile::custom({{u"table"_s, app(u"shedlock"_s).table},
                                    {u"name_column"_s, u"name"_s},
                                    {u"holder_column"_s, u"no_such_column"_s},
                                    {u"expires_column"_s, u"lock_until"_s}});
    LOCKSCOPE_VERIFY_OK(mapping);
    auto wrong = ProfileTable::open(*m_session, *mapping);
    QVERIFY(!wrong);
    QVERIFY2(wrong.error().message.contains(u"does not have the columns"_s),
             qPrintable(wrong.error().fullText()));

    auto badColumn = Profile::custom({{u"table"_s, u"t"_s}, {u"name_column"_s, u"na\"me"_s}});
    QVERIFY(!badColumn);
    QVERIFY(badColumn.error().message.contains(u"not a valid column name"_s));

    // A custom mapping of ShedLock's table works like the built-in profile.
    auto custom = Profile::custom({{u"table"_s, app(u"shedlock"_s).table},
                                   {u"name_column"_s, u"name"_s},
                                   {u"holder_column"_s, u"locked_by"_s},
                                   {u"locked_at_column"_s, u"locked_at"_s},
                                   {u"expires_column"_s, u"lock_until"_s},
                                   {u"release"_s, u"expire"_s}});
    LOCKSCOPE_VERIFY_OK(custom);
    auto round = Profile::fromMap(custom->toMap());
    LOCKSCOPE_VERIFY_OK(round);
    QCOMPARE(round->toMap(), custom->toMap());
    auto customTable = ProfileTable::open(*m_session, *round);
    LOCKSCOPE_VERIFY_OK(customTable);
    auto granted = customTable->acquire(u"custom-1"_s, u"admin"_s, 10000);
    LOCKSCOPE_VERIFY_OK(granted);
    QVERIFY(granted->acquired);
    const App shed = app(u"shedlock"_s);
    QVERIFY(!shed.acquire(*m_appSession, u"custom-1"_s, u"app"_s));
    auto released = customTable->release(u"custom-1"_s, u"admin"_s);
    LOCKSCOPE_VERIFY_OK(released);
    QVERIFY(*released);
    QVERIFY(shed.acquire(*m_appSession, u"custom-1"_s, u"app"_s));
}

LOCKSCOPE_BACKEND_TEST_MAIN(ProfilesTest)
#include "tst_profiles.moc"
