// SPDX-License-Identifier: GPL-3.0-or-later
// The profiles' statements as text, for every database (Oracle is never run live here): binds
// match placeholders, Oracle uses SYSTIMESTAMP intervals (never SYSDATE), identifiers are quoted.
#include "dialect.h"
#include "profile.h"
#include "profilecolumntypes.h"
#include "profiledetect.h"
#include "profilesql.h"

#include <QTest>

using namespace Qt::StringLiterals;
using lockcore::Dialect;
using lockcore::Profile;
using lockcore::ProfileSql;
using lockcore::Statement;

class ProfileSqlTest : public QObject
{
    Q_OBJECT

private slots:
    // Every statement of every profile on every database binds one value per placeholder.
    void bindsMatchPlaceholders();
    // Oracle's seed-000 compete uses the database clock with NUMTODSINTERVAL, quoted names.
    void oracleSeed000Text();
    // Detection's Oracle catalog query and column matching.
    void detectionText();
    // The later applications' tables are matched by their own profile only.
    void detectionOfLaterProfiles();
    // Column types as each catalog names them; a time column that does not fit is refused.
    void columnTypesAndTimeForms();
    // Epoch and timestamptz statements on Oracle (never run live), boolean status literals.
    void oracleEpochAndInstantText();
    // The mapping keys of issue 50 round-trip through toMap/fromMap and are validated.
    void customMappingNewKeys();
};

static int placeholders(const QString &sql)
{
    int n = 0;
    bool quoted = false;
    for (QChar c : sql) {
        if (c == u'\'')
            quoted = !quoted;
        else if (c == u'?' && !quoted)
            ++n;
    }
    return n;
}

void ProfileSqlTest::bindsMatchPlaceholders()
{
    for (auto kind : {Dialect::Kind::SQLite, Dialect::Kind::PostgreSQL, Dialect::Kind::MySQL,
                      Dialect::Kind::Oracle}) {
        const auto dialect = Dialect::create(kind);
        for (const QString &id : Profile::builtInIds()) {
            const Profile p = *Profile::builtIn(id);
            const ProfileSql sql(*dialect, p, p.defaultTable);
            const QList<Statement> all{sql.probe(), sql.select(), sql.select(u"n"_s),
                                       sql.acquireUpdate(u"n"_s, u"h"_s, 1000),
                                       sql.acquireInsert(u"n"_s, u"h"_s, 1000),
                                       sql.release(u"n"_s, u"h"_s),
                                       sql.forceRelease(u"n"_s, u"h"_s, 42),
                                       sql.initialize(u"n"_s, u"h"_s)};
            for (const Statement &st : all)
                QVERIFY2(placeholders(st.text()) == st.binds().size(),
                         qPrintable(dialect->name() + u' ' + id + u": "_s + st.text()));
        }
    }
}

void ProfileSqlTest::oracleSeed000Text()
{
    const auto oracle = Dialect::create(Dialect::Kind::Oracle);
    const Profile p = *Profile::builtIn(u"seed-000"_s);
    const ProfileSql sql(*oracle, p, p.defaultTable);
    const QString compete = sql.acquireUpdate(u"JOB"_s, u"node-1"_s, 30000).text();
    QCOMPARE(compete,
             u"UPDATE \"TBL_PESSIMISTIC_LOCK\" SET \"LOCK_HOLDER\" = ?, \"LOCK_TIME\" = "
             u"CAST(SYSTIMESTAMP AS TIMESTAMP), \"EXPIRED_TIME\" = CAST(SYSTIMESTAMP AS TIMESTAMP) "
             u"+ NUMTODSINTERVAL(? / 1000, 'SECOND'), \"LOCK_STATUS\" = 1 WHERE \"LOCK_NAME\" = ? "
             u"AND (\"LOCK_STATUS\" = 0 OR \"EXPIRED_TIME\" < CAST(SYSTIMESTAMP AS TIMESTAMP))"_s);
    QVERIFY(!compete.contains(u"SYSDATE"_s));
    const Statement force = sql.forceRelease(u"JOB"_s, u"node-1"_s, 1000);
    QVERIFY(force.text().startsWith(u"UPDATE \"TBL_PESSIMISTIC_LOCK\" SET \"LOCK_STATUS\" = 0 WHERE"_s));
    QVERIFY(force.text().contains(u"\"LOCK_HOLDER\" = ?"_s));
    QVERIFY(force.text().contains(u"\"LOCK_STATUS\" = 1"_s));
    QCOMPARE(force.binds(), (QVariantList{u"JOB"_s, u"node-1"_s, qint64(1000)}));
    // ShedLock on Oracle: UTC.
    const Profile shed = *Profile::builtIn(u"shedlock"_s);
    QVERIFY(ProfileSql(*oracle, shed, shed.defaultTable)
                .release(u"n"_s, u"h"_s)
                .text()
                .contains(u"SYS_EXTRACT_UTC(SYSTIMESTAMP)"_s));
}

void ProfileSqlTest::detectionText()
{
    const QString oracle = lockcore::catalogColumnsSql(Dialect::Kind::Oracle);
    QVERIFY(oracle.contains(u"ALL_TAB_COLUMNS"_s));
    QVERIFY(oracle.contains(u"SYS_CONTEXT('USERENV', 'CURRENT_SCHEMA')"_s));
    QCOMPARE(lockcore::matchingProfiles({u"NAME"_s, u"LOCK_UNTIL"_s, u"locked_at"_s,
                                         u"locked_by"_s, u"extra"_s}),
             QStringList{u"shedlock"_s});
    QVERIFY(lockcore::matchingProfiles({u"name"_s, u"lock_until"_s}).isEmpty());
}

void ProfileSqlTest::detectionOfLaterProfiles()
{
    using lockcore::matchingProfiles;
    QCOMPARE(matchingProfiles({u"LOCK_KEY"_s, u"REGION"_s, u"CLIENT_ID"_s, u"CREATED_DATE"_s,
                               u"EXPIRED_AFTER"_s}),
             QStringList{u"spring-int-lock-ttl"_s});
    QCOMPARE(matchingProfiles({u"LOCK_KEY"_s, u"REGION"_s, u"CLIENT_ID"_s, u"CREATED_DATE"_s}),
             QStringList{u"spring-int-lock"_s});
    QCOMPARE(matchingProfiles({u"index"_s, u"is_locked"_s}), QStringList{u"knex"_s});
    QCOMPARE(matchingProfiles({u"key"_s, u"owner"_s, u"expiration"_s}), QStringList{u"laravel"_s});
    // Laravel's cache table (its scheduler's mutexes): its value column is required too.
    QCOMPARE(matchingProfiles({u"key"_s, u"value"_s, u"expiration"_s}),
             QStringList{u"laravel-schedule"_s});
    QVERIFY(matchingProfiles({u"key"_s, u"expiration"_s}).isEmpty());
    QCOMPARE(matchingProfiles({u"ID"_s, u"LOCKED"_s, u"LOCKGRANTED"_s, u"LOCKEDBY"_s}),
             QStringList{u"liquibase"_s});
    QCOMPARE(matchingProfiles({u"task_name"_s, u"task_instance"_s, u"task_data"_s,
                               u"execution_time"_s, u"picked"_s, u"picked_by"_s,
                               u"last_heartbeat"_s, u"version"_s}),
             QStringList{u"db-scheduler"_s});
    QCOMPARE(matchingProfiles({u"SCHED_NAME"_s, u"INSTANCE_NAME"_s, u"LAST_CHECKIN_TIME"_s,
                               u"CHECKIN_INTERVAL"_s}),
             QStringList{u"quartz-instances"_s});
    QCOMPARE(matchingProfiles({u"SCHED_NAME"_s, u"LOCK_NAME"_s}), QStringList{u"quartz"_s});
    // graphile-worker's columns in the connection's own schema are not its tables.
    QVERIFY(matchingProfiles({u"id"_s, u"queue_name"_s, u"locked_at"_s, u"locked_by"_s}).isEmpty());
    QVERIFY(lockcore::catalogColumnsSql(Dialect::Kind::Oracle).contains(u"data_type"_s));
}

void ProfileSqlTest::columnTypesAndTimeForms()
{
    using lockcore::ColumnType;
    using lockcore::TimeForm;
    using lockcore::classifyColumnType;
    QCOMPARE(classifyColumnType(Dialect::Kind::Oracle, u"TIMESTAMP(6) WITH TIME ZONE"_s),
             ColumnType::TimestampTz);
    QCOMPARE(classifyColumnType(Dialect::Kind::Oracle, u"TIMESTAMP(6)"_s), ColumnType::Timestamp);
    QCOMPARE(classifyColumnType(Dialect::Kind::Oracle, u"DATE"_s), ColumnType::Timestamp);
    QCOMPARE(classifyColumnType(Dialect::Kind::Oracle, u"NUMBER"_s), ColumnType::Integer);
    QCOMPARE(classifyColumnType(Dialect::Kind::Oracle, u"VARCHAR2"_s), ColumnType::Text);
    QCOMPARE(classifyColumnType(Dialect::Kind::PostgreSQL, u"timestamp with time zone"_s),
             ColumnType::TimestampTz);
    QCOMPARE(classifyColumnType(Dialect::Kind::PostgreSQL, u"boolean"_s), ColumnType::Boolean);
    QCOMPARE(classifyColumnType(Dialect::Kind::MySQL, u"bit"_s), ColumnType::Integer);
    QCOMPARE(classifyColumnType(Dialect::Kind::SQLite, u"BIGINT"_s), ColumnType::Integer);
    QCOMPARE(classifyColumnType(Dialect::Kind::SQLite, u"TEXT"_s), ColumnType::Text);

    const Profile quartz = *Profile::builtIn(u"quartz-instances"_s);
    auto ms = lockcore::timeFormOf(Dialect::Kind::Oracle, quartz, u"QRTZ_SCHEDULER_STATE"_s,
                                   u"LAST_CHECKIN_TIME"_s, u"NUMBER"_s);
    QVERIFY(ms.ok());
    QCOMPARE(*ms, TimeForm::EpochMs);
    Profile plain = quartz;
    plain.epochUnit = Profile::Epoch::None;
    auto refused = lockcore::timeFormOf(Dialect::Kind::Oracle, plain, u"QRTZ_SCHEDULER_STATE"_s,
                                        u"LAST_CHECKIN_TIME"_s, u"NUMBER"_s);
    QVERIFY(!refused.ok());
    for (const QString &part : {u"QRTZ_SCHEDULER_STATE"_s, u"LAST_CHECKIN_TIME"_s, u"NUMBER"_s,
                                u"\"epoch\""_s})
        QVERIFY2(refused.error().message.contains(part), qPrintable(refused.error().message));
    auto text = lockcore::timeFormOf(Dialect::Kind::PostgreSQL, plain, u"t"_s, u"c"_s, u"text"_s);
    QVERIFY(!text.ok());
    auto sqliteText = lockcore::timeFormOf(Dialect::Kind::SQLite, plain, u"t"_s, u"c"_s, u"TEXT"_s);
    QVERIFY(sqliteText.ok());
    QCOMPARE(*sqliteText, TimeForm::Timestamp);
}

void ProfileSqlTest::oracleEpochAndInstantText()
{
    const auto oracle = Dialect::create(Dialect::Kind::Oracle);
    const Profile laravel = *Profile::builtIn(u"laravel"_s);
    const ProfileSql sql(*oracle, laravel, laravel.defaultTable);
    const QString take = sql.acquireUpdate(u"k"_s, u"o"_s, 30000).text();
    // Epoch seconds by the database clock in UTC; never SYSDATE.
    QVERIFY2(take.contains(u"\"expiration\" = (FLOOR("_s) && take.contains(u"SYS_EXTRACT_UTC"_s)
                 && take.contains(u"\"expiration\" <= FLOOR("_s) && !take.contains(u"SYSDATE"_s),
             qPrintable(take));
    QVERIFY(sql.select().text().contains(u"(\"expiration\" * 1000)"_s));

    Profile graphile = *Profile::builtIn(u"graphile-worker-jobs"_s);
    lockcore::ProfileColumnForms forms;
    forms.times.insert(u"locked_at"_s, lockcore::TimeForm::TimestampTz);
    const ProfileSql instant(*oracle, graphile, u"GW.JOBS"_s, forms);
    const QString release = instant.release(u"1"_s, u"w"_s).text();
    QVERIFY2(release.contains(u"\"locked_by\" = NULL, \"locked_at\" = NULL"_s), qPrintable(release));
    QVERIFY2(instant.acquireUpdate(u"1"_s, u"w"_s, 0).text().contains(u"\"locked_at\" = SYSTIMESTAMP"_s),
             qPrintable(instant.acquireUpdate(u"1"_s, u"w"_s, 0).text()));

    const auto pg = Dialect::create(Dialect::Kind::PostgreSQL);
    Profile liquibase = *Profile::builtIn(u"liquibase"_s);
    lockcore::ProfileColumnForms boolean = lockcore::ProfileColumnForms::assumed(liquibase);
    boolean.booleanStatus = true;
    const ProfileSql lq(*pg, liquibase, liquibase.defaultTable, boolean);
    QCOMPARE(lq.release(u"1"_s, u"host"_s).text(),
             u"UPDATE \"DATABASECHANGELOGLOCK\" SET \"LOCKED\" = FALSE, \"LOCKEDBY\" = NULL, "
             u"\"LOCKGRANTED\" = NULL WHERE \"ID\" = ? AND \"LOCKEDBY\" = ? AND \"LOCKED\" = TRUE"_s);
}

void ProfileSqlTest::customMappingNewKeys()
{
    const QVariantMap mapping{{u"profile"_s, u"custom"_s},
                              {u"table"_s, u"qrtz_state"_s},
                              {u"group_column"_s, u"sched"_s},
                              {u"name_column"_s, u"instance"_s},
                              {u"holder_column"_s, u"owner"_s},
                              {u"locked_at_column"_s, u"checkin"_s},
                              {u"ttl_column"_s, u"interval_ms"_s},
                              {u"ttl_grace_ms"_s, 7500},
                              {u"epoch"_s, u"ms"_s},
                              {u"null_when_free"_s, true}};
    auto p = Profile::fromMap(mapping);
    QVERIFY2(p.ok(), p.ok() ? "" : qPrintable(p.error().message));
    QCOMPARE(p->columns.group, u"sched"_s);
    QCOMPARE(p->columns.ttl, u"interval_ms"_s);
    QCOMPARE(p->ttlGraceMs, 7500);
    QCOMPARE(p->epochUnit, Profile::Epoch::Milliseconds);
    QVERIFY(p->nullWhenFree);
    auto round = Profile::fromMap(p->toMap());
    QVERIFY(round.ok());
    QCOMPARE(round->toMap(), p->toMap());
    QCOMPARE(p->splitName(u"a/b/c"_s).value(), std::make_pair(u"a"_s, u"b/c"_s));
    QVERIFY(!p->splitName(u"abc"_s).ok());

    const auto refused = [&](const QString &key, const QVariant &value, const QString &says) {
        QVariantMap bad = mapping;
        if (value.isValid())
            bad.insert(key, value);
        else
            bad.remove(key);
        auto r = Profile::fromMap(bad);
        return !r.ok() && r.error().message.contains(says);
    };
    QVERIFY(refused(u"epoch"_s, u"us"_s, u"\"epoch\""_s));
    QVERIFY(refused(u"read_only"_s, true, u"read_only"_s));
    QVERIFY(refused(u"locked_at_column"_s, QVariant(), u"locked-at"_s));
    QVERIFY(refused(u"ttl_grace_ms"_s, -1, u"grace"_s));
    QVERIFY(refused(u"time"_s, u"local"_s, u"utc"_s));
    QVERIFY(refused(u"holder_column"_s, QVariant(), u"null_when_free"_s));
    QVERIFY(refused(u"name_like"_s, u"job\\_%"_s, u"name_like"_s)); // escapes differ by database
    QVERIFY(refused(u"name_like"_s, QString(300, u'%'), u"name_like"_s));

    // name_like: a bound LIKE on every select and keyed write; other names refused up front.
    QVariantMap scoped = mapping;
    scoped.insert(u"name_like"_s, u"job-%"_s);
    auto like = Profile::fromMap(scoped);
    QVERIFY2(like.ok(), like.ok() ? "" : qPrintable(like.error().message));
    QCOMPARE(like->toMap().value(u"name_like"_s).toString(), u"job-%"_s);
    QCOMPARE(Profile::fromMap(like->toMap())->nameLike, u"job-%"_s);
    QVERIFY(like->nameMatches(u"sched/JOB-1"_s) && !like->nameMatches(u"sched/report"_s));
    const Profile schedule = *Profile::builtIn(u"laravel-schedule"_s);
    QVERIFY(schedule.nameMatches(u"laravel_cacheframework/schedule-0a1b"_s));
    QVERIFY(!schedule.nameMatches(u"laravel_cachegreeting"_s));
    const auto pg = Dialect::create(Dialect::Kind::PostgreSQL);
    const ProfileSql sql(*pg, schedule, schedule.defaultTable);
    const QString list = sql.select().text();
    QVERIFY2(list.startsWith(u"SELECT \"key\", NULL, NULL, (CAST(\"expiration\" AS bigint) * 1000)"_s)
                 && list.endsWith(u" FROM \"cache\" WHERE \"key\" LIKE ? ORDER BY \"key\""_s),
             qPrintable(list));
    QCOMPARE(sql.select().binds(), QVariantList{u"%framework/schedule-%"_s});
    const Statement force = sql.forceRelease(u"k"_s, QString(), 1000);
    QVERIFY2(force.text().startsWith(u"DELETE FROM \"cache\" WHERE \"key\" = ? AND \"key\" LIKE ? AND"_s),
             qPrintable(force.text()));
    QCOMPARE(force.binds(),
             (QVariantList{u"k"_s, u"%framework/schedule-%"_s, qint64(1000)}));
    QVERIFY(sql.acquireUpdate(u"k"_s, u"h"_s, 1000).text().contains(u"\"key\" LIKE ?"_s));
    // Built-ins: read-only with a reason; initialize only for seed-000 and liquibase.
    QVERIFY(Profile::builtIn(u"quartz"_s)->readOnly);
    QVERIFY(!Profile::builtIn(u"quartz-instances"_s)->readOnlyReason.isEmpty());
    for (const QString &id : Profile::builtInIds())
        QCOMPARE(Profile::builtIn(id)->hasInitialize, id == u"seed-000" || id == u"liquibase");
}

QTEST_APPLESS_MAIN(ProfileSqlTest)
#include "tst_profilesql.moc"
