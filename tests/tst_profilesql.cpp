// The profiles' statements as text, for every database (Oracle is never run live here): binds
// match placeholders, Oracle uses SYSTIMESTAMP intervals (never SYSDATE), identifiers are quoted.
#include "dialect.h"
#include "profile.h"
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

QTEST_APPLESS_MAIN(ProfileSqlTest)
#include "tst_profilesql.moc"
