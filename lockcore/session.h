#pragma once

#include "connectionspec.h"
#include "dialect.h"
#include "result.h"

#include <QHash>
#include <QSqlDatabase>
#include <memory>

class QSqlQuery;

namespace lockcore {

struct SessionOptions
{
    int connectTimeoutS = 5; // bounded connect to an unreachable or silent host
};

// One open connection, owned by the thread that opened it. Statements are prepared once and
// reused, so each later execution is one round trip. A connection lost mid-operation is reported
// as Error::Kind::ConnectionLost and reopened on the next call.
class Session
{
public:
    static Result<std::unique_ptr<Session>> open(const ConnectionSpec &spec,
                                                 const SessionOptions &options = {});
    ~Session();
    Session(const Session &) = delete;
    Session &operator=(const Session &) = delete;

    const Dialect &dialect() const { return *m_dialect; }
    const ConnectionSpec &spec() const { return m_spec; }
    QSqlDatabase database() const { return m_db; }

    // Executes a statement (prepared and cached per connection). On success the query is
    // positioned before its first row and stays valid until the same statement runs again.
    Result<QSqlQuery *> run(const Statement &statement, const QString &what);
    Status runDdl(const QString &sql);
    Status begin();
    Status commit();
    void rollback();

    // Statements sent to the server so far: the round trips an operation cost.
    quint64 roundTrips() const { return m_roundTrips; }

    Error errorFrom(const QSqlError &error, const QString &what) const;

private:
    Session(const ConnectionSpec &spec, const QString &connectionName);
    Status openConnection(const SessionOptions &options);
    Status reopenIfBroken();
    void clearCache();

    ConnectionSpec m_spec;
    SessionOptions m_options;
    QString m_connectionName;
    QSqlDatabase m_db;
    std::unique_ptr<Dialect> m_dialect;
    QHash<QString, QSqlQuery *> m_prepared;
    quint64 m_roundTrips = 0;
    bool m_broken = false;
};

} // namespace lockcore
