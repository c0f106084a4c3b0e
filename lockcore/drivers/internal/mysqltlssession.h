// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QString>

class QSqlDatabase;

namespace lockcore {

// The TLS of an open QMYSQL connection as this process negotiated it, read from the
// connection's own handle (MariaDB Connector/C) and TLS session (OpenSSL): never what the
// server says of it, which a man in the middle could say too.
struct MySqlTlsSession
{
    // False where this build or process cannot read it (whyNotReadable says why): a build
    // without Connector/C or OpenSSL, MySQL's libmysqlclient under the driver, a Connector/C
    // on another TLS library than the OpenSSL lockcore links.
    bool readable = false;
    QString whyNotReadable;
    bool serverOffersTls = false; // the server's greeting offered TLS
    bool encrypted = false;
    QString cipher;
    // Empty: the server's certificate chain verified against the CA certificates the
    // connection loaded (ssl_ca, ssl_capath, else the system's); else OpenSSL's reason.
    QString verifyError;
    // The certificate is for the host the URL names (its subjectAltName, else its common name;
    // an address against the certificate's IP addresses).
    bool hostMatches = false;
    QString certificateNames; // the names and addresses the certificate is for, for messages

    static MySqlTlsSession read(const QSqlDatabase &db, const QString &host);
};

} // namespace lockcore
