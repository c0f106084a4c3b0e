// SPDX-License-Identifier: Apache-2.0
// Choosing a database's native lock backend, and what every backend shares.

#include "nativebackend.h"

#include "connectionspec.h"
#include "nativesql.h"
#include "rows.h"
#include "tr.h"

#include <QRegularExpression>
#include <QSqlQuery>

using namespace Qt::StringLiterals;

namespace lockcore {

std::unique_ptr<const NativeLockBackend> NativeLockBackend::create(const Dialect &dialect)
{
    switch (dialect.kind()) {
    case Dialect::Kind::PostgreSQL: return nativebackends::postgres();
    case Dialect::Kind::MySQL: return nativebackends::mysql();
    case Dialect::Kind::Oracle: return nativebackends::oracle();
    case Dialect::Kind::SQLite: break;
    }
    return nullptr;
}

NativeLockIdentity NativeLockBackend::identityFrom(const QSqlQuery &row) const
{
    NativeLockIdentity id;
    id.serverVersion = row.value(0).toInt();
    id.ownPid = row.value(1).toLongLong();
    id.dbNow = timeFromMs(row.value(2));
    return id;
}

QString NativeLockBackend::keyOf(const QSqlQuery &row, const NativeLock &) const
{
    return row.value(nativecol::Name).toString();
}

bool NativeLockBackend::isSessionOf(const NativeLock &row, const HolderProcess &process) const
{
    return isSessionTagOf(row.application, process);
}

bool NativeLockBackend::isLockscopeSession(const NativeLock &session) const
{
    // sessionTag(): "<program, at most 20 characters> <pid>@<host>".
    static const QRegularExpression tag(u"^.{1,20} \\d+@\\S+$"_s);
    return tag.match(session.application).hasMatch();
}

QString NativeLockBackend::noSessionText(const HolderProcess &process) const
{
    return Tr::tr("No session of process %1 on %2 is connected to the database: it has ended "
                  "(lockctl acquire ends once it holds the lock, which stays held until its "
                  "lease ends), or it names its sessions itself (application_name).")
        .arg(process.pid)
        .arg(process.host);
}

QString NativeLockBackend::goneText(const NativeLock &expected) const
{
    return Tr::tr("%1 no longer exists.").arg(expected.sessionText());
}

NativeLockCapabilities nativeLockCapabilities(const Dialect &dialect)
{
    const auto backend = NativeLockBackend::create(dialect);
    return backend ? backend->capabilities() : NativeLockCapabilities{};
}

NativeLockCapabilities nativeLockCapabilities(const ConnectionSpec &spec)
{
    // ODBC's database is known only once connected (Session asks the driver).
    const auto dialect = Dialect::forDriver(spec.qtDriverName(), QString());
    return dialect ? nativeLockCapabilities(*dialect) : NativeLockCapabilities::assumed();
}

} // namespace lockcore
