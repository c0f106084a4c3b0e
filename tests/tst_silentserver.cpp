// SPDX-License-Identifier: GPL-3.0-or-later
// Faults (issue 34): every call has a deadline on every transport. A server that stops
// answering (its processes stopped with SIGSTOP: connections stay open, nothing comes back)
// abandons a statement at its deadline with "no answer ... outcome unknown", the next call
// reconnects, and a connect to it ends at the connect timeout. Run on libpq and Connector/C,
// through Qt's own drivers (_qtdriver, _batch) and through ODBC (_odbc: the connection's socket
// is the one that appeared in the process while it opened). The server stops for a few
// seconds: the suites run one at a time (RUN_SERIAL).

#include "lockservice.h"
#include "serverprocess.h"
#include "testbackend.h"

#include <QElapsedTimer>
#include <QtTest>

using namespace Qt::StringLiterals;
using namespace lockcore;
using testsupport::TestBackend;

class SilentServerTest : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase();
    void aStatementEndsAtItsDeadline();
    void aConnectEndsAtItsTimeout();

private:
    std::unique_ptr<Session> m_session;
    std::optional<LockService> m_locks;
    QString m_table;
};

void SilentServerTest::initTestCase()
{
    if (!TestBackend::instance().spec().isServer())
        QSKIP("SQLite has no server to fall silent");
    QString error;
    m_session = TestBackend::instance().open(&error);
    QVERIFY2(m_session, qPrintable(error));
    m_table = TestBackend::uniqueTable(u"silent"_s);
    auto locks = LockService::create(*m_session, m_table);
    LOCKSCOPE_VERIFY_OK(locks);
    m_locks.emplace(std::move(locks).value());
    const Status created = m_locks->createSchema();
    LOCKSCOPE_VERIFY_OK(created);
}

void SilentServerTest::cleanupTestCase()
{
    if (!m_locks)
        return;
    testsupport::execRaw(*m_session, u"DROP TABLE "_s + m_locks->tables().events);
    testsupport::execRaw(*m_session, u"DROP TABLE "_s + m_locks->tables().locks);
}

void SilentServerTest::aStatementEndsAtItsDeadline()
{
    SessionOptions options;
    options.callTimeoutMs = 1500;
    auto session = Session::open(TestBackend::instance().spec(), options);
    LOCKSCOPE_VERIFY_OK(session);
    auto locks = LockService::create(**session, m_table);
    LOCKSCOPE_VERIFY_OK(locks);
    QVERIFY(locks->acquire(u"before"_s, u"silent-test"_s, 30000)->acquired);

    const QList<pid_t> server = testsupport::serverProcesses(*m_session);
    QVERIFY2(!server.isEmpty(), "the server's processes were not found");
    testsupport::StoppedServer stopped(server, 20);
    QElapsedTimer waited;
    waited.start();
    const auto hung = locks->acquire(u"during"_s, u"silent-test"_s, 30000);
    qInfo("the acquire on the silent server ended after %lld ms (deadline 1500 ms)",
          waited.elapsed());
    stopped.resume();
    QVERIFY(!hung);
    QCOMPARE(hung.error().kind, Error::Kind::ConnectionLost);
    QVERIFY2(hung.error().message.contains(u"No answer"_s), qPrintable(hung.error().message));
    QVERIFY2(waited.elapsed() < 1500 + 1500, qPrintable(QString::number(waited.elapsed())));

    const auto after = locks->acquire(u"after"_s, u"silent-test"_s, 30000);
    LOCKSCOPE_VERIFY_OK(after);
    QVERIFY(after->acquired);
}

void SilentServerTest::aConnectEndsAtItsTimeout()
{
    const QList<pid_t> server = testsupport::serverProcesses(*m_session);
    QVERIFY2(!server.isEmpty(), "the server's processes were not found");
    testsupport::StoppedServer stopped(server, 20); // a connect gets into its backlog, hears nothing
    SessionOptions options;
    options.connectTimeoutS = 2;
    QElapsedTimer waited;
    waited.start();
    const auto session = Session::open(TestBackend::instance().spec(), options);
    qInfo("the connect to the silent server ended after %lld ms (timeout 2 s)", waited.elapsed());
    stopped.resume();
    QVERIFY(!session);
    QVERIFY2(waited.elapsed() < 2000 + 3000, qPrintable(QString::number(waited.elapsed())));
}

LOCKSCOPE_BACKEND_TEST_MAIN(SilentServerTest)
#include "tst_silentserver.moc"
