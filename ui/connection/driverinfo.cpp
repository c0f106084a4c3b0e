// SPDX-License-Identifier: GPL-3.0-or-later
#include "driverinfo.h"

#include "mysqltlsmode.h"

using namespace Qt::StringLiterals;

namespace ui {

QString DriverInfo::displayName() const
{
    switch (backend) {
    case Backend::SQLite: return tr("SQLite");
    case Backend::PostgreSQL: return tr("PostgreSQL");
    case Backend::MySQL: return tr("MySQL / MariaDB");
    case Backend::Oracle: return tr("Oracle");
    case Backend::ODBC: return tr("ODBC");
    }
    return {};
}

QString DriverInfo::installHint() const
{
    switch (backend) {
    case Backend::SQLite: return tr("Install the Debian package libqt6sql6-sqlite.");
    case Backend::PostgreSQL: return tr("Install the Debian package libqt6sql6-psql.");
    case Backend::MySQL: return tr("Install the Debian package libqt6sql6-mysql.");
    case Backend::Oracle:
        return tr("Debian has no package for it: build Qt's QOCI plugin against the Oracle "
                  "Instant Client.");
    case Backend::ODBC:
        return tr("Install the Debian package libqt6sql6-odbc and an ODBC driver for your "
                  "database.");
    }
    return {};
}

QList<TlsOption> DriverInfo::tlsOptions() const
{
    // Only options ConnectionSpec::parse() accepts (lockcore/drivers/connectionspec.cpp).
    switch (backend) {
    case Backend::PostgreSQL:
        return {{u"sslmode"_s, u"sslmode"_s, false},
                {u"sslrootcert"_s, u"sslrootcert"_s, true},
                {u"sslcert"_s, u"sslcert"_s, true},
                {u"sslkey"_s, u"sslkey"_s, true}};
    case Backend::MySQL:
        return {{u"ssl-mode"_s, u"SSL_MODE"_s, false},
                {u"ssl_ca"_s, u"SSL_CA"_s, true},
                {u"ssl_cert"_s, u"SSL_CERT"_s, true},
                {u"ssl_key"_s, u"SSL_KEY"_s, true}};
    default:
        return {};
    }
}

QStringList DriverInfo::tlsModes() const
{
    switch (backend) {
    case Backend::PostgreSQL:
        return {u"disable"_s, u"allow"_s,     u"prefer"_s,
                u"require"_s, u"verify-ca"_s, u"verify-full"_s};
    case Backend::MySQL: return lockcore::mysqlTlsModeNames();
    default: return {};
    }
}

bool DriverInfo::isAvailable(const QStringList &installedQtDrivers) const
{
    return installedQtDrivers.contains(qtDriver);
}

const QList<DriverInfo> &DriverInfo::all()
{
    static const QList<DriverInfo> drivers = {
        {Backend::SQLite, u"QSQLITE"_s, u"QSQLITE"_s, 0},
        {Backend::PostgreSQL, u"QPSQL"_s, u"QPSQL"_s, 5432},
        {Backend::MySQL, u"QMYSQL"_s, u"QMYSQL/QMARIADB"_s, 3306},
        {Backend::Oracle, u"QOCI"_s, u"QOCI"_s, 1521},
        {Backend::ODBC, u"QODBC"_s, u"QODBC"_s, 0},
    };
    return drivers;
}

const DriverInfo &DriverInfo::of(Backend backend)
{
    for (const DriverInfo &info : all()) {
        if (info.backend == backend)
            return info;
    }
    return all().constFirst();
}

QString DriverInfo::urlKeyOf(Backend backend, const QString &specKey)
{
    if (backend != Backend::MySQL)
        return specKey;
    if (specKey == u"MYSQL_OPT_CONNECT_TIMEOUT")
        return u"connect_timeout"_s;
    if (specKey == u"SSL_MODE")
        return u"ssl-mode"_s; // MySQL's own name (ssl_mode is read too)
    return specKey.toLower(); // SSL_CA -> ssl_ca, SSL_CIPHER -> ssl_cipher
}

QString DriverInfo::urlValueOf(Backend backend, const QString &specKey, const QString &value)
{
    const bool seconds = backend == Backend::MySQL
                             ? specKey == u"MYSQL_OPT_CONNECT_TIMEOUT"
                             : specKey == u"connect_timeout" || specKey == u"keepalives_idle";
    return seconds ? value + u's' : value;
}

} // namespace ui
