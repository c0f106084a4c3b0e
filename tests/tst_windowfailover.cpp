// SPDX-License-Identifier: GPL-3.0-or-later
// The window through a PostgreSQL failover (pg_auto_failover; scripts/lib/pgfailover.sh), on the
// offscreen platform: connected with the URL that names both nodes, it shows a held lock and,
// in its status bar, the primary it reads from. The primary is killed. Without anyone touching
// it, the window reconnects to the new primary, shows the same lock with the same fence (the
// acknowledged grant survived), and its status bar names the new primary.

#include "clusterstatusbutton.h"
#include "clusterview.h"
#include "lockservice.h"
#include "reachedserver.h"
#include "testbackend.h"
#include "testcluster.h"
#include "windowtesthelpers.h"

#include <QApplication>
#include <QElapsedTimer>

using namespace Qt::StringLiterals;
using namespace lockcore;
using testsupport::TestCluster;

class WindowFailoverTest : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase();
    void theWindowFollowsTheNewPrimary();

private:
    // Waits up to `ms` for the status bar's cluster item to contain `text`.
    bool waitForClusterItem(ui::MainWindow &window, const QString &text, int ms);

    TestCluster m_cluster{u"pgfailover"_s};
    std::unique_ptr<Session> m_session;
    QString m_table;
};

void WindowFailoverTest::initTestCase()
{
    QString error;
    m_session = m_cluster.open(0, &error);
    QVERIFY2(m_session, qPrintable(error));
    m_table = testsupport::TestBackend::uniqueTable(u"winfail"_s);
    auto locks = LockService::create(*m_session, m_table);
    LOCKSCOPE_VERIFY_OK(locks);
    LOCKSCOPE_VERIFY_OK(locks->createSchema());
}

void WindowFailoverTest::cleanupTestCase()
{
    if (!m_session || m_table.isEmpty())
        return;
    for (int attempt = 0; attempt < 2; ++attempt) // the first finds the old connection lost
        if (m_session->runDdl(u"DROP TABLE IF EXISTS "_s + m_table + u"_event"_s))
            break;
    m_session->runDdl(u"DROP TABLE IF EXISTS "_s + m_table);
}

bool WindowFailoverTest::waitForClusterItem(ui::MainWindow &window, const QString &text, int ms)
{
    QElapsedTimer timer;
    timer.start();
    while (timer.elapsed() < ms) {
        if (window.clusterView()->button()->text().contains(text))
            return true;
        QTest::qWait(200);
    }
    qWarning("the cluster item says \"%s\"",
             qPrintable(window.clusterView()->button()->text()));
    return false;
}

void WindowFailoverTest::theWindowFollowsTheNewPrimary()
{
    auto locks = std::move(LockService::create(*m_session, m_table)).value();
    auto held = locks.acquire(u"billing.nightly"_s, u"billing-job@app-02"_s, 600'000);
    LOCKSCOPE_VERIFY_OK(held);
    QVERIFY(held->acquired);
    auto before = reachedServer(*m_session);
    LOCKSCOPE_VERIFY_OK(before);

    ui::MainWindow window;
    ui::WindowConnection connection;
    connection.spec = ConnectionSpec::parse(m_cluster.url(0)).value();
    connection.table = m_table;
    connection.connectTimeoutS = 3;
    window.openConnection(connection);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    const auto heldAsGranted = [&](const LockInfo &info) {
        return info.holder == u"billing-job@app-02"_s && info.fence == held->fence;
    };
    QVERIFY(windowtest::waitForLock(&window, u"billing.nightly"_s, heldAsGranted));
    QVERIFY(waitForClusterItem(window, u"Primary "_s + *before, 20'000));

    QString output;
    QVERIFY2(TestCluster::fault({u"pgfailover-kill-primary"_s}, &output), qPrintable(output));
    const QString killed = output.section(u'\n', -1).trimmed();
    QVERIFY2(TestCluster::fault({u"pgfailover-wait-primary"_s, u"120"_s}, &output),
             qPrintable(output));
    const QString newPort = output.section(u'\n', -1).trimmed();

    // Nobody touches the window: it reconnects by itself (its retries back off up to some
    // seconds), names the new primary, and shows the grant acknowledged before the kill.
    QVERIFY(waitForClusterItem(window, u':' + newPort, 90'000));
    QVERIFY(!window.clusterView()->button()->text().contains(*before));
    QVERIFY(windowtest::waitForLock(&window, u"billing.nightly"_s, heldAsGranted));
    qInfo("after the failover the status bar says \"%s\"",
          qPrintable(window.clusterView()->button()->text()));
    QVERIFY2(TestCluster::fault({u"pgfailover-restart"_s, killed}, &output), qPrintable(output));
}

int main(int argc, char **argv)
{
    QApplication app(argc, argv);
    WindowFailoverTest suite;
    return testsupport::runClusterSuite(u"pgfailover"_s, &suite, argc, argv);
}

#include "tst_windowfailover.moc"
