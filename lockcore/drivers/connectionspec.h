#pragma once

#include "result.h"

#include <QMap>
#include <QString>

namespace lockcore {

// Where the lock table lives, parsed from a URL:
//   sqlite:PATH                          (the embedded default; the file is created if missing)
//   postgresql://user[:password]@host[:port]/database[?sslmode=require&...]  (also postgres://)
//   mysql://user[:password]@host[:port]/database[?...]  (also mariadb://)
// Every server URL accepts "readonly=1" (or true/0/false): the Session refuses writes.
//   oracle://user[:password]@host[:port]/service
//   odbc://[user[:password]@]DSN
// The password may also come from LOCKSCOPE_PASSWORD or a prompt (see lockctl); it is never
// included in display strings or error messages.
struct ConnectionSpec
{
    enum class Backend { SQLite, PostgreSQL, MySQL, Oracle, ODBC };

    Backend backend = Backend::SQLite;
    QString path; // SQLite file
    QString host;
    int port = 0; // 0: the driver's default
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
    bool isServer() const { return backend != Backend::SQLite; }
};

} // namespace lockcore
