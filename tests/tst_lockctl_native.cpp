// lockctl native-locks and terminate as a script sees them: real lockctl processes (the URL in
// LOCKSCOPE_DB), their exit codes and their one JSON object, against a connection of the
// test's own that holds a pg_advisory_lock / GET_LOCK.

#include "lockctlrun.h"
#include "testbackend.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QRandomGenerator>
#include <QSqlQuery>

using namespace Qt::StringLiterals;
using testsupport::runLockctl; // on the backend's database (LOCKSCOPE_DB), no terminal
using testsupport::TestBackend;
using Run = testsupport::LockctlRun;

namespace {

QString uniqueKey()
{
    const quint64 r = QRandomGenerator::global()->generate64() >> 2;
    if (TestBackend::instance().isPostgres())
        return QString::number(qint64(r));
    return u"tst_lockctl_native.%1"_s.arg(r);
}

qint64 holdLock(lockcore::Session &session, const QString &key)
{
    QSqlQuery q(session.database());
    const bool pg = TestBackend::instance().isPostgres();
    if (!q.exec(pg ? u"SELECT pg_advisory_lock(%1)"_s.arg(key)
                   : u"SELECT GET_LOCK('%1', 0)"_s.arg(key)))
        return -1;
    if (!q.exec(pg ? u"SELECT pg_backend_pid()"_s : u"SELECT CONNECTION_ID()"_s) || !q.next())
        return -1;
    return q.value(0).toLongLong();
}

bool alive(lockcore::Session &session)
{
    QSqlQuery q(session.database());
    return q.exec(u"SELECT 1"_s) && q.next();
}

} // namespace

#define VERIFY_EXIT(run, code) QVERIFY2((run).exitCode == (code), qPrintable((run).describe()))

class LockctlNativeTest : public QObject
{
    Q_OBJECT

private slots:
    // SQLite has no locks of its own: a clear error, no crash.
    void initTestCase()
    {
        if (TestBackend::instance().isSqlite()) {
            const Run run = runLockctl({u"native-locks"_s, u"--json"_s});
            QVERIFY2(run.exitCode == 2 && run.json.contains(u"error"_s), qPrintable(run.describe()));
            QSKIP("SQLite has no advisory or user locks (checked: a clear error, exit code 2).");
        }
    }

    // native-locks lists the holder with its pid and user; terminate ends it (exit 0), then
    // refuses (exit 1) since it no longer holds the lock; without --yes off a terminal, exit 2.
    void listAndTerminate()
    {
        QString error;
        auto holder = TestBackend::instance().open(&error);
        QVERIFY2(holder, qPrintable(error));
        const QString key = uniqueKey();
        const qint64 pid = holdLock(*holder, key);
        QVERIFY(pid > 0);

        const Run list = runLockctl({u"native-locks"_s, u"--json"_s, u"--name"_s, key});
        VERIFY_EXIT(list, 0);
        bool found = false;
        for (const QJsonValue &v : list.json.value(u"locks"_s).toArray()) {
            const QJsonObject lock = v.toObject();
            if (lock.value(u"key"_s).toString() == key) {
                found = true;
                QCOMPARE(qint64(lock.value(u"pid"_s).toDouble()), pid);
                QCOMPARE(lock.value(u"user"_s).toString(), TestBackend::instance().spec().user);
                QVERIFY(lock.value(u"granted"_s).toBool());
            }
        }
        QVERIFY2(found, qPrintable(list.describe()));
        const Run text = runLockctl({u"native-locks"_s, u"--name"_s, key});
        VERIFY_EXIT(text, 0);
        QVERIFY(text.out.contains(key.toUtf8()));
        QVERIFY(text.out.contains(QByteArray::number(pid)));

        const QString pidText = QString::number(pid);
        const Run unconfirmed = runLockctl({u"terminate"_s, pidText, u"--expect-lock"_s, key});
        VERIFY_EXIT(unconfirmed, 2);
        const Run wrongLock = runLockctl(
            {u"terminate"_s, pidText, u"--expect-lock"_s, key + u"9"_s, u"--yes"_s, u"--json"_s});
        VERIFY_EXIT(wrongLock, 1);
        QVERIFY(alive(*holder));
        const Run noKey = runLockctl({u"terminate"_s, pidText, u"--yes"_s});
        VERIFY_EXIT(noKey, 2);

        const Run done = runLockctl(
            {u"terminate"_s, pidText, u"--expect-lock"_s, key, u"--yes"_s, u"--json"_s});
        VERIFY_EXIT(done, 0);
        QCOMPARE(done.json.value(u"outcome"_s).toString(), u"terminated"_s);
        QVERIFY(done.json.value(u"lock_freed"_s).toBool());
        QVERIFY(done.err.contains("terminate at")); // the audit line in the log
        QVERIFY(!alive(*holder));
        const Run again = runLockctl(
            {u"terminate"_s, pidText, u"--expect-lock"_s, key, u"--yes"_s, u"--json"_s});
        VERIFY_EXIT(again, 1);
    }
};

LOCKSCOPE_BACKEND_TEST_MAIN(LockctlNativeTest)
#include "tst_lockctl_native.moc"
