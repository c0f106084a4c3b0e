// SPDX-License-Identifier: Apache-2.0
// readClusterStatus: runs the dialect's cluster statements on the session and hands the
// answers to statusFromFacts. The server's own settings must be read; the replication views
// may be refused (privileges, an older server), which is noted and does not fail the status.

#include "clusterfacts.h"
#include "clusterstatus.h"
#include "session.h"
#include "tr.h"

#include <QSqlQuery>
#include <QSqlRecord>

using namespace Qt::StringLiterals;

namespace lockcore {

namespace {

// Every row of a statement, sent as text: MySQL cannot prepare SHOW, and these run seldom.
Result<QList<QVariantList>> rowsOf(Session &session, const Statement &statement,
                                   const QString &what)
{
    auto query = session.runBatch(statement, 1, what);
    if (!query)
        return query.error();
    QSqlQuery &answer = **query;
    QList<QVariantList> rows;
    while (answer.next()) {
        QVariantList row;
        for (int column = 0; column < answer.record().count(); ++column)
            row.append(answer.value(column));
        rows.append(row);
    }
    answer.finish();
    return rows;
}

Status readValues(Session &session, ClusterFacts &facts)
{
    const QString what = Tr::tr("reading the server's replication settings");
    if (!session.dialect().hasFeature(Feature::ClusterFacts))
        return {};
    for (const Statement &statement : session.dialect().clusterFacts()) {
        auto rows = rowsOf(session, statement, what);
        if (!rows)
            return rows.error();
        for (const QVariantList &row : *rows) {
            if (!row.value(1).isNull())
                facts.values.insert(row.value(0).toString().toLower(), row.value(1).toString());
        }
    }
    return {};
}

// A replication view: its rows, or none with the reason noted. Only a lost connection fails
// the status: the next statement would fail too.
Result<QList<QVariantList>> readView(Session &session, const Statement &statement,
                                     const QString &view, ClusterFacts &facts)
{
    auto rows = rowsOf(session, statement, Tr::tr("reading %1").arg(view));
    if (rows || rows.error().kind == Error::Kind::ConnectionLost)
        return rows;
    facts.unreadable << Tr::tr("%1 could not be read: %2").arg(view, rows.error().message);
    return QList<QVariantList>();
}

} // namespace

Result<ClusterStatus> readClusterStatus(Session &session)
{
    ClusterFacts facts;
    if (Status read = readValues(session, facts); !read)
        return read.error();
    const Dialect &dialect = session.dialect();
    if (dialect.hasFeature(Feature::ClusterStandbys)) {
        auto standbys =
            readView(session, dialect.clusterStandbys(), u"pg_stat_replication"_s, facts);
        if (!standbys)
            return standbys.error();
        facts.standbys = *standbys;
        auto upstream =
            readView(session, dialect.clusterUpstream(), u"pg_stat_wal_receiver"_s, facts);
        if (!upstream)
            return upstream.error();
        facts.upstream = *upstream;
    }
    ClusterStatus status = statusFromFacts(facts);
    if (status.node.isEmpty()) // a database that says nothing of itself: SQLite's file
        status.node = session.spec().path;
    return status;
}

} // namespace lockcore
