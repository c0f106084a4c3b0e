// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QMap>
#include <QString>
#include <QStringList>

#include <optional>

namespace lockcore {

// The TLS a MySQL/MariaDB connection asks for: the URL's ssl-mode (also ssl_mode), with the
// names MySQL's own clients use, weakest first. A connection that does not get what it asks
// for is refused (checkMySqlTls(), lockcore/drivers/internal/mysqltlscheck.h).
enum class MySqlTlsMode {
    Disabled,      // plain text, even where the server offers TLS
    Preferred,     // TLS where the server offers it, else plain text (the default)
    Required,      // TLS, the server's certificate not verified
    VerifyCa,      // TLS, the certificate signed by the CA (ssl_ca, ssl_capath, else the system's)
    VerifyIdentity // verify-ca, and the certificate is for the host the URL names
};

// "disabled", "preferred", "required", "verify-ca", "verify-identity".
QString mysqlTlsModeName(MySqlTlsMode mode);
QStringList mysqlTlsModeNames();
// A mode's name in any case, with '_' for '-' ("VERIFY_CA"); nothing for another text.
std::optional<MySqlTlsMode> mysqlTlsModeFromName(const QString &name);

// The mode a MySQL ConnectionSpec's options (its QMYSQL keys: SSL_MODE, SSL_CA, ...) ask for:
// ssl-mode, raised to what the other TLS options imply (a CA or a certificate: verify-ca; a
// cipher: required); without any, preferred.
MySqlTlsMode mysqlTlsModeOf(const QMap<QString, QString> &options);
// The option keys that imply a mode (SSL_CA, SSL_CAPATH, SSL_CERT, SSL_KEY, SSL_CIPHER).
QStringList mysqlTlsOptionKeys();

} // namespace lockcore
