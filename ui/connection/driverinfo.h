// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "connectionspec.h"

#include <QCoreApplication>
#include <QList>
#include <QStringList>

namespace ui {

// A TLS option the connection dialog offers: a URL query key that lockcore's ConnectionSpec
// accepts, and the key it has in ConnectionSpec::options. One that is no file is the driver's
// TLS mode (DriverInfo::tlsModes()).
struct TlsOption
{
    QString urlKey;  // sslrootcert, ssl_ca, sslmode, ssl-mode
    QString specKey; // sslrootcert, SSL_CA, sslmode, SSL_MODE
    bool isFile = true;
};

// A database product the connection dialog offers and the Qt SQL driver lockcore opens it with.
struct DriverInfo
{
    using Backend = lockcore::ConnectionSpec::Backend;

    Backend backend = Backend::SQLite;
    QString qtDriver;    // the driver lockcore opens: QSQLITE, QPSQL, QMYSQL, QOCI, QODBC
    QString driverNames; // as shown: "QMYSQL/QMARIADB"
    int defaultPort = 0; // 0: the product has no port (SQLite) or none by default (ODBC)

    QString displayName() const; // translated: "PostgreSQL", "MySQL / MariaDB"
    QString installHint() const; // translated: what to install (or build) to get the driver
    bool usesFile() const { return backend == Backend::SQLite; }
    bool usesHost() const { return backend != Backend::SQLite && backend != Backend::ODBC; }
    QList<TlsOption> tlsOptions() const;
    // The values of the TLS mode option, weakest first (PostgreSQL: libpq's sslmode; MySQL:
    // ssl-mode); none: the driver has no mode.
    QStringList tlsModes() const;
    bool isAvailable(const QStringList &installedQtDrivers) const;

    static const QList<DriverInfo> &all();
    static const DriverInfo &of(Backend backend);
    // The URL query key of a spec key (MySQL: SSL_CA -> ssl_ca, SSL_MODE -> ssl-mode).
    static QString urlKeyOf(Backend backend, const QString &specKey);
    // The option's value as a URL writes it: a duration with its unit (connect_timeout=5s,
    // where the driver is given 5), else as the spec holds it.
    static QString urlValueOf(Backend backend, const QString &specKey, const QString &value);

    Q_DECLARE_TR_FUNCTIONS(DriverInfo)
};

} // namespace ui
