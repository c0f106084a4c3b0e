// SPDX-License-Identifier: GPL-3.0-or-later
// The cluster status on each single test server (SQLite, PostgreSQL, MariaDB): standalone,
// no warning, nothing unreadable, the node the server names; and lockctl cluster saying the
// same in text and JSON, exit code 0 (3 for a server it cannot reach). The replicated cases
// are tst_clusterview's, on the Galera and pg_auto_failover clusters.

#include "clusterstatus.h"
#include "clusterwarnings.h"
#include "lockctlrun.h"
#include "testbackend.h"

#include <QJsonArray>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace lockcore;
using testsupport::TestBackend;

class ClusterStatusTest : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void aSingleServerIsStandalone();
    void readingTwiceGivesTheSameStatus();
    void lockctlClusterPrintsStandalone();
    void lockctlClusterFailsWithTheDatabaseExitCode();

private:
    std::unique_ptr<Session> m_session;
};

void ClusterStatusTest::initTestCase()
{
    QString error;
    m_session = TestBackend::instance().open(&error);
    QVERIFY2(m_session, qPrintable(error));
}

// Decided (clusterstatus.h): PostgreSQL with nothing replicating from it is standalone, as
// MariaDB without Galera and SQLite are.
void ClusterStatusTest::aSingleServerIsStandalone()
{
    auto status = readClusterStatus(*m_session);
    LOCKSCOPE_VERIFY_OK(status);
    QCOMPARE(status->kind, ClusterStatus::Kind::Standalone);
    QVERIFY(clusterWarnings(*status).isEmpty());
    QVERIFY2(status->unreadable.isEmpty(), qPrintable(status->unreadable.join(u'\n')));
    QVERIFY(status->members.isEmpty());
    QVERIFY(!status->galera);
    const TestBackend &backend = TestBackend::instance();
    if (backend.isSqlite()) {
        QCOMPARE(status->node, backend.spec().path);
        QVERIFY(!status->postgres);
        return;
    }
    // The server names itself with the port the test connected to.
    QVERIFY2(status->node.endsWith(u':' + QString::number(backend.spec().port)),
             qPrintable(status->node));
    QCOMPARE(status->postgres.has_value(), backend.isPostgres());
    if (backend.isPostgres()) {
        QVERIFY(!status->postgres->inRecovery);
        QCOMPARE(status->postgres->standbysConnected, 0);
    }
}

// The reads leave nothing behind on the session: a second read, and a lock-table read in
// between, give the same answers.
void ClusterStatusTest::readingTwiceGivesTheSameStatus()
{
    auto first = readClusterStatus(*m_session);
    LOCKSCOPE_VERIFY_OK(first);
    QVERIFY(testsupport::execRaw(*m_session, u"SELECT 1"_s));
    auto second = readClusterStatus(*m_session);
    LOCKSCOPE_VERIFY_OK(second);
    QCOMPARE(second->node, first->node);
    QCOMPARE(second->kind, first->kind);
}

// lockctl cluster: "standalone" in its text, the JSON's kind, no warnings, exit code 0.
void ClusterStatusTest::lockctlClusterPrintsStandalone()
{
    if (testsupport::lockctlProgram().isEmpty())
        QSKIP("lockctl is not built");
    const testsupport::LockctlRun text = testsupport::runLockctl({u"cluster"_s});
    QVERIFY2(text.finished && text.exitCode == 0, qPrintable(text.describe()));
    QVERIFY2(text.outText().contains(u"kind:     standalone"_s), qPrintable(text.describe()));
    QVERIFY2(!text.outText().contains(u"WARNING"_s), qPrintable(text.describe()));

    const testsupport::LockctlRun json = testsupport::runLockctl({u"cluster"_s, u"--json"_s});
    QVERIFY2(json.finished && json.exitCode == 0 && json.isJson, qPrintable(json.describe()));
    QCOMPARE(json.json.value(u"kind"_s).toString(), u"standalone"_s);
    QCOMPARE(json.json.value(u"warnings"_s).toArray().size(), 0);
    QVERIFY(!json.json.value(u"node"_s).toString().isEmpty());
}

// A server that cannot be reached: the database exit code (3), with lockctl's error.
void ClusterStatusTest::lockctlClusterFailsWithTheDatabaseExitCode()
{
    if (testsupport::lockctlProgram().isEmpty())
        QSKIP("lockctl is not built");
    if (TestBackend::instance().isSqlite())
        QSKIP("SQLite has no server to miss");
    testsupport::LockctlOptions options;
    options.url = TestBackend::instance().isPostgres()
                      ? u"postgresql://nobody@127.0.0.1:1/none"_s
                      : u"mysql://nobody@127.0.0.1:1/none"_s;
    const testsupport::LockctlRun run
        = testsupport::runLockctl({u"--connect-timeout"_s, u"2s"_s, u"cluster"_s}, options);
    QVERIFY2(run.finished && run.exitCode == 3, qPrintable(run.describe()));
    QVERIFY2(run.errText().contains(u"127.0.0.1"_s), qPrintable(run.describe()));
}

LOCKSCOPE_BACKEND_TEST_MAIN(ClusterStatusTest)
#include "tst_clusterstatus.moc"
