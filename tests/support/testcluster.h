// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "session.h"

#include <QString>
#include <QStringList>
#include <memory>

namespace testsupport {

// A replicated database the cluster suites run against, started by scripts/test on loopback
// (scripts/lib/galera.sh, scripts/lib/pgfailover.sh), and its faults through
// scripts/cluster-fault, which scripts/test names in $LOCKSCOPE_CLUSTER_FAULT.
//   "galera":     LOCKSCOPE_TEST_GALERA_URLS, one URL per node, separated by spaces;
//   "pgfailover": LOCKSCOPE_TEST_PGFAILOVER_URL, one URL that names every node.
class TestCluster
{
public:
    explicit TestCluster(const QString &kind);

    bool isConfigured() const { return !m_urls.isEmpty(); }
    bool isRequired() const; // LOCKSCOPE_TEST_REQUIRE lists it
    QString explanation() const;
    QString kind() const { return m_kind; }
    int nodes() const { return int(m_urls.size()); }
    QString url(int node) const { return m_urls.value(node); } // has the password: never print

    // A session on node `node` (0-based), or null with the reason in *error.
    std::unique_ptr<lockcore::Session> open(int node, QString *error = nullptr) const;

    // Runs scripts/cluster-fault ARGS (galera-kill 3, pgfailover-kill-primary, ...); its
    // standard output in *output. False, with what it printed, when it fails.
    static bool fault(const QStringList &args, QString *output = nullptr, int timeoutS = 180);

private:
    QString m_kind;
    QString m_variable;
    QStringList m_urls;
};

// main() of a cluster suite: exits 77 (ctest: skipped) when the cluster is not configured,
// fails when LOCKSCOPE_TEST_REQUIRE names it.
int runClusterSuite(const QString &kind, QObject *suite, int argc, char **argv);

#define LOCKSCOPE_CLUSTER_TEST_MAIN(kind, TestClass)                                               \
    int main(int argc, char **argv)                                                                \
    {                                                                                              \
        QCoreApplication app(argc, argv);                                                          \
        TestClass suite;                                                                           \
        return testsupport::runClusterSuite(QStringLiteral(kind), &suite, argc, argv);             \
    }

} // namespace testsupport
