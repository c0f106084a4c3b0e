#include "simnodes.h"

#include "session.h"
#include "simtables.h"
#include "simtr.h"

#include <QElapsedTimer>
#include <QSqlQuery>
#include <QThread>

using namespace Qt::StringLiterals;
using lockcore::Error;

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

lockcore::Status checkNode(const lockcore::ConnectionSpec &first,
                           const lockcore::ConnectionSpec &node, int number,
                           const SimSettings &settings)
{
    const auto failed = [&](const QString &why) {
        return Error::invalidInput(
            SimTr::tr("Node %1 (%2): %3").arg(number).arg(node.redacted(), why));
    };
    if (node.backend != first.backend)
        return failed(SimTr::tr("it is %1, node 1 is %2: the nodes must be one cluster.")
                          .arg(node.backendName(), first.backendName()));
    auto session = lockcore::Session::open(node);
    if (!session) {
        Error error = session.error(); // its kind and native code, the node named
        error.message = SimTr::tr("Node %1 (%2): %3")
                            .arg(number)
                            .arg(node.redacted(), error.message);
        return error;
    }
    if (lockcore::Status writable = (*session)->checkWritable(
            SimTr::tr("running the contention simulator"));
        !writable)
        return writable;
    QElapsedTimer waited;
    waited.start();
    while (!seesPreparedRows(**session, settings)) {
        if (waited.elapsed() > visibleWithinMs)
            return failed(SimTr::tr("it does not see the tables %1* that node 1 prepared: the "
                                    "URLs must be nodes of one cluster, with one database.")
                              .arg(settings.table));
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

lockcore::Status waitForNodes(const QList<lockcore::ConnectionSpec> &nodes,
                              const SimSettings &settings)
{
    for (int i = 1; i < nodes.size(); ++i)
        if (lockcore::Status s = checkNode(nodes.first(), nodes.at(i), i + 1, settings); !s)
            return s;
    return {};
}

} // namespace locksim
