// SPDX-License-Identifier: GPL-3.0-or-later
#include "testcluster.h"

#include "testbackend.h"

#include <QProcess>
#include <QTest>
#include <cstdio>

using namespace Qt::StringLiterals;
using namespace lockcore;

namespace testsupport {

TestCluster::TestCluster(const QString &kind) : m_kind(kind)
{
    m_variable = kind == u"galera" ? u"LOCKSCOPE_TEST_GALERA_URLS"_s
                                   : u"LOCKSCOPE_TEST_PGFAILOVER_URL"_s;
    m_urls = qEnvironmentVariable(m_variable.toLatin1().constData())
                 .split(u' ', Qt::SkipEmptyParts);
}

bool TestCluster::isRequired() const
{
    return testsupport::isRequired(m_kind);
}

QString TestCluster::explanation() const
{
    return u"the %1 cluster is not configured (%2 is not set); scripts/test starts it, "
           u"scripts/dev-servers cluster start for development"_s.arg(m_kind, m_variable);
}

std::unique_ptr<Session> TestCluster::open(int node, QString *error) const
{
    auto spec = ConnectionSpec::parse(url(node));
    if (!spec) {
        if (error)
            *error = spec.error().fullText();
        return nullptr;
    }
    auto session = Session::open(*spec);
    if (!session) {
        if (error)
            *error = session.error().fullText();
        return nullptr;
    }
    return std::move(session).value();
}

bool TestCluster::fault(const QStringList &args, QString *output, int timeoutS)
{
    const QString script = qEnvironmentVariable("LOCKSCOPE_CLUSTER_FAULT");
    if (script.isEmpty()) {
        if (output)
            *output = u"LOCKSCOPE_CLUSTER_FAULT is not set (scripts/test sets it)"_s;
        return false;
    }
    QProcess process;
    process.setProcessChannelMode(QProcess::MergedChannels);
    process.start(script, args);
    const bool finished = process.waitForFinished(timeoutS * 1000);
    if (!finished)
        process.kill();
    if (output)
        *output = QString::fromLocal8Bit(process.readAll()).trimmed();
    return finished && process.exitStatus() == QProcess::NormalExit && process.exitCode() == 0;
}

int runClusterSuite(const QString &kind, QObject *suite, int argc, char **argv)
{
    const TestCluster cluster(kind);
    if (cluster.isConfigured()) {
        std::printf("Cluster: %s, %d node URL(s)\n", qPrintable(kind), cluster.nodes());
        std::fflush(stdout);
        return QTest::qExec(suite, argc, argv);
    }
    if (!cluster.isRequired()) {
        std::printf("SKIPPED: %s\n", qPrintable(cluster.explanation()));
        return 77;
    }
    std::fprintf(stderr, "FAIL: %s, but LOCKSCOPE_TEST_REQUIRE lists it\n",
                 qPrintable(cluster.explanation()));
    return 1;
}

} // namespace testsupport
