// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "hostlist.h"
#include "result.h"

#include <QList>
#include <QMap>
#include <QString>

namespace lockcore {

// Where the lock table lives, parsed from a URL:
//   sqlite:PATH                          (the embedded default; the file is created if missing)
//   postgresql://user[:password]@host[:port]/database[?sslmode=require&...]  (also postgres://)
//   postgresql://user[:password]@host1[:port1],host2[:port2],.../database
//       [?target_session_attrs=read-write]  (a primary and its standbys: libpq connects to the
//       first host that answers and that target_session_attrs accepts, again at a reconnect)
//   mysql://user[:password]@host[:port]/database[?...]  (also mariadb://); its TLS in
//       ssl-mode (or ssl_mode) with ssl_ca, ssl_capath, ssl_cert, ssl_key, ssl_cipher (each
//       also with '-': ssl-ca) (mysqltlsmode.h: what it asks for, and that a connection
//       without it is refused)
// A TLS option given twice (in any spelling) is refused, and so is a CA (sslrootcert, ssl_ca,
// ssl_capath) beside a mode that does not verify the certificate; a CA alone asks for
// verify-ca on both (internal/urltlsoptions.h).
// Every server URL accepts "readonly=1" (or true/0/false): the Session refuses writes; and a
// PostgreSQL or MySQL URL connect_timeout (1 to 3600 s). A password with a raw '/', '?' or '#'
// is refused, saying it must be percent-encoded.
//   oracle://user[:password]@host[:port]/service
//   odbc://[user[:password]@]DSN
// The password may also come from LOCKSCOPE_PASSWORD or a prompt (see lockctl); it is never
// included in display strings or error messages.
struct ConnectionSpec
{
    enum class Backend { SQLite, PostgreSQL, MySQL, Oracle, ODBC };

    Backend backend = Backend::SQLite;
    QString path; // SQLite file
    QString host; // the first (or only) host
    int port = 0; // 0: the driver's default
    // PostgreSQL only: the hosts after the first one, in the URL's order (empty: one host).
    // The session hands libpq all of them (driverHostName(), connectOptions()).
    QList<HostPort> otherHosts;
    QString database;
    QString user;
    QString password;
    bool passwordFromUrl = false;
    QMap<QString, QString> options; // validated URL query options, see connectOptions()
    bool readOnly = false; // "readonly=1" in the URL, --read-only, or SessionOptions::readOnly

    static Result<ConnectionSpec> parse(const QString &url);

    QString qtDriverName() const;        // QSQLITE, QPSQL, QMYSQL, QOCI, QODBC
    QString backendName() const;        // sqlite, postgresql, mysql, oracle, odbc
    QString redacted() const; // the URL without the password (with "?readonly=1" if set)
    QString connectOptions(int connectTimeoutS) const; // QSqlDatabase::setConnectOptions()
    QList<HostPort> hosts() const; // {host, port} and then otherHosts
    // For QSqlDatabase::setHostName() and setPort(): with several hosts the names joined by
    // commas and no port (0), the ports being in connectOptions() as libpq wants them.
    QString driverHostName() const;
    // For QSqlDatabase::setDatabaseName(): the database; through ODBC the data source's name
    // and then, as QODBC passes it on in the connection string, MariaDB Connector/ODBC's
    // CONN_TIMEOUT, which bounds its handshake where the login timeout does not (other drivers
    // ignore a keyword they do not know).
    QString driverDatabaseName(int connectTimeoutS) const;
    int driverPort() const;
    bool isServer() const { return backend != Backend::SQLite; }
};

} // namespace lockcore
