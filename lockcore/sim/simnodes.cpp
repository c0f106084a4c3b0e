// SPDX-License-Identifier: Apache-2.0
#include "simnodes.h"

#include "session.h"
#include "simtables.h"
#include "simtr.h"

#include <QElapsedTimer>
#include <QSqlQuery>
#include <QThread>

using namespace Qt::StringLiterals;
using lockcore::Error;
using lockcore::Status; // (lupdate takes "lockcore::Status f()" for a member of lockcore)

namespace locksim {

namespace {

constexpr qint64 visibleWithinMs = 10000; // replication of a few rows takes milliseconds
constexpr int pollMs = 100;

// Whether `table` has the row of `name` (in `column`) on this node; false on any error.
bool hasRow(lockcore::Session &session, const QString &table, const QString &column,
            const QString &name)
{
    lockcore::Statement st;
    st << u"SELECT COUNT(*) FROM "_s << quotedTable(session, table) << u" WHERE "_s << column
       << " = " << lockcore::Param{name};
    auto query = session.run(st, SimTr::tr("looking for the simulator's rows"));
    if (!query || !(*query)->next())
        return false;
    const bool found = (*query)->value(0).toLongLong() == 1;
    (*query)->finish();
    return found;
}

bool seesPreparedRows(lockcore::Session &session, const SimSettings &settings)
{
    const QString last = settings.lockPrefix + QString::number(settings.locks - 1);
    if (!hasRow(session, resourceTable(settings.table), u"lock_name"_s, last))
        return false;
    return settings.protocol != Protocol::ForUpdate
           || hasRow(session, forUpdateTable(settings.table), u"name"_s, last);
}

// `why` prefixed with the node: "Node 2 (mysql://ops@db2/app): ...".
QString aboutNode(int number, const lockcore::ConnectionSpec &node, const QString &why)
{
    return SimTr::tr("Node %1 (%2): %3").arg(number).arg(node.redacted(), why);
}

Status checkNode(const lockcore::ConnectionSpec &first,
                 const lockcore::ConnectionSpec &node, int number, const SimSettings &settings)
{
    if (node.backend != first.backend)
        return Error::invalidInput(
            aboutNode(number, node,
                      SimTr::tr("it is %1, node 1 is %2: the nodes must be one cluster.")
                          .arg(node.backendName(), first.backendName())));
    auto session = lockcore::Session::open(node);
    if (!session) {
        Error error = session.error(); // its kind and native code, the node named
        error.message = aboutNode(number, node, error.message);
        return error;
    }
    if (Status writable = (*session)->checkWritable(
            SimTr::tr("running the contention simulator"));
        !writable)
        return writable;
    QElapsedTimer waited;
    waited.start();
    while (!seesPreparedRows(**session, settings)) {
        if (waited.elapsed() > visibleWithinMs)
            return Error::invalidInput(aboutNode(
                number, node,
                SimTr::tr("it does not see the tables %1* that node 1 prepared: the URLs must "
                          "be nodes of one cluster, with one database.")
                    .arg(settings.table)));
        QThread::msleep(pollMs);
    }
    return {};
}

} // namespace

QList<lockcore::ConnectionSpec> clusterNodes(const lockcore::ConnectionSpec &first,
                                             const QList<lockcore::ConnectionSpec> &others)
{
    QList<lockcore::ConnectionSpec> nodes{first};
    for (lockcore::ConnectionSpec node : others) {
        if (!node.passwordFromUrl)
            node.password = first.password;
        node.readOnly = node.readOnly || first.readOnly;
        nodes << node;
    }
    return nodes;
}

Status waitForNodes(const QList<lockcore::ConnectionSpec> &nodes, const SimSettings &settings)
{
    for (int i = 1; i < nodes.size(); ++i)
        if (Status s = checkNode(nodes.first(), nodes.at(i), i + 1, settings); !s)
            return s;
    return {};
}

} // namespace locksim
